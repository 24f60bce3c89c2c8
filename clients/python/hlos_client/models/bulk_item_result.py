from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.bulk_item_result_status_enum import BulkItemResultStatusEnum

if TYPE_CHECKING:
    from ..models.bulk_job_error import BulkJobError


T = TypeVar("T", bound="BulkItemResult")


@_attrs_define
class BulkItemResult:
    """What an item's single call would have answered.

    Attributes:
        index (int): The item's position in `items`, from 0.
        client_reference (None | str):
        status (BulkItemResultStatusEnum): * `SUCCEEDED` - Succeeded
            * `FAILED` - Failed
        status_code (int): The single call's HTTP status.
        resource_id (None | UUID): The record it made or changed (null when it failed).
        error (BulkJobError | None):
    """

    index: int
    client_reference: None | str
    status: BulkItemResultStatusEnum
    status_code: int
    resource_id: None | UUID
    error: BulkJobError | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.bulk_job_error import BulkJobError  # noqa: PLC0415

        index = self.index

        client_reference: None | str
        client_reference = self.client_reference

        status = self.status.value

        status_code = self.status_code

        resource_id: None | str
        if isinstance(self.resource_id, UUID):
            resource_id = str(self.resource_id)
        else:
            resource_id = self.resource_id

        error: dict[str, Any] | None
        if isinstance(self.error, BulkJobError):
            error = self.error.to_dict()
        else:
            error = self.error

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "index": index,
                "clientReference": client_reference,
                "status": status,
                "statusCode": status_code,
                "resourceId": resource_id,
                "error": error,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bulk_job_error import BulkJobError  # noqa: PLC0415

        d = dict(src_dict)
        index = d.pop("index")

        def _parse_client_reference(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        client_reference = _parse_client_reference(d.pop("clientReference"))

        status = BulkItemResultStatusEnum(d.pop("status"))

        status_code = d.pop("statusCode")

        def _parse_resource_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                resource_id_type_0 = UUID(data)

                return resource_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        resource_id = _parse_resource_id(d.pop("resourceId"))

        def _parse_error(data: object) -> BulkJobError | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                error_type_0 = BulkJobError.from_dict(data)

                return error_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BulkJobError | None, data)

        error = _parse_error(d.pop("error"))

        bulk_item_result = cls(
            index=index,
            client_reference=client_reference,
            status=status,
            status_code=status_code,
            resource_id=resource_id,
            error=error,
        )

        bulk_item_result.additional_properties = d
        return bulk_item_result

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
