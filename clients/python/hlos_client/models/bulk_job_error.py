from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.bulk_job_error_details_type_0_item import BulkJobErrorDetailsType0Item


T = TypeVar("T", bound="BulkJobError")


@_attrs_define
class BulkJobError:
    """
    Attributes:
        message (Any): The error envelope's `message` the single call would have answered.
        details (list[BulkJobErrorDetailsType0Item] | None): Its `details`, if any.
    """

    message: Any
    details: list[BulkJobErrorDetailsType0Item] | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        message = self.message

        details: list[dict[str, Any]] | None
        if isinstance(self.details, list):
            details = []
            for details_type_0_item_data in self.details:
                details_type_0_item = details_type_0_item_data.to_dict()
                details.append(details_type_0_item)

        else:
            details = self.details

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "message": message,
                "details": details,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bulk_job_error_details_type_0_item import BulkJobErrorDetailsType0Item  # noqa: PLC0415

        d = dict(src_dict)
        message = d.pop("message")

        def _parse_details(data: object) -> list[BulkJobErrorDetailsType0Item] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                details_type_0 = []
                _details_type_0 = data
                for details_type_0_item_data in _details_type_0:
                    details_type_0_item = BulkJobErrorDetailsType0Item.from_dict(details_type_0_item_data)

                    details_type_0.append(details_type_0_item)

                return details_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[BulkJobErrorDetailsType0Item] | None, data)

        details = _parse_details(d.pop("details"))

        bulk_job_error = cls(
            message=message,
            details=details,
        )

        bulk_job_error.additional_properties = d
        return bulk_job_error

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
