from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.new_hardware_request import NewHardwareRequest


T = TypeVar("T", bound="OffboardingHardwaresRequest")


@_attrs_define
class OffboardingHardwaresRequest:
    """
    Attributes:
        hardware_ids (list[UUID] | None | Unset): Items on the source employee. An empty list, with newHardwares
            omitted, takes all of them.
        new_hardwares (list[NewHardwareRequest] | None | Unset): Items to create on the source employee and carry;
            standard offboarding only.
    """

    hardware_ids: list[UUID] | None | Unset = UNSET
    new_hardwares: list[NewHardwareRequest] | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        hardware_ids: list[str] | None | Unset
        if isinstance(self.hardware_ids, Unset):
            hardware_ids = UNSET
        elif isinstance(self.hardware_ids, list):
            hardware_ids = []
            for hardware_ids_type_0_item_data in self.hardware_ids:
                hardware_ids_type_0_item = str(hardware_ids_type_0_item_data)
                hardware_ids.append(hardware_ids_type_0_item)

        else:
            hardware_ids = self.hardware_ids

        new_hardwares: list[dict[str, Any]] | None | Unset
        if isinstance(self.new_hardwares, Unset):
            new_hardwares = UNSET
        elif isinstance(self.new_hardwares, list):
            new_hardwares = []
            for new_hardwares_type_0_item_data in self.new_hardwares:
                new_hardwares_type_0_item = new_hardwares_type_0_item_data.to_dict()
                new_hardwares.append(new_hardwares_type_0_item)

        else:
            new_hardwares = self.new_hardwares

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if hardware_ids is not UNSET:
            field_dict["hardwareIds"] = hardware_ids
        if new_hardwares is not UNSET:
            field_dict["newHardwares"] = new_hardwares

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.new_hardware_request import NewHardwareRequest  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_hardware_ids(data: object) -> list[UUID] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                hardware_ids_type_0 = []
                _hardware_ids_type_0 = data
                for hardware_ids_type_0_item_data in _hardware_ids_type_0:
                    hardware_ids_type_0_item = UUID(hardware_ids_type_0_item_data)

                    hardware_ids_type_0.append(hardware_ids_type_0_item)

                return hardware_ids_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[UUID] | None | Unset, data)

        hardware_ids = _parse_hardware_ids(d.pop("hardwareIds", UNSET))

        def _parse_new_hardwares(data: object) -> list[NewHardwareRequest] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                new_hardwares_type_0 = []
                _new_hardwares_type_0 = data
                for new_hardwares_type_0_item_data in _new_hardwares_type_0:
                    new_hardwares_type_0_item = NewHardwareRequest.from_dict(new_hardwares_type_0_item_data)

                    new_hardwares_type_0.append(new_hardwares_type_0_item)

                return new_hardwares_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[NewHardwareRequest] | None | Unset, data)

        new_hardwares = _parse_new_hardwares(d.pop("newHardwares", UNSET))

        offboarding_hardwares_request = cls(
            hardware_ids=hardware_ids,
            new_hardwares=new_hardwares,
        )

        offboarding_hardwares_request.additional_properties = d
        return offboarding_hardwares_request

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
