from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="BulkJobCreateRequestItemsItem")


@_attrs_define
class BulkJobCreateRequestItemsItem:
    """The body of the operation's single call (`POST /employees`, `POST /hardwares`, `POST /movement_requests/onboarding`
    or `/offboarding`), without `companyCode`: the job's is every item's. Judged when it runs, exactly as that call
    would judge it.

        Attributes:
            client_reference (None | str | Unset): Yours, to match the item's result with it: echoed there.
    """

    client_reference: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        client_reference: None | str | Unset
        if isinstance(self.client_reference, Unset):
            client_reference = UNSET
        else:
            client_reference = self.client_reference

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if client_reference is not UNSET:
            field_dict["clientReference"] = client_reference

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_client_reference(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        client_reference = _parse_client_reference(d.pop("clientReference", UNSET))

        bulk_job_create_request_items_item = cls(
            client_reference=client_reference,
        )

        bulk_job_create_request_items_item.additional_properties = d
        return bulk_job_create_request_items_item

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
