from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.hardware_type import HardwareType
from ..types import UNSET, Unset

T = TypeVar("T", bound="CreatedHardware")


@_attrs_define
class CreatedHardware:
    """
    Attributes:
        id (UUID):
        brand (None | str):
        description (None | str):
        serial_number (str):
        name (str):
        hardware_type (HardwareType): * `HEADPHONES` - HEADPHONES
            * `MACBOOK` - MACBOOK
            * `CHAIR` - CHAIR
            * `MOUSE` - MOUSE
            * `TRACKPAD` - TRACKPAD
            * `PC` - PC
            * `MONITOR` - MONITOR
            * `ACCESSORY` - ACCESSORY
            * `PHONE` - PHONE
            * `KEYBOARD` - KEYBOARD
            * `IPHONE` - IPHONE
            * `WEBCAM` - WEBCAM
            * `EXTENDED_WARRANTY_MAC` - EXTENDED_WARRANTY_MAC
            * `EXTENDED_WARRANTY_WINDOWS` - EXTENDED_WARRANTY_WINDOWS
        image (str): Absolute URL of the image; empty for a catalog item that has none.
        cost (None | str): A decimal string, e.g. 1299.00
        date_bought (datetime.datetime | None):
        ram (str | Unset): Only when the item has it.
        disk_space (str | Unset): Only when the item has it.
        display_size (str | Unset): Only when the item has it.
        processor (str | Unset): Only when the item has it.
    """

    id: UUID
    brand: None | str
    description: None | str
    serial_number: str
    name: str
    hardware_type: HardwareType
    image: str
    cost: None | str
    date_bought: datetime.datetime | None
    ram: str | Unset = UNSET
    disk_space: str | Unset = UNSET
    display_size: str | Unset = UNSET
    processor: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        brand: None | str
        brand = self.brand

        description: None | str
        description = self.description

        serial_number = self.serial_number

        name = self.name

        hardware_type = self.hardware_type.value

        image = self.image

        cost: None | str
        cost = self.cost

        date_bought: None | str
        if isinstance(self.date_bought, datetime.datetime):
            date_bought = self.date_bought.isoformat()
        else:
            date_bought = self.date_bought

        ram = self.ram

        disk_space = self.disk_space

        display_size = self.display_size

        processor = self.processor

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "brand": brand,
                "description": description,
                "serialNumber": serial_number,
                "name": name,
                "hardwareType": hardware_type,
                "image": image,
                "cost": cost,
                "dateBought": date_bought,
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

        def _parse_brand(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        brand = _parse_brand(d.pop("brand"))

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        serial_number = d.pop("serialNumber")

        name = d.pop("name")

        hardware_type = HardwareType(d.pop("hardwareType"))

        image = d.pop("image")

        def _parse_cost(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        cost = _parse_cost(d.pop("cost"))

        def _parse_date_bought(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                date_bought_type_0 = datetime.datetime.fromisoformat(data)

                return date_bought_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        date_bought = _parse_date_bought(d.pop("dateBought"))

        ram = d.pop("ram", UNSET)

        disk_space = d.pop("diskSpace", UNSET)

        display_size = d.pop("displaySize", UNSET)

        processor = d.pop("processor", UNSET)

        created_hardware = cls(
            id=id,
            brand=brand,
            description=description,
            serial_number=serial_number,
            name=name,
            hardware_type=hardware_type,
            image=image,
            cost=cost,
            date_bought=date_bought,
            ram=ram,
            disk_space=disk_space,
            display_size=display_size,
            processor=processor,
        )

        created_hardware.additional_properties = d
        return created_hardware

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
