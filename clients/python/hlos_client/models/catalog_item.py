from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.hardware_type import HardwareType

T = TypeVar("T", bound="CatalogItem")


@_attrs_define
class CatalogItem:
    """
    Attributes:
        id (UUID):
        country_code (str): ISO 3166-1 alpha-2, or EU.
        price (str): USD, two decimals, e.g. 1299.00.
        stock (str): Units in stock now, e.g. 12.
        brand (None | str):
        name (str):
        ram (None | str):
        disk_space (None | str):
        display_size (None | str):
        processor (None | str):
        image (str): Absolute URL of the image; empty for a catalog item that has none.
        deprecated (bool): No longer recommended for new orders; may still be in stock.
        manufacturer_part_number (None | str):
        hardware_type (HardwareType | None):
    """

    id: UUID
    country_code: str
    price: str
    stock: str
    brand: None | str
    name: str
    ram: None | str
    disk_space: None | str
    display_size: None | str
    processor: None | str
    image: str
    deprecated: bool
    manufacturer_part_number: None | str
    hardware_type: HardwareType | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        country_code = self.country_code

        price = self.price

        stock = self.stock

        brand: None | str
        brand = self.brand

        name = self.name

        ram: None | str
        ram = self.ram

        disk_space: None | str
        disk_space = self.disk_space

        display_size: None | str
        display_size = self.display_size

        processor: None | str
        processor = self.processor

        image = self.image

        deprecated = self.deprecated

        manufacturer_part_number: None | str
        manufacturer_part_number = self.manufacturer_part_number

        hardware_type: None | str
        if isinstance(self.hardware_type, HardwareType):
            hardware_type = self.hardware_type.value
        else:
            hardware_type = self.hardware_type

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "countryCode": country_code,
                "price": price,
                "stock": stock,
                "brand": brand,
                "name": name,
                "ram": ram,
                "diskSpace": disk_space,
                "displaySize": display_size,
                "processor": processor,
                "image": image,
                "deprecated": deprecated,
                "manufacturerPartNumber": manufacturer_part_number,
                "hardwareType": hardware_type,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        country_code = d.pop("countryCode")

        price = d.pop("price")

        stock = d.pop("stock")

        def _parse_brand(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        brand = _parse_brand(d.pop("brand"))

        name = d.pop("name")

        def _parse_ram(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        ram = _parse_ram(d.pop("ram"))

        def _parse_disk_space(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        disk_space = _parse_disk_space(d.pop("diskSpace"))

        def _parse_display_size(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        display_size = _parse_display_size(d.pop("displaySize"))

        def _parse_processor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        processor = _parse_processor(d.pop("processor"))

        image = d.pop("image")

        deprecated = d.pop("deprecated")

        def _parse_manufacturer_part_number(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        manufacturer_part_number = _parse_manufacturer_part_number(d.pop("manufacturerPartNumber"))

        def _parse_hardware_type(data: object) -> HardwareType | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                hardware_type_type_0 = HardwareType(data)

                return hardware_type_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(HardwareType | None, data)

        hardware_type = _parse_hardware_type(d.pop("hardwareType"))

        catalog_item = cls(
            id=id,
            country_code=country_code,
            price=price,
            stock=stock,
            brand=brand,
            name=name,
            ram=ram,
            disk_space=disk_space,
            display_size=display_size,
            processor=processor,
            image=image,
            deprecated=deprecated,
            manufacturer_part_number=manufacturer_part_number,
            hardware_type=hardware_type,
        )

        catalog_item.additional_properties = d
        return catalog_item

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
