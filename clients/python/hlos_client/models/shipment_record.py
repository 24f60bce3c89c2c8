from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.shipment_record_type_enum import ShipmentRecordTypeEnum

T = TypeVar("T", bound="ShipmentRecord")


@_attrs_define
class ShipmentRecord:
    """The movement request or order the parcel is a shipment of.

    Attributes:
        type_ (ShipmentRecordTypeEnum): * `MOVEMENT_REQUEST` - Movement request
            * `ORDER` - Order
        id (UUID):
        number (int): The movement request's or the order's number.
    """

    type_: ShipmentRecordTypeEnum
    id: UUID
    number: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        id = str(self.id)

        number = self.number

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "id": id,
                "number": number,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = ShipmentRecordTypeEnum(d.pop("type"))

        id = UUID(d.pop("id"))

        number = d.pop("number")

        shipment_record = cls(
            type_=type_,
            id=id,
            number=number,
        )

        shipment_record.additional_properties = d
        return shipment_record

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
