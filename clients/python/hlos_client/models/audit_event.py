from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.audit_action_enum import AuditActionEnum
from ..models.audit_source_enum import AuditSourceEnum

if TYPE_CHECKING:
    from ..models.audit_actor import AuditActor
    from ..models.audit_event_changes import AuditEventChanges
    from ..models.audit_parent import AuditParent
    from ..models.audit_target import AuditTarget


T = TypeVar("T", bound="AuditEvent")


@_attrs_define
class AuditEvent:
    """One change to one record of the company: who made it, through what, why, and what it
    changed, each field named and valued as the API shows it.

        Attributes:
            id (str): Stable and unique.
            occurred_at (datetime.datetime): When the change's transaction began (its changes share it).
            action (AuditActionEnum): * `CREATED` - CREATED
                * `UPDATED` - UPDATED
                * `STATUS_CHANGED` - STATUS_CHANGED
                * `DELETED` - DELETED
            target (AuditTarget):
            parent (AuditParent | None): For a child record (an order line, a note): whose it is.
            actor (AuditActor):
            source (AuditSourceEnum | None): Through what: API, ADMIN (the back office), COMMAND, SANDBOX, WORKER.

                * `API` - Api
                * `ADMIN` - Admin
                * `COMMAND` - Command
                * `SANDBOX` - Sandbox
                * `WORKER` - Worker
            request_id (None | str): The X-Request-ID of the request that made it.
            idempotency_key (None | str): The Idempotency-Key it was sent with.
            reason (None | str): Its X-Change-Reason, or --reason.
            changes (AuditEventChanges): Each field changed, as the API names it. A secret shows `***` for both.
    """

    id: str
    occurred_at: datetime.datetime
    action: AuditActionEnum
    target: AuditTarget
    parent: AuditParent | None
    actor: AuditActor
    source: AuditSourceEnum | None
    request_id: None | str
    idempotency_key: None | str
    reason: None | str
    changes: AuditEventChanges
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.audit_parent import AuditParent  # noqa: PLC0415

        id = self.id

        occurred_at = self.occurred_at.isoformat()

        action = self.action.value

        target = self.target.to_dict()

        parent: dict[str, Any] | None
        if isinstance(self.parent, AuditParent):
            parent = self.parent.to_dict()
        else:
            parent = self.parent

        actor = self.actor.to_dict()

        source: None | str
        if isinstance(self.source, AuditSourceEnum):
            source = self.source.value
        else:
            source = self.source

        request_id: None | str
        request_id = self.request_id

        idempotency_key: None | str
        idempotency_key = self.idempotency_key

        reason: None | str
        reason = self.reason

        changes = self.changes.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "occurredAt": occurred_at,
                "action": action,
                "target": target,
                "parent": parent,
                "actor": actor,
                "source": source,
                "requestId": request_id,
                "idempotencyKey": idempotency_key,
                "reason": reason,
                "changes": changes,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.audit_actor import AuditActor  # noqa: PLC0415
        from ..models.audit_event_changes import AuditEventChanges  # noqa: PLC0415
        from ..models.audit_parent import AuditParent  # noqa: PLC0415
        from ..models.audit_target import AuditTarget  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        occurred_at = datetime.datetime.fromisoformat(d.pop("occurredAt"))

        action = AuditActionEnum(d.pop("action"))

        target = AuditTarget.from_dict(d.pop("target"))

        def _parse_parent(data: object) -> AuditParent | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                parent_type_0 = AuditParent.from_dict(data)

                return parent_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AuditParent | None, data)

        parent = _parse_parent(d.pop("parent"))

        actor = AuditActor.from_dict(d.pop("actor"))

        def _parse_source(data: object) -> AuditSourceEnum | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                source_type_0 = AuditSourceEnum(data)

                return source_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AuditSourceEnum | None, data)

        source = _parse_source(d.pop("source"))

        def _parse_request_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        request_id = _parse_request_id(d.pop("requestId"))

        def _parse_idempotency_key(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        idempotency_key = _parse_idempotency_key(d.pop("idempotencyKey"))

        def _parse_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reason = _parse_reason(d.pop("reason"))

        changes = AuditEventChanges.from_dict(d.pop("changes"))

        audit_event = cls(
            id=id,
            occurred_at=occurred_at,
            action=action,
            target=target,
            parent=parent,
            actor=actor,
            source=source,
            request_id=request_id,
            idempotency_key=idempotency_key,
            reason=reason,
            changes=changes,
        )

        audit_event.additional_properties = d
        return audit_event

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
