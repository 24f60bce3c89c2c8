from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.line_removal_request import LineRemovalRequest


T = TypeVar("T", bound="LinesRemoveRequest")


@_attrs_define
class LinesRemoveRequest:
    """
    Attributes:
        company_code (str): The company the order belongs to.
        hardware_requests (list[LineRemovalRequest] | None):
    """

    company_code: str
    hardware_requests: list[LineRemovalRequest] | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        company_code = self.company_code

        hardware_requests: list[dict[str, Any]] | None
        if isinstance(self.hardware_requests, list):
            hardware_requests = []
            for hardware_requests_type_0_item_data in self.hardware_requests:
                hardware_requests_type_0_item = hardware_requests_type_0_item_data.to_dict()
                hardware_requests.append(hardware_requests_type_0_item)

        else:
            hardware_requests = self.hardware_requests

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "companyCode": company_code,
                "hardwareRequests": hardware_requests,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.line_removal_request import LineRemovalRequest  # noqa: PLC0415

        d = dict(src_dict)
        company_code = d.pop("companyCode")

        def _parse_hardware_requests(data: object) -> list[LineRemovalRequest] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                hardware_requests_type_0 = []
                _hardware_requests_type_0 = data
                for hardware_requests_type_0_item_data in _hardware_requests_type_0:
                    hardware_requests_type_0_item = LineRemovalRequest.from_dict(hardware_requests_type_0_item_data)

                    hardware_requests_type_0.append(hardware_requests_type_0_item)

                return hardware_requests_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[LineRemovalRequest] | None, data)

        hardware_requests = _parse_hardware_requests(d.pop("hardwareRequests"))

        lines_remove_request = cls(
            company_code=company_code,
            hardware_requests=hardware_requests,
        )

        lines_remove_request.additional_properties = d
        return lines_remove_request

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
