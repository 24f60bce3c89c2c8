"""The audit trail (config.kernel.audit) as the back office reads it: a row's action, what it
changed, who made it and through what, and the rows of a record and of its children.

Rows are read through pghistory's `Events` (config.models.AuditLogEntry), which unions the audit
tables and gives each row its record's fields (`pgh_data`) and what changed since the record's
previous row (`pgh_diff`, `{column: [old, new]}`). Nothing here names an app: a record's
children are the audited models that go with it, by a foreign key that cascades (an order's
lines and alternatives, an item's notes, a client's keys)."""

import re
from collections.abc import Iterable
from decimal import Decimal
from functools import cache

from django.apps import apps
from django.db import models
from django.db.models import F, Q, QuerySet, Window
from django.db.models.functions import Lag

from config.kernel.audit import Action, ActorType, audit_models
from config.models import AuditLogEntry

# An update that moved the record's status (and maybe more), as the audit answers call it.
STATUS_CHANGED = "STATUS_CHANGED"
ACTIONS = (Action.CREATED.value, Action.UPDATED.value, STATUS_CHANGED, Action.DELETED.value)
# Who made a change, in the words the records' histories use for their moves.
ACTOR_KINDS = {
    ActorType.API_CLIENT: "API client",
    ActorType.OPERATOR: "Staff user",
    ActorType.COMMAND: "Management command",
    ActorType.SYSTEM: "System",
    ActorType.SCIM: "Identity provider",
}
# Columns whose values are never shown: a key's hash, a webhook's signing secret.
SECRET = re.compile(r"secret|hash")
VALUE_LENGTH = 40


def tracked_model(audit_model: type[models.Model]) -> type[models.Model]:
    return audit_model.pgh_tracked_model


def audit_model_of(model: type[models.Model]) -> type[models.Model]:
    return model.pgh_event_model


@cache  # the models are set once the apps are loaded
def children(model: type[models.Model]) -> list[type[models.Model]]:
    """The audited models whose records go with a `model` record: those with a foreign key to it
    that cascades (an order's lines and alternatives, an item's notes, a client's keys)."""
    return [
        tracked_model(audit_model)
        for audit_model in audit_models()
        if any(field.remote_field.model is model for field in cascading(tracked_model(audit_model)))
    ]


@cache
def parent_field(model: type[models.Model]) -> models.ForeignKey | None:
    """The foreign key to the audited record a `model` record is part of (a line's order, a
    note's item), if it is one's."""
    audited = {tracked_model(audit_model) for audit_model in audit_models()}
    return next((f for f in cascading(model) if f.remote_field.model in audited), None)


def cascading(model: type[models.Model]) -> list[models.ForeignKey]:
    return [
        field
        for field in model._meta.concrete_fields
        if field.many_to_one and field.remote_field.on_delete is models.CASCADE
    ]


# --- reading ----------------------------------------------------------------------------------


def record_rows(record: models.Model) -> list[AuditLogEntry]:
    """The rows of `record` and of its children (config.backoffice.trail.children), oldest
    first, in one query: each audit table is read by its column that points at the record."""
    model = type(record)
    tables = [audit_model_of(each) for each in (model, *children(model))]
    rows = AuditLogEntry.objects.across(*tables).references(record)
    return list(rows.order_by("pgh_created_at", "pgh_model", "pgh_id"))


def status_changes(audit_model: type[models.Model]) -> QuerySet:
    """The `pgh_id`s of `audit_model`'s rows that moved their record's status: those whose status
    differs from the record's row before them (one pass over the table, by its record's rows in
    order). A row whose previous one was purged is not known to have moved it."""
    rows = audit_model.objects.annotate(
        previous_status=Window(Lag("status"), partition_by=F("pgh_obj"), order_by="pgh_id")
    )
    moved = rows.filter(previous_status__isnull=False).exclude(status=F("previous_status"))
    return moved.values("pgh_id")


def with_status(tables: Iterable[type[models.Model]]) -> list[type[models.Model]]:
    return [
        audit_model
        for audit_model in tables
        if any(field.name == "status" for field in tracked_model(audit_model)._meta.fields)
    ]


def moved_status(tables: Iterable[type[models.Model]]) -> Q:
    """The rows of `tables` that moved their record's status, as a condition on the log."""
    condition = Q(pk__in=[])
    for audit_model in with_status(tables):
        condition |= Q(pgh_model=audit_model._meta.label, pgh_id__in=status_changes(audit_model))
    return Q(pgh_label=Action.UPDATED.value) & condition


# --- describing a row -------------------------------------------------------------------------


def action_of(entry: AuditLogEntry) -> str:
    """CREATED, UPDATED, DELETED as recorded, or STATUS_CHANGED for an update that moved the
    record's status (known from the record's previous row, as `status_changes` knows it)."""
    if entry.pgh_label == Action.UPDATED and "status" in (entry.pgh_diff or {}):
        return STATUS_CHANGED
    return entry.pgh_label


def changes_of(entry: AuditLogEntry, *, limit: int | None = None) -> list[str]:
    """What the row changed, `field: old → new` each, by the fields' names (the status first,
    then by name); secrets starred. With a `limit`, that many and a count of the rest."""
    model = apps.get_model(entry.pgh_obj_model)
    fields = {field.column: field for field in model._meta.concrete_fields}
    diff = entry.pgh_diff or {}
    changes = []
    for column in sorted(diff, key=lambda column: (column != "status", column)):
        old, new = diff[column]
        field = fields.get(column)
        name = field.verbose_name if field is not None else column
        if SECRET.search(column):
            old = new = "***"
        changes.append(f"{name}: {shown(field, old)} → {shown(field, new)}")
    if limit is not None and len(changes) > limit:
        return [*changes[:limit], f"and {len(changes) - limit} more"]
    return changes


def shown(field: models.Field | None, value) -> str:
    if value in (None, "", [], {}):
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(field, models.DecimalField) and isinstance(value, int | float):
        return f"{Decimal(str(value)):.{field.decimal_places}f}"
    text = value if isinstance(value, str) else str(value)
    return text if len(text) <= VALUE_LENGTH else f"{text[: VALUE_LENGTH - 1]}…"


def record_label(entry: AuditLogEntry) -> str:
    """The record as it was at the row (`Order 1042 (QUOTED)`), written as the record writes
    itself, from the row's own fields: so a deleted record has its label too."""
    model = apps.get_model(entry.pgh_obj_model)
    data = entry.pgh_data or {}
    values = {f.attname: data[f.column] for f in model._meta.concrete_fields if f.column in data}
    return str(model(**values))


def actor_of(context: dict | None) -> str:
    """Who made the change: a staff user by their name, an API client, a command or a task by
    theirs, with what they are; `unknown` for a write outside any context (raw SQL)."""
    context = context or {}
    kind = context.get("actorType")
    name = context.get("operatorName") or context.get("actorName")
    if kind is None or name is None:
        return "unknown"
    return f"{name} ({ACTOR_KINDS.get(kind, kind)})"
