from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="MovementPerson")


@_attrs_define
class MovementPerson:
    """
    Attributes:
        id (UUID):
        first_name (str):
        last_name (str):
        country_code (str):
        email (str):
        address (str):
        address_extra_info (None | str):
        post_code (str):
    """

    id: UUID
    first_name: str
    last_name: str
    country_code: str
    email: str
    address: str
    address_extra_info: None | str
    post_code: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        first_name = self.first_name

        last_name = self.last_name

        country_code = self.country_code

        email = self.email

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
                "countryCode": country_code,
                "email": email,
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

        country_code = d.pop("countryCode")

        email = d.pop("email")

        address = d.pop("address")

        def _parse_address_extra_info(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        address_extra_info = _parse_address_extra_info(d.pop("addressExtraInfo"))

        post_code = d.pop("postCode")

        movement_person = cls(
            id=id,
            first_name=first_name,
            last_name=last_name,
            country_code=country_code,
            email=email,
            address=address,
            address_extra_info=address_extra_info,
            post_code=post_code,
        )

        movement_person.additional_properties = d
        return movement_person

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
