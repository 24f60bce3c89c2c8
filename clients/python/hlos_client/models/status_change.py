from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.movement_status_enum import MovementStatusEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="StatusChange")


@_attrs_define
class StatusChange:
    """
    Attributes:
        created_at (datetime.datetime):
        status_from (MovementStatusEnum | None):
        status_to (MovementStatusEnum): * `PROCESSING` - Processing
            * `COORDINATED` - Coordinated
            * `DONE` - Done
            * `CANCELLED` - Cancelled
        id (UUID | Unset): On the detail only.
    """

    created_at: datetime.datetime
    status_from: MovementStatusEnum | None
    status_to: MovementStatusEnum
    id: UUID | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at.isoformat()

        status_from: None | str
        if isinstance(self.status_from, MovementStatusEnum):
            status_from = self.status_from.value
        else:
            status_from = self.status_from

        status_to = self.status_to.value

        id: str | Unset = UNSET
        if not isinstance(self.id, Unset):
            id = str(self.id)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "createdAt": created_at,
                "statusFrom": status_from,
                "statusTo": status_to,
            }
        )
        if id is not UNSET:
            field_dict["id"] = id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        def _parse_status_from(data: object) -> MovementStatusEnum | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                status_from_type_0 = MovementStatusEnum(data)

                return status_from_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MovementStatusEnum | None, data)

        status_from = _parse_status_from(d.pop("statusFrom"))

        status_to = MovementStatusEnum(d.pop("statusTo"))

        _id = d.pop("id", UNSET)
        id: UUID | Unset
        if isinstance(_id, Unset):
            id = UNSET
        else:
            id = UUID(_id)

        status_change = cls(
            created_at=created_at,
            status_from=status_from,
            status_to=status_to,
            id=id,
        )

        status_change.additional_properties = d
        return status_change

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
