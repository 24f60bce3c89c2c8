from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="AlternativeSelectRequest")


@_attrs_define
class AlternativeSelectRequest:
    """
    Attributes:
        company_code (str): The company the order belongs to.
        hardware_request_id (UUID): A candidate id: hardwares[].alternativeGroup.candidates[].id.
    """

    company_code: str
    hardware_request_id: UUID
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        company_code = self.company_code

        hardware_request_id = str(self.hardware_request_id)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "companyCode": company_code,
                "hardwareRequestId": hardware_request_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        company_code = d.pop("companyCode")

        hardware_request_id = UUID(d.pop("hardwareRequestId"))

        alternative_select_request = cls(
            company_code=company_code,
            hardware_request_id=hardware_request_id,
        )

        alternative_select_request.additional_properties = d
        return alternative_select_request

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
