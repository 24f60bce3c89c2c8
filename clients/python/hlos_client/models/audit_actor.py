from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.audit_actor_type_type_0 import AuditActorTypeType0

T = TypeVar("T", bound="AuditActor")


@_attrs_define
class AuditActor:
    """
    Attributes:
        type_ (AuditActorTypeType0 | None): API_CLIENT, OPERATOR (the provider's staff), COMMAND, SYSTEM (a worker) or
            SCIM (the company's identity provider, by its SCIM token); null when not known (a change made outside the
            service's code).
        name (None | str): The API client's, command's or task's name; "Operations" for an operator; "SCIM" for the
            identity provider.
    """

    type_: AuditActorTypeType0 | None
    name: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_: None | str
        if isinstance(self.type_, AuditActorTypeType0):
            type_ = self.type_.value
        else:
            type_ = self.type_

        name: None | str
        name = self.name

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "name": name,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_type_(data: object) -> AuditActorTypeType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                type_type_0 = AuditActorTypeType0(data)

                return type_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AuditActorTypeType0 | None, data)

        type_ = _parse_type_(d.pop("type"))

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))

        audit_actor = cls(
            type_=type_,
            name=name,
        )

        audit_actor.additional_properties = d
        return audit_actor

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
