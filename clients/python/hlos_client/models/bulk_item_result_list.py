from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.bulk_item_result import BulkItemResult


T = TypeVar("T", bound="BulkItemResultList")


@_attrs_define
class BulkItemResultList:
    """
    Attributes:
        status_code (int): The HTTP status, repeated.
        message (str):  Example: Request successful.
        envelop (list[BulkItemResult]):
    """

    status_code: int
    message: str
    envelop: list[BulkItemResult]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        status_code = self.status_code

        message = self.message

        envelop = []
        for envelop_item_data in self.envelop:
            envelop_item = envelop_item_data.to_dict()
            envelop.append(envelop_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "statusCode": status_code,
                "message": message,
                "envelop": envelop,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bulk_item_result import BulkItemResult  # noqa: PLC0415

        d = dict(src_dict)
        status_code = d.pop("statusCode")

        message = d.pop("message")

        envelop = []
        _envelop = d.pop("envelop")
        for envelop_item_data in _envelop:
            envelop_item = BulkItemResult.from_dict(envelop_item_data)

            envelop.append(envelop_item)

        bulk_item_result_list = cls(
            status_code=status_code,
            message=message,
            envelop=envelop,
        )

        bulk_item_result_list.additional_properties = d
        return bulk_item_result_list

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
