from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.operation_enum import OperationEnum

if TYPE_CHECKING:
    from ..models.bulk_job_create_request_items_item import BulkJobCreateRequestItemsItem


T = TypeVar("T", bound="BulkJobCreateRequest")


@_attrs_define
class BulkJobCreateRequest:
    """
    Attributes:
        company_code (str): A company this API client manages: every item's.
        operation (OperationEnum): * `EMPLOYEES_UPSERT` - Employees upsert (POST /employees)
            * `HARDWARES_CREATE` - Hardware create (POST /hardwares)
            * `MOVEMENT_REQUESTS_ONBOARDING` - Onboardings (POST /movement_requests/onboarding)
            * `MOVEMENT_REQUESTS_OFFBOARDING` - Offboardings (POST /movement_requests/offboarding)
        items (list[BulkJobCreateRequestItemsItem]):
    """

    company_code: str
    operation: OperationEnum
    items: list[BulkJobCreateRequestItemsItem]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        company_code = self.company_code

        operation = self.operation.value

        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "companyCode": company_code,
                "operation": operation,
                "items": items,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bulk_job_create_request_items_item import BulkJobCreateRequestItemsItem  # noqa: PLC0415

        d = dict(src_dict)
        company_code = d.pop("companyCode")

        operation = OperationEnum(d.pop("operation"))

        items = []
        _items = d.pop("items")
        for items_item_data in _items:
            items_item = BulkJobCreateRequestItemsItem.from_dict(items_item_data)

            items.append(items_item)

        bulk_job_create_request = cls(
            company_code=company_code,
            operation=operation,
            items=items,
        )

        bulk_job_create_request.additional_properties = d
        return bulk_job_create_request

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
