from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.bulk_job import BulkJob


T = TypeVar("T", bound="BulkJobResult")


@_attrs_define
class BulkJobResult:
    """
    Attributes:
        status_code (int): The HTTP status, repeated.
        message (str):  Example: Request successful.
        envelop (BulkJob): A bulk job: its operation, where it is, and how many of its items ran and how.
    """

    status_code: int
    message: str
    envelop: BulkJob
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        status_code = self.status_code

        message = self.message

        envelop = self.envelop.to_dict()

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
        from ..models.bulk_job import BulkJob  # noqa: PLC0415

        d = dict(src_dict)
        status_code = d.pop("statusCode")

        message = d.pop("message")

        envelop = BulkJob.from_dict(d.pop("envelop"))

        bulk_job_result = cls(
            status_code=status_code,
            message=message,
            envelop=envelop,
        )

        bulk_job_result.additional_properties = d
        return bulk_job_result

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
