from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.hardware_type import HardwareType
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.alternative_group import AlternativeGroup


T = TypeVar("T", bound="OrderLine")


@_attrs_define
class OrderLine:
    """The fields an order line and a candidate of its alternative group share.

    Attributes:
        id (UUID):
        amount (int):
        notes (None | str):
        quoted_unit_price (None | str): A decimal string, e.g. 1299.00
        created_at (datetime.datetime):
        catalog_model_id (None | UUID):
        manufacturer_part_number (None | str):
        brand (None | str):
        model (None | str):
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
        external_item_id (None | str):
        serial_numbers (list[str]):
        is_available (bool | None):
        is_recommended (bool | None):
        is_selected (bool | None): Null outside a group.
        alternative_group (AlternativeGroup | None):
        ram (str | Unset): Only when the line has it.
        disk_space (str | Unset): Only when the line has it.
        display_size (str | Unset): Only when the line has it.
        processor (str | Unset): Only when the line has it.
    """

    id: UUID
    amount: int
    notes: None | str
    quoted_unit_price: None | str
    created_at: datetime.datetime
    catalog_model_id: None | UUID
    manufacturer_part_number: None | str
    brand: None | str
    model: None | str
    hardware_type: HardwareType
    image: str
    external_item_id: None | str
    serial_numbers: list[str]
    is_available: bool | None
    is_recommended: bool | None
    is_selected: bool | None
    alternative_group: AlternativeGroup | None
    ram: str | Unset = UNSET
    disk_space: str | Unset = UNSET
    display_size: str | Unset = UNSET
    processor: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.alternative_group import AlternativeGroup  # noqa: PLC0415

        id = str(self.id)

        amount = self.amount

        notes: None | str
        notes = self.notes

        quoted_unit_price: None | str
        quoted_unit_price = self.quoted_unit_price

        created_at = self.created_at.isoformat()

        catalog_model_id: None | str
        if isinstance(self.catalog_model_id, UUID):
            catalog_model_id = str(self.catalog_model_id)
        else:
            catalog_model_id = self.catalog_model_id

        manufacturer_part_number: None | str
        manufacturer_part_number = self.manufacturer_part_number

        brand: None | str
        brand = self.brand

        model: None | str
        model = self.model

        hardware_type = self.hardware_type.value

        image = self.image

        external_item_id: None | str
        external_item_id = self.external_item_id

        serial_numbers = self.serial_numbers

        is_available: bool | None
        is_available = self.is_available

        is_recommended: bool | None
        is_recommended = self.is_recommended

        is_selected: bool | None
        is_selected = self.is_selected

        alternative_group: dict[str, Any] | None
        if isinstance(self.alternative_group, AlternativeGroup):
            alternative_group = self.alternative_group.to_dict()
        else:
            alternative_group = self.alternative_group

        ram = self.ram

        disk_space = self.disk_space

        display_size = self.display_size

        processor = self.processor

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "amount": amount,
                "notes": notes,
                "quotedUnitPrice": quoted_unit_price,
                "createdAt": created_at,
                "catalogModelId": catalog_model_id,
                "manufacturerPartNumber": manufacturer_part_number,
                "brand": brand,
                "model": model,
                "hardwareType": hardware_type,
                "image": image,
                "externalItemId": external_item_id,
                "serialNumbers": serial_numbers,
                "isAvailable": is_available,
                "isRecommended": is_recommended,
                "isSelected": is_selected,
                "alternativeGroup": alternative_group,
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
        from ..models.alternative_group import AlternativeGroup  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        amount = d.pop("amount")

        def _parse_notes(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        notes = _parse_notes(d.pop("notes"))

        def _parse_quoted_unit_price(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        quoted_unit_price = _parse_quoted_unit_price(d.pop("quotedUnitPrice"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        def _parse_catalog_model_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                catalog_model_id_type_0 = UUID(data)

                return catalog_model_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        catalog_model_id = _parse_catalog_model_id(d.pop("catalogModelId"))

        def _parse_manufacturer_part_number(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        manufacturer_part_number = _parse_manufacturer_part_number(d.pop("manufacturerPartNumber"))

        def _parse_brand(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        brand = _parse_brand(d.pop("brand"))

        def _parse_model(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        model = _parse_model(d.pop("model"))

        hardware_type = HardwareType(d.pop("hardwareType"))

        image = d.pop("image")

        def _parse_external_item_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        external_item_id = _parse_external_item_id(d.pop("externalItemId"))

        serial_numbers = cast(list[str], d.pop("serialNumbers"))

        def _parse_is_available(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        is_available = _parse_is_available(d.pop("isAvailable"))

        def _parse_is_recommended(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        is_recommended = _parse_is_recommended(d.pop("isRecommended"))

        def _parse_is_selected(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        is_selected = _parse_is_selected(d.pop("isSelected"))

        def _parse_alternative_group(data: object) -> AlternativeGroup | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                alternative_group_type_0 = AlternativeGroup.from_dict(data)

                return alternative_group_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AlternativeGroup | None, data)

        alternative_group = _parse_alternative_group(d.pop("alternativeGroup"))

        ram = d.pop("ram", UNSET)

        disk_space = d.pop("diskSpace", UNSET)

        display_size = d.pop("displaySize", UNSET)

        processor = d.pop("processor", UNSET)

        order_line = cls(
            id=id,
            amount=amount,
            notes=notes,
            quoted_unit_price=quoted_unit_price,
            created_at=created_at,
            catalog_model_id=catalog_model_id,
            manufacturer_part_number=manufacturer_part_number,
            brand=brand,
            model=model,
            hardware_type=hardware_type,
            image=image,
            external_item_id=external_item_id,
            serial_numbers=serial_numbers,
            is_available=is_available,
            is_recommended=is_recommended,
            is_selected=is_selected,
            alternative_group=alternative_group,
            ram=ram,
            disk_space=disk_space,
            display_size=display_size,
            processor=processor,
        )

        order_line.additional_properties = d
        return order_line

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
