from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="BulkJobCounts")


@_attrs_define
class BulkJobCounts:
    """
    Attributes:
        total (int): Items in the job.
        succeeded (int):
        failed (int):
        pending (int): Items not run yet (once the job is CANCELLED: never run).
    """

    total: int
    succeeded: int
    failed: int
    pending: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        total = self.total

        succeeded = self.succeeded

        failed = self.failed

        pending = self.pending

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "total": total,
                "succeeded": succeeded,
                "failed": failed,
                "pending": pending,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        total = d.pop("total")

        succeeded = d.pop("succeeded")

        failed = d.pop("failed")

        pending = d.pop("pending")

        bulk_job_counts = cls(
            total=total,
            succeeded=succeeded,
            failed=failed,
            pending=pending,
        )

        bulk_job_counts.additional_properties = d
        return bulk_job_counts

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
