from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="AuditTarget")


@_attrs_define
class AuditTarget:
    """
    Attributes:
        type_ (str): The record's type: COMPANY, SCIM_TOKEN, EMPLOYEE, HARDWARE, ORDER, MOVEMENT_REQUEST, SHIPMENT; or a
            child record's, whose parent says whose it is: ORDER_LINE and ALTERNATIVE_GROUP (of an ORDER), HARDWARE_NOTE and
            HARDWARE_WIPE (of a HARDWARE item).
        id (str): The record's id (a note's is a number).
        label (str): What people call it: an order's number, an item's name and serial, an employee's e-mail; as it was
            after the change (before it, for a deletion).
    """

    type_: str
    id: str
    label: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        id = self.id

        label = self.label

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "id": id,
                "label": label,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = d.pop("type")

        id = d.pop("id")

        label = d.pop("label")

        audit_target = cls(
            type_=type_,
            id=id,
            label=label,
        )

        audit_target.additional_properties = d
        return audit_target

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
