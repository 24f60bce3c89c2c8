from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="CommonModel")


@_attrs_define
class CommonModel:
    """
    Attributes:
        name (str):
        ram (None | str):
        display_size (None | str):
        disk_space (None | str):
        processor (None | str):
        image (str): Absolute URL of the image; empty for a catalog item that has none.
    """

    name: str
    ram: None | str
    display_size: None | str
    disk_space: None | str
    processor: None | str
    image: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        ram: None | str
        ram = self.ram

        display_size: None | str
        display_size = self.display_size

        disk_space: None | str
        disk_space = self.disk_space

        processor: None | str
        processor = self.processor

        image = self.image

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "ram": ram,
                "displaySize": display_size,
                "diskSpace": disk_space,
                "processor": processor,
                "image": image,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        def _parse_ram(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        ram = _parse_ram(d.pop("ram"))

        def _parse_display_size(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        display_size = _parse_display_size(d.pop("displaySize"))

        def _parse_disk_space(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        disk_space = _parse_disk_space(d.pop("diskSpace"))

        def _parse_processor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        processor = _parse_processor(d.pop("processor"))

        image = d.pop("image")

        common_model = cls(
            name=name,
            ram=ram,
            display_size=display_size,
            disk_space=disk_space,
            processor=processor,
            image=image,
        )

        common_model.additional_properties = d
        return common_model

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
