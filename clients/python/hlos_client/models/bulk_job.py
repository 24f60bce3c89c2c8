from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.bulk_job_status_enum import BulkJobStatusEnum
from ..models.operation_enum import OperationEnum

if TYPE_CHECKING:
    from ..models.bulk_job_counts import BulkJobCounts


T = TypeVar("T", bound="BulkJob")


@_attrs_define
class BulkJob:
    """A bulk job: its operation, where it is, and how many of its items ran and how.

    Attributes:
        id (UUID):
        operation (OperationEnum): * `EMPLOYEES_UPSERT` - Employees upsert (POST /employees)
            * `HARDWARES_CREATE` - Hardware create (POST /hardwares)
            * `MOVEMENT_REQUESTS_ONBOARDING` - Onboardings (POST /movement_requests/onboarding)
            * `MOVEMENT_REQUESTS_OFFBOARDING` - Offboardings (POST /movement_requests/offboarding)
        status (BulkJobStatusEnum): * `QUEUED` - Queued
            * `RUNNING` - Running
            * `SUCCEEDED` - Succeeded
            * `PARTIALLY_FAILED` - Partially Failed
            * `FAILED` - Failed
            * `CANCELLED` - Cancelled
        counts (BulkJobCounts):
        created_at (datetime.datetime):
        started_at (datetime.datetime | None):
        finished_at (datetime.datetime | None):
        results_url (str): `GET` it for the items' results (absolute when the service knows its URL).
    """

    id: UUID
    operation: OperationEnum
    status: BulkJobStatusEnum
    counts: BulkJobCounts
    created_at: datetime.datetime
    started_at: datetime.datetime | None
    finished_at: datetime.datetime | None
    results_url: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        operation = self.operation.value

        status = self.status.value

        counts = self.counts.to_dict()

        created_at = self.created_at.isoformat()

        started_at: None | str
        if isinstance(self.started_at, datetime.datetime):
            started_at = self.started_at.isoformat()
        else:
            started_at = self.started_at

        finished_at: None | str
        if isinstance(self.finished_at, datetime.datetime):
            finished_at = self.finished_at.isoformat()
        else:
            finished_at = self.finished_at

        results_url = self.results_url

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "operation": operation,
                "status": status,
                "counts": counts,
                "createdAt": created_at,
                "startedAt": started_at,
                "finishedAt": finished_at,
                "resultsUrl": results_url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bulk_job_counts import BulkJobCounts  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        operation = OperationEnum(d.pop("operation"))

        status = BulkJobStatusEnum(d.pop("status"))

        counts = BulkJobCounts.from_dict(d.pop("counts"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        def _parse_started_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                started_at_type_0 = datetime.datetime.fromisoformat(data)

                return started_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        started_at = _parse_started_at(d.pop("startedAt"))

        def _parse_finished_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                finished_at_type_0 = datetime.datetime.fromisoformat(data)

                return finished_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        finished_at = _parse_finished_at(d.pop("finishedAt"))

        results_url = d.pop("resultsUrl")

        bulk_job = cls(
            id=id,
            operation=operation,
            status=status,
            counts=counts,
            created_at=created_at,
            started_at=started_at,
            finished_at=finished_at,
            results_url=results_url,
        )

        bulk_job.additional_properties = d
        return bulk_job

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
