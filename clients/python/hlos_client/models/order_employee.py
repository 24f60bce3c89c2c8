from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="OrderEmployee")


@_attrs_define
class OrderEmployee:
    """
    Attributes:
        id (UUID):
        first_name (str):
        last_name (str):
        email (str):
        phone (None | str):
        government_dni (None | str):
        city (None | str):
        country_code (str):
        address (str):
        address_extra_info (None | str):
        post_code (str):
    """

    id: UUID
    first_name: str
    last_name: str
    email: str
    phone: None | str
    government_dni: None | str
    city: None | str
    country_code: str
    address: str
    address_extra_info: None | str
    post_code: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        first_name = self.first_name

        last_name = self.last_name

        email = self.email

        phone: None | str
        phone = self.phone

        government_dni: None | str
        government_dni = self.government_dni

        city: None | str
        city = self.city

        country_code = self.country_code

        address = self.address

        address_extra_info: None | str
        address_extra_info = self.address_extra_info

        post_code = self.post_code

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "firstName": first_name,
                "lastName": last_name,
                "email": email,
                "phone": phone,
                "governmentDNI": government_dni,
                "city": city,
                "countryCode": country_code,
                "address": address,
                "addressExtraInfo": address_extra_info,
                "postCode": post_code,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        first_name = d.pop("firstName")

        last_name = d.pop("lastName")

        email = d.pop("email")

        def _parse_phone(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        phone = _parse_phone(d.pop("phone"))

        def _parse_government_dni(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        government_dni = _parse_government_dni(d.pop("governmentDNI"))

        def _parse_city(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        city = _parse_city(d.pop("city"))

        country_code = d.pop("countryCode")

        address = d.pop("address")

        def _parse_address_extra_info(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        address_extra_info = _parse_address_extra_info(d.pop("addressExtraInfo"))

        post_code = d.pop("postCode")

        order_employee = cls(
            id=id,
            first_name=first_name,
            last_name=last_name,
            email=email,
            phone=phone,
            government_dni=government_dni,
            city=city,
            country_code=country_code,
            address=address,
            address_extra_info=address_extra_info,
            post_code=post_code,
        )

        order_employee.additional_properties = d
        return order_employee

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
