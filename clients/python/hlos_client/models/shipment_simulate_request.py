from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.scenario_enum import ScenarioEnum

T = TypeVar("T", bound="ShipmentSimulateRequest")


@_attrs_define
class ShipmentSimulateRequest:
    """
    Attributes:
        company_code (str): The company the shipment belongs to.
        scenario (ScenarioEnum): * `DELIVERED` - Delivered
            * `ATTEMPT_FAIL_THEN_DELIVERED` - Attempt Fail Then Delivered
            * `EXCEPTION_CUSTOMS` - Exception Customs
            * `LOST` - Lost
            * `RETURN_TO_SENDER` - Return To Sender
    """

    company_code: str
    scenario: ScenarioEnum
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        company_code = self.company_code

        scenario = self.scenario.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "companyCode": company_code,
                "scenario": scenario,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        company_code = d.pop("companyCode")

        scenario = ScenarioEnum(d.pop("scenario"))

        shipment_simulate_request = cls(
            company_code=company_code,
            scenario=scenario,
        )

        shipment_simulate_request.additional_properties = d
        return shipment_simulate_request

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
