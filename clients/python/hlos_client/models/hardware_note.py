from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.note_author import NoteAuthor


T = TypeVar("T", bound="HardwareNote")


@_attrs_define
class HardwareNote:
    """
    Attributes:
        content (str):
        created_at (datetime.datetime):
        user (NoteAuthor):
    """

    content: str
    created_at: datetime.datetime
    user: NoteAuthor
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        content = self.content

        created_at = self.created_at.isoformat()

        user = self.user.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "content": content,
                "createdAt": created_at,
                "user": user,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.note_author import NoteAuthor  # noqa: PLC0415

        d = dict(src_dict)
        content = d.pop("content")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        user = NoteAuthor.from_dict(d.pop("user"))

        hardware_note = cls(
            content=content,
            created_at=created_at,
            user=user,
        )

        hardware_note.additional_properties = d
        return hardware_note

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
