"""The criteria of a read of the audit trail (GET /audit-events, `export_audit`), read from a
query and refused with the interface's messages: an unknown value is a 400 naming the values
there are (`Invalid action: expected CREATED, UPDATED, STATUS_CHANGED or DELETED`)."""

import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from uuid import UUID

from django import forms

from companies.audit.registry import target_types
from config.kernel.audit import Action, ActorType
from config.kernel.errors import ServiceError
from config.kernel.filtering import InstantFormField, instant_refusal

# An update that moved the record's status (and maybe more).
STATUS_CHANGED = "STATUS_CHANGED"
ACTIONS = (Action.CREATED.value, Action.UPDATED.value, STATUS_CHANGED, Action.DELETED.value)
INVALID_TARGET_ID = "Invalid targetId: expected the id of a record"
INVALID_REQUEST_ID = "Invalid requestId"
# A request id the service keeps: printable ASCII, 1 to 128 characters (config.ops.request_ids);
# any other value names no request, and is refused rather than sent to the database.
_REQUEST_ID = re.compile(r"[ -~]{1,128}")
# A note's id: a number (every other record's is a UUID).
_NUMBER = re.compile(r"[0-9]{1,18}")
# The ids the schema shows: a number, or a UUID (with or without its dashes).
_HEX = "[0-9A-Fa-f]"
TARGET_ID_PATTERN = (
    f"^(?:[0-9]{{1,18}}|{_HEX}{{8}}-?{_HEX}{{4}}-?{_HEX}{{4}}-?{_HEX}{{4}}-?{_HEX}{{12}})$"
)


@dataclass(frozen=True)
class AuditCriteria:
    target_type: str | None = None
    target_id: UUID | int | None = None
    actor_type: str | None = None
    action: str | None = None
    request_id: str | None = None
    since: datetime | None = None
    until: datetime | None = None


NO_CRITERIA = AuditCriteria()


def expected(name: str, values) -> str:
    """`Invalid name: expected A, B or C`, as the lists refuse an unknown code."""
    *first, last = values
    listed = f"{', '.join(first)} or {last}" if first else last
    return f"Invalid {name}: expected {listed}"


def audit_criteria(query: Mapping) -> AuditCriteria:
    """The criteria of `query` (a request's query parameters); an empty one is no criterion."""
    return AuditCriteria(
        target_type=_one_of(query, "targetType", target_types()),
        target_id=_target_id(query),
        actor_type=_one_of(query, "actorType", ActorType.values),
        action=_one_of(query, "action", ACTIONS),
        request_id=_request_id(query),
        since=instant(query.get("since"), instant_refusal("since")),
        until=instant(query.get("until"), instant_refusal("until")),
    )


def _one_of(query: Mapping, name: str, values) -> str | None:
    """A code in any case, as the lists take them (`offboarding`)."""
    value = (query.get(name) or "").strip().upper()
    if value and value not in values:
        raise ServiceError(expected(name, values))
    return value or None


def _target_id(query: Mapping) -> UUID | int | None:
    value = (query.get("targetId") or "").strip()
    if not value:
        return None
    if _NUMBER.fullmatch(value):
        return int(value)
    try:
        return UUID(value)
    except ValueError:
        raise ServiceError(INVALID_TARGET_ID) from None


def _request_id(query: Mapping) -> str | None:
    value = query.get("requestId")
    if not value:
        return None
    if not _REQUEST_ID.fullmatch(value):
        raise ServiceError(INVALID_REQUEST_ID)
    return value


def instant(value: str | None, invalid_message: str) -> datetime | None:
    """An ISO 8601 date-time with its offset, or None when empty; else refused."""
    try:
        return InstantFormField(invalid_message=invalid_message).clean(value)
    except forms.ValidationError:
        raise ServiceError(invalid_message) from None
