from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.movement_request_reference import MovementRequestReference


T = TypeVar("T", bound="EmployeeHardware")


@_attrs_define
class EmployeeHardware:
    """A hardware item of the employee, in the get-by-id answer.

    Attributes:
        id (UUID):
        description (None | str):
        brand (None | str):
        serial_number (str):
        name (str):
        image (str): Absolute URL of the image; empty for a catalog item that has none.
        movement_requests (list[MovementRequestReference]):
        ram (str | Unset): Only when the item has it.
        disk_space (str | Unset): Only when the item has it.
        display_size (str | Unset): Only when the item has it.
        processor (str | Unset): Only when the item has it.
    """

    id: UUID
    description: None | str
    brand: None | str
    serial_number: str
    name: str
    image: str
    movement_requests: list[MovementRequestReference]
    ram: str | Unset = UNSET
    disk_space: str | Unset = UNSET
    display_size: str | Unset = UNSET
    processor: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        description: None | str
        description = self.description

        brand: None | str
        brand = self.brand

        serial_number = self.serial_number

        name = self.name

        image = self.image

        movement_requests = []
        for movement_requests_item_data in self.movement_requests:
            movement_requests_item = movement_requests_item_data.to_dict()
            movement_requests.append(movement_requests_item)

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
                "brand": brand,
                "serialNumber": serial_number,
                "name": name,
                "image": image,
                "movementRequests": movement_requests,
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
        from ..models.movement_request_reference import MovementRequestReference  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        def _parse_brand(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        brand = _parse_brand(d.pop("brand"))

        serial_number = d.pop("serialNumber")

        name = d.pop("name")

        image = d.pop("image")

        movement_requests = []
        _movement_requests = d.pop("movementRequests")
        for movement_requests_item_data in _movement_requests:
            movement_requests_item = MovementRequestReference.from_dict(movement_requests_item_data)

            movement_requests.append(movement_requests_item)

        ram = d.pop("ram", UNSET)

        disk_space = d.pop("diskSpace", UNSET)

        display_size = d.pop("displaySize", UNSET)

        processor = d.pop("processor", UNSET)

        employee_hardware = cls(
            id=id,
            description=description,
            brand=brand,
            serial_number=serial_number,
            name=name,
            image=image,
            movement_requests=movement_requests,
            ram=ram,
            disk_space=disk_space,
            display_size=display_size,
            processor=processor,
        )

        employee_hardware.additional_properties = d
        return employee_hardware

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
