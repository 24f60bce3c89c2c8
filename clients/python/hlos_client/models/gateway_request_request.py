from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.gateway_request_request_filters import GatewayRequestRequestFilters


T = TypeVar("T", bound="GatewayRequestRequest")


@_attrs_define
class GatewayRequestRequest:
    """
    Attributes:
        verb (str): HTTP method of the operation, e.g. GET or POST.
        request (str): The operation's path without the leading slash, identifiers filled in.
        vendor (str): The service's vendor constant (SERVICE_VENDOR), in any case.
        filters (GatewayRequestRequestFilters | Unset): Read criteria, sent as the query string.
        data (Any | Unset): The write payload, sent as the body.
    """

    verb: str
    request: str
    vendor: str
    filters: GatewayRequestRequestFilters | Unset = UNSET
    data: Any | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        verb = self.verb

        request = self.request

        vendor = self.vendor

        filters: dict[str, Any] | Unset = UNSET
        if not isinstance(self.filters, Unset):
            filters = self.filters.to_dict()

        data = self.data

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "verb": verb,
                "request": request,
                "vendor": vendor,
            }
        )
        if filters is not UNSET:
            field_dict["filters"] = filters
        if data is not UNSET:
            field_dict["data"] = data

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.gateway_request_request_filters import GatewayRequestRequestFilters  # noqa: PLC0415

        d = dict(src_dict)
        verb = d.pop("verb")

        request = d.pop("request")

        vendor = d.pop("vendor")

        _filters = d.pop("filters", UNSET)
        filters: GatewayRequestRequestFilters | Unset
        if isinstance(_filters, Unset):
            filters = UNSET
        else:
            filters = GatewayRequestRequestFilters.from_dict(_filters)

        data = d.pop("data", UNSET)

        gateway_request_request = cls(
            verb=verb,
            request=request,
            vendor=vendor,
            filters=filters,
            data=data,
        )

        gateway_request_request.additional_properties = d
        return gateway_request_request

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
