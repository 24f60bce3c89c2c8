from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.retired_reason_enum import RetiredReasonEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="HardwareRetireRequest")


@_attrs_define
class HardwareRetireRequest:
    """
    Attributes:
        company_code (str): The company the item belongs to.
        reason (RetiredReasonEnum): * `LOST` - Lost
            * `STOLEN` - Stolen
            * `DISPOSED` - Disposed
            * `RECYCLED` - Recycled
            * `SOLD` - Sold
            * `DONATED` - Donated
        note (str | Unset): Why, in a few words: kept on the item's lifecycle history.
    """

    company_code: str
    reason: RetiredReasonEnum
    note: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        company_code = self.company_code

        reason = self.reason.value

        note = self.note

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "companyCode": company_code,
                "reason": reason,
            }
        )
        if note is not UNSET:
            field_dict["note"] = note

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        company_code = d.pop("companyCode")

        reason = RetiredReasonEnum(d.pop("reason"))

        note = d.pop("note", UNSET)

        hardware_retire_request = cls(
            company_code=company_code,
            reason=reason,
            note=note,
        )

        hardware_retire_request.additional_properties = d
        return hardware_retire_request

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
