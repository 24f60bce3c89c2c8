from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="HardwareSummary")


@_attrs_define
class HardwareSummary:
    """An item as other records (movement requests) show it.

    Attributes:
        id (UUID):
        description (None | str):
        serial_number (str):
        brand (None | str):
        name (str):
        image (str): Absolute URL of the image; empty for a catalog item that has none.
        ram (str | Unset): Only when the item has it.
        disk_space (str | Unset): Only when the item has it.
        display_size (str | Unset): Only when the item has it.
        processor (str | Unset): Only when the item has it.
    """

    id: UUID
    description: None | str
    serial_number: str
    brand: None | str
    name: str
    image: str
    ram: str | Unset = UNSET
    disk_space: str | Unset = UNSET
    display_size: str | Unset = UNSET
    processor: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        description: None | str
        description = self.description

        serial_number = self.serial_number

        brand: None | str
        brand = self.brand

        name = self.name

        image = self.image

        ram = self.ram

        disk_space = self.disk_space

        display_size = self.display_size

        processor = self.processor

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "description": description,
                "serialNumber": serial_number,
                "brand": brand,
                "name": name,
                "image": image,
            }
        )
        if ram is not UNSET:
            field_dict["ram"] = ram
        if disk_space is not UNSET:
            field_dict["diskSpace"] = disk_space
        if display_size is not UNSET:
            field_dict["displaySize"] = display_size
        if processor is not UNSET:
            field_dict["processor"] = processor

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        serial_number = d.pop("serialNumber")

        def _parse_brand(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        brand = _parse_brand(d.pop("brand"))

        name = d.pop("name")

        image = d.pop("image")

        ram = d.pop("ram", UNSET)

        disk_space = d.pop("diskSpace", UNSET)

        display_size = d.pop("displaySize", UNSET)

        processor = d.pop("processor", UNSET)

        hardware_summary = cls(
            id=id,
            description=description,
            serial_number=serial_number,
            brand=brand,
            name=name,
            image=image,
            ram=ram,
            disk_space=disk_space,
            display_size=display_size,
            processor=processor,
        )

        hardware_summary.additional_properties = d
        return hardware_summary

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
