from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.blank_enum import BlankEnum
from ..models.brand import Brand
from ..models.hardware_type import HardwareType
from ..types import UNSET, Unset

T = TypeVar("T", bound="QuoteLineRequest")


@_attrs_define
class QuoteLineRequest:
    """
    Attributes:
        amount (int):
        catalog_model_id (None | Unset | UUID): A catalog item of the order's country. With it only amount is required;
            type, brand, model, specs, image and price come from the catalog.
        hardware_type (BlankEnum | HardwareType | None | Unset): Required without catalogModelId: MACBOOK, PC,
            EXTENDED_WARRANTY_MAC, EXTENDED_WARRANTY_WINDOWS or another type (MOUSE, MONITOR, ...).
        brand (BlankEnum | Brand | None | Unset):
        model (None | str | Unset):
        ram (None | str | Unset):
        disk_space (None | str | Unset):
        display_size (None | str | Unset):
        processor (None | str | Unset):
        image (None | str | Unset): Default: the hardware type's image.
        notes (None | str | Unset):
        external_item_id (None | str | Unset):
    """

    amount: int
    catalog_model_id: None | Unset | UUID = UNSET
    hardware_type: BlankEnum | HardwareType | None | Unset = UNSET
    brand: BlankEnum | Brand | None | Unset = UNSET
    model: None | str | Unset = UNSET
    ram: None | str | Unset = UNSET
    disk_space: None | str | Unset = UNSET
    display_size: None | str | Unset = UNSET
    processor: None | str | Unset = UNSET
    image: None | str | Unset = UNSET
    notes: None | str | Unset = UNSET
    external_item_id: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        catalog_model_id: None | str | Unset
        if isinstance(self.catalog_model_id, Unset):
            catalog_model_id = UNSET
        elif isinstance(self.catalog_model_id, UUID):
            catalog_model_id = str(self.catalog_model_id)
        else:
            catalog_model_id = self.catalog_model_id

        hardware_type: None | str | Unset
        if isinstance(self.hardware_type, Unset):
            hardware_type = UNSET
        elif isinstance(self.hardware_type, HardwareType):
            hardware_type = self.hardware_type.value
        elif isinstance(self.hardware_type, BlankEnum):
            hardware_type = self.hardware_type.value
        else:
            hardware_type = self.hardware_type

        brand: None | str | Unset
        if isinstance(self.brand, Unset):
            brand = UNSET
        elif isinstance(self.brand, Brand):
            brand = self.brand.value
        elif isinstance(self.brand, BlankEnum):
            brand = self.brand.value
        else:
            brand = self.brand

        model: None | str | Unset
        if isinstance(self.model, Unset):
            model = UNSET
        else:
            model = self.model

        ram: None | str | Unset
        if isinstance(self.ram, Unset):
            ram = UNSET
        else:
            ram = self.ram

        disk_space: None | str | Unset
        if isinstance(self.disk_space, Unset):
            disk_space = UNSET
        else:
            disk_space = self.disk_space

        display_size: None | str | Unset
        if isinstance(self.display_size, Unset):
            display_size = UNSET
        else:
            display_size = self.display_size

        processor: None | str | Unset
        if isinstance(self.processor, Unset):
            processor = UNSET
        else:
            processor = self.processor

        image: None | str | Unset
        if isinstance(self.image, Unset):
            image = UNSET
        else:
            image = self.image

        notes: None | str | Unset
        if isinstance(self.notes, Unset):
            notes = UNSET
        else:
            notes = self.notes

        external_item_id: None | str | Unset
        if isinstance(self.external_item_id, Unset):
            external_item_id = UNSET
        else:
            external_item_id = self.external_item_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "amount": amount,
            }
        )
        if catalog_model_id is not UNSET:
            field_dict["catalogModelId"] = catalog_model_id
        if hardware_type is not UNSET:
            field_dict["hardwareType"] = hardware_type
        if brand is not UNSET:
            field_dict["brand"] = brand
        if model is not UNSET:
            field_dict["model"] = model
        if ram is not UNSET:
            field_dict["ram"] = ram
        if disk_space is not UNSET:
            field_dict["diskSpace"] = disk_space
        if display_size is not UNSET:
            field_dict["displaySize"] = display_size
        if processor is not UNSET:
            field_dict["processor"] = processor
        if image is not UNSET:
            field_dict["image"] = image
        if notes is not UNSET:
            field_dict["notes"] = notes
        if external_item_id is not UNSET:
            field_dict["externalItemId"] = external_item_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        amount = d.pop("amount")

        def _parse_catalog_model_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                catalog_model_id_type_0 = UUID(data)

                return catalog_model_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        catalog_model_id = _parse_catalog_model_id(d.pop("catalogModelId", UNSET))

        def _parse_hardware_type(data: object) -> BlankEnum | HardwareType | None | Unset:
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
            try:
                if not isinstance(data, str):
                    raise TypeError()
                hardware_type_type_1 = BlankEnum(data)

                return hardware_type_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BlankEnum | HardwareType | None | Unset, data)

        hardware_type = _parse_hardware_type(d.pop("hardwareType", UNSET))

        def _parse_brand(data: object) -> BlankEnum | Brand | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                brand_type_0 = Brand(data)

                return brand_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                brand_type_1 = BlankEnum(data)

                return brand_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BlankEnum | Brand | None | Unset, data)

        brand = _parse_brand(d.pop("brand", UNSET))

        def _parse_model(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        model = _parse_model(d.pop("model", UNSET))

        def _parse_ram(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        ram = _parse_ram(d.pop("ram", UNSET))

        def _parse_disk_space(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        disk_space = _parse_disk_space(d.pop("diskSpace", UNSET))

        def _parse_display_size(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        display_size = _parse_display_size(d.pop("displaySize", UNSET))

        def _parse_processor(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        processor = _parse_processor(d.pop("processor", UNSET))

        def _parse_image(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        image = _parse_image(d.pop("image", UNSET))

        def _parse_notes(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        notes = _parse_notes(d.pop("notes", UNSET))

        def _parse_external_item_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        external_item_id = _parse_external_item_id(d.pop("externalItemId", UNSET))

        quote_line_request = cls(
            amount=amount,
            catalog_model_id=catalog_model_id,
            hardware_type=hardware_type,
            brand=brand,
            model=model,
            ram=ram,
            disk_space=disk_space,
            display_size=display_size,
            processor=processor,
            image=image,
            notes=notes,
            external_item_id=external_item_id,
        )

        quote_line_request.additional_properties = d
        return quote_line_request

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
