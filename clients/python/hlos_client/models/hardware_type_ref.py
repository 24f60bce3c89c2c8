from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.hardware_type import HardwareType

T = TypeVar("T", bound="HardwareTypeRef")


@_attrs_define
class HardwareTypeRef:
    """
    Attributes:
        name (HardwareType): * `HEADPHONES` - HEADPHONES
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
    """

    name: HardwareType
    image: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name.value

        image = self.image

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "image": image,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = HardwareType(d.pop("name"))

        image = d.pop("image")

        hardware_type_ref = cls(
            name=name,
            image=image,
        )

        hardware_type_ref.additional_properties = d
        return hardware_type_ref

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
