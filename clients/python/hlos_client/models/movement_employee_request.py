from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="MovementEmployeeRequest")


@_attrs_define
class MovementEmployeeRequest:
    """The interface's Employee input of movements: governmentDNI required, and no
    externalReferenceId, so an employee object is matched by its e-mail (rule 2: an existing
    e-mail updates that employee, never conflicts).

        Attributes:
            first_name (str):
            last_name (str):
            email (str):
            government_dni (str):
            address (str):
            city (str): Geocoding input only.
            post_code (str):
            country_code (str):
            phone (None | str | Unset):
            cpf (None | str | Unset):
            address_extra_info (None | str | Unset):
    """

    first_name: str
    last_name: str
    email: str
    government_dni: str
    address: str
    city: str
    post_code: str
    country_code: str
    phone: None | str | Unset = UNSET
    cpf: None | str | Unset = UNSET
    address_extra_info: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        first_name = self.first_name

        last_name = self.last_name

        email = self.email

        government_dni = self.government_dni

        address = self.address

        city = self.city

        post_code = self.post_code

        country_code = self.country_code

        phone: None | str | Unset
        if isinstance(self.phone, Unset):
            phone = UNSET
        else:
            phone = self.phone

        cpf: None | str | Unset
        if isinstance(self.cpf, Unset):
            cpf = UNSET
        else:
            cpf = self.cpf

        address_extra_info: None | str | Unset
        if isinstance(self.address_extra_info, Unset):
            address_extra_info = UNSET
        else:
            address_extra_info = self.address_extra_info

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "firstName": first_name,
                "lastName": last_name,
                "email": email,
                "governmentDNI": government_dni,
                "address": address,
                "city": city,
                "postCode": post_code,
                "countryCode": country_code,
            }
        )
        if phone is not UNSET:
            field_dict["phone"] = phone
        if cpf is not UNSET:
            field_dict["cpf"] = cpf
        if address_extra_info is not UNSET:
            field_dict["addressExtraInfo"] = address_extra_info

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        first_name = d.pop("firstName")

        last_name = d.pop("lastName")

        email = d.pop("email")

        government_dni = d.pop("governmentDNI")

        address = d.pop("address")

        city = d.pop("city")

        post_code = d.pop("postCode")

        country_code = d.pop("countryCode")

        def _parse_phone(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        phone = _parse_phone(d.pop("phone", UNSET))

        def _parse_cpf(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cpf = _parse_cpf(d.pop("cpf", UNSET))

        def _parse_address_extra_info(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        address_extra_info = _parse_address_extra_info(d.pop("addressExtraInfo", UNSET))

        movement_employee_request = cls(
            first_name=first_name,
            last_name=last_name,
            email=email,
            government_dni=government_dni,
            address=address,
            city=city,
            post_code=post_code,
            country_code=country_code,
            phone=phone,
            cpf=cpf,
            address_extra_info=address_extra_info,
        )

        movement_employee_request.additional_properties = d
        return movement_employee_request

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
