"""A record's History as its admin page shows it: one timeline, oldest first, of what happened to
it. Here the edits, one entry per row of the audit trail (config.backoffice.trail): the record's
own rows and its children's (an order's lines, an item's notes), each with who made it, through
what, why, and what it changed. The flows' pages add their moves and webhooks
(companies.record_history)."""

from dataclasses import dataclass
from datetime import datetime
from uuid import UUID

from django.apps import apps
from django.db.models import Model
from django.utils.text import capfirst

from config.backoffice.trail import STATUS_CHANGED, action_of, actor_of, changes_of, record_label
from config.models import AuditLogEntry

ACTION_WORDS = {
    "CREATED": "created",
    "UPDATED": "updated",
    STATUS_CHANGED: "status changed",
    "DELETED": "deleted",
}


@dataclass(frozen=True)
class HistoryEntry:
    """One line of the timeline: when, who, what happened, and what came with it."""

    at: datetime
    kind: str  # "move", "edit" or "webhook"
    who: str
    what: str
    details: tuple[str, ...] = ()
    event_id: UUID | None = None


def edit_entry(record: Model, row: AuditLogEntry) -> HistoryEntry:
    """A row of the trail of `record` (its own, or a child's, named by its label)."""
    model = apps.get_model(row.pgh_obj_model)
    name = capfirst(model._meta.verbose_name)
    if model is not type(record):
        name = f"{name} “{record_label(row)}”"
    return HistoryEntry(
        at=row.pgh_created_at,
        kind="edit",
        who=actor_of(row.pgh_context),
        what=f"{name} {ACTION_WORDS.get(action_of(row), row.pgh_label.lower())}",
        details=(*changes_of(row), *context_details(row.pgh_context)),
    )


def context_details(context: dict | None) -> tuple[str, ...]:
    """What the change's context adds to its line: through what, why, in which request."""
    context = context or {}
    details = [
        (label, context.get(key))
        for label, key in (("through", "source"), ("reason", "reason"), ("request", "requestId"))
    ]
    return tuple(f"{label}: {value}" for label, value in details if value)
