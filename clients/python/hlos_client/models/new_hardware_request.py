from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.hardware_type import HardwareType
from ..types import UNSET, Unset

T = TypeVar("T", bound="NewHardwareRequest")


@_attrs_define
class NewHardwareRequest:
    """Send exactly one of `hardwareType` and `commonModelId`.

    Attributes:
        serial_number (str):
        date_bought (datetime.datetime):
        description (None | str | Unset):
        hardware_type (HardwareType | None | Unset):
        common_model_id (None | Unset | UUID): A catalog item id, instead of hardwareType. Send exactly one of
            `hardwareType` and `commonModelId`.
        new_hardware (bool | Unset): Absent: true, applied by the service.
        external_reference (None | str | Unset):
    """

    serial_number: str
    date_bought: datetime.datetime
    description: None | str | Unset = UNSET
    hardware_type: HardwareType | None | Unset = UNSET
    common_model_id: None | Unset | UUID = UNSET
    new_hardware: bool | Unset = UNSET
    external_reference: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        serial_number = self.serial_number

        date_bought = self.date_bought.isoformat()

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        hardware_type: None | str | Unset
        if isinstance(self.hardware_type, Unset):
            hardware_type = UNSET
        elif isinstance(self.hardware_type, HardwareType):
            hardware_type = self.hardware_type.value
        else:
            hardware_type = self.hardware_type

        common_model_id: None | str | Unset
        if isinstance(self.common_model_id, Unset):
            common_model_id = UNSET
        elif isinstance(self.common_model_id, UUID):
            common_model_id = str(self.common_model_id)
        else:
            common_model_id = self.common_model_id

        new_hardware = self.new_hardware

        external_reference: None | str | Unset
        if isinstance(self.external_reference, Unset):
            external_reference = UNSET
        else:
            external_reference = self.external_reference

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "serialNumber": serial_number,
                "dateBought": date_bought,
            }
        )
        if description is not UNSET:
            field_dict["description"] = description
        if hardware_type is not UNSET:
            field_dict["hardwareType"] = hardware_type
        if common_model_id is not UNSET:
            field_dict["commonModelId"] = common_model_id
        if new_hardware is not UNSET:
            field_dict["newHardware"] = new_hardware
        if external_reference is not UNSET:
            field_dict["externalReference"] = external_reference

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        serial_number = d.pop("serialNumber")

        date_bought = datetime.datetime.fromisoformat(d.pop("dateBought"))

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        def _parse_hardware_type(data: object) -> HardwareType | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                hardware_type_type_0 = HardwareType(data)

                return hardware_type_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(HardwareType | None | Unset, data)

        hardware_type = _parse_hardware_type(d.pop("hardwareType", UNSET))

        def _parse_common_model_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                common_model_id_type_0 = UUID(data)

                return common_model_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        common_model_id = _parse_common_model_id(d.pop("commonModelId", UNSET))

        new_hardware = d.pop("newHardware", UNSET)

        def _parse_external_reference(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        external_reference = _parse_external_reference(d.pop("externalReference", UNSET))

        new_hardware_request = cls(
            serial_number=serial_number,
            date_bought=date_bought,
            description=description,
            hardware_type=hardware_type,
            common_model_id=common_model_id,
            new_hardware=new_hardware,
            external_reference=external_reference,
        )

        new_hardware_request.additional_properties = d
        return new_hardware_request

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
