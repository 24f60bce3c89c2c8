from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="HardwareUpdateRequest")


@_attrs_define
class HardwareUpdateRequest:
    """
    Attributes:
        company_code (str): The company the item belongs to.
        serial_number (str | Unset): Unique within the company; empty clears it.
        description (None | str | Unset):
        external_reference (None | str | Unset):
        damaged (bool | Unset):
        factory_reset (bool | Unset):
        new_hardware (bool | Unset):
        cost (None | str | Unset):
        cost_currency (str | Unset):
        date_bought (datetime.datetime | None | Unset):
    """

    company_code: str
    serial_number: str | Unset = UNSET
    description: None | str | Unset = UNSET
    external_reference: None | str | Unset = UNSET
    damaged: bool | Unset = UNSET
    factory_reset: bool | Unset = UNSET
    new_hardware: bool | Unset = UNSET
    cost: None | str | Unset = UNSET
    cost_currency: str | Unset = UNSET
    date_bought: datetime.datetime | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        company_code = self.company_code

        serial_number = self.serial_number

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        external_reference: None | str | Unset
        if isinstance(self.external_reference, Unset):
            external_reference = UNSET
        else:
            external_reference = self.external_reference

        damaged = self.damaged

        factory_reset = self.factory_reset

        new_hardware = self.new_hardware

        cost: None | str | Unset
        if isinstance(self.cost, Unset):
            cost = UNSET
        else:
            cost = self.cost

        cost_currency = self.cost_currency

        date_bought: None | str | Unset
        if isinstance(self.date_bought, Unset):
            date_bought = UNSET
        elif isinstance(self.date_bought, datetime.datetime):
            date_bought = self.date_bought.isoformat()
        else:
            date_bought = self.date_bought

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "companyCode": company_code,
            }
        )
        if serial_number is not UNSET:
            field_dict["serialNumber"] = serial_number
        if description is not UNSET:
            field_dict["description"] = description
        if external_reference is not UNSET:
            field_dict["externalReference"] = external_reference
        if damaged is not UNSET:
            field_dict["damaged"] = damaged
        if factory_reset is not UNSET:
            field_dict["factoryReset"] = factory_reset
        if new_hardware is not UNSET:
            field_dict["newHardware"] = new_hardware
        if cost is not UNSET:
            field_dict["cost"] = cost
        if cost_currency is not UNSET:
            field_dict["costCurrency"] = cost_currency
        if date_bought is not UNSET:
            field_dict["dateBought"] = date_bought

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        company_code = d.pop("companyCode")

        serial_number = d.pop("serialNumber", UNSET)

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        def _parse_external_reference(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        external_reference = _parse_external_reference(d.pop("externalReference", UNSET))

        damaged = d.pop("damaged", UNSET)

        factory_reset = d.pop("factoryReset", UNSET)

        new_hardware = d.pop("newHardware", UNSET)

        def _parse_cost(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cost = _parse_cost(d.pop("cost", UNSET))

        cost_currency = d.pop("costCurrency", UNSET)

        def _parse_date_bought(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                date_bought_type_0 = datetime.datetime.fromisoformat(data)

                return date_bought_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        date_bought = _parse_date_bought(d.pop("dateBought", UNSET))

        hardware_update_request = cls(
            company_code=company_code,
            serial_number=serial_number,
            description=description,
            external_reference=external_reference,
            damaged=damaged,
            factory_reset=factory_reset,
            new_hardware=new_hardware,
            cost=cost,
            cost_currency=cost_currency,
            date_bought=date_bought,
        )

        hardware_update_request.additional_properties = d
        return hardware_update_request

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
