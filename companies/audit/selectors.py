"""The audit trail as a client reads it: a company's events, newest first (GET /audit-events),
or oldest first (`export_audit`), in the shape companies.answers.AuditEventSerializer declares.

One query reads a page: a `UNION ALL` of one `SELECT` per audited record (its rows of the
company, narrowed by the criteria and the page's cursor, each branch ordered and cut to the
page's length), ordered and cut again. Each row brings its fields and those of the record's
previous row on the trail as JSON (companies.audit.registry), so a change's old and new values
need no other query. Plain Python then shapes each event.
"""

import orjson
from django.db import connection
from django.db.models import Case, CharField, F, Q, QuerySet, TextField, Value, When
from django.db.models.functions import Cast

from companies.audit.criteria import NO_CRITERIA, STATUS_CHANGED, AuditCriteria
from companies.audit.registry import (
    AuditedRecord,
    audited_record,
    audited_records,
    company_scope,
)
from companies.models import Company
from config.kernel.audit import OPERATOR_NAME, Action, ActorType
from config.kernel.keyset import WHOLE_LIST, Keyset, Page

# The list's order: when, then which table and which row of it (the rows of one transaction
# share its time). `kind` and `seq` make an event's id (`hardware:42`).
AUDIT_EVENTS = Keyset("audit-events", ("-occurred_at", "-kind", "-seq"))
# The export's: the same, oldest first.
AUDIT_EVENTS_OLDEST_FIRST = Keyset("audit-events-oldest", ("occurred_at", "kind", "seq"))
# What each branch of the union reads, in this order.
_COLUMNS = (
    "occurred_at",
    "kind",
    "seq",
    "action",
    "target_id",
    "parent_id",
    "context",
    "fields",
    "previous",
)


def audit_event_rows(
    *, company: Company, criteria: AuditCriteria = NO_CRITERIA, page: Page = WHOLE_LIST
) -> list[dict]:
    """The company's events matching `criteria`, in the page's order (newest first without
    one), as the API answers them, with the page's key columns."""
    keyset = page.keyset or AUDIT_EVENTS
    branches = [
        _branch(record, company, criteria, page, keyset)
        for record in audited_records()
        if _concerned(record, criteria)
    ]
    branches = [branch for branch in branches if branch is not None]
    if not branches:
        return []
    events = branches[0]
    if len(branches) > 1:
        events = events.union(*branches[1:], all=True).order_by(*keyset.order)
        if page.limit is not None:
            events = events[: page.limit + 1]
    return [_event_with_key(row, page) for row in _rows(events)]


def _rows(events: QuerySet) -> list[dict]:
    """The rows of `events`, read as `SELECT * FROM (<the union>)`. The union of branches each
    ordered and cut to the page (so that PostgreSQL builds the JSON of a page's rows only, not
    of all the company's) is written `(SELECT ...) UNION ALL (SELECT ...)`, and pghistory takes
    a statement that does not begin with SELECT for a write, which it prefixes with the
    change's context (config.kernel.audit)."""
    sql, params = events.query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT * FROM ({sql}) AS events", params)
        names = [column.name for column in cursor.description]
        rows = [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]
    for row in rows:
        # JSON is read as text (as Django reads it), and parsed here.
        for name in ("context", "fields", "previous"):
            row[name] = None if row[name] is None else orjson.loads(row[name])
    return rows


def _concerned(record: AuditedRecord, criteria: AuditCriteria) -> bool:
    """Whether `record`'s rows can match: `targetType` takes a record's children with it."""
    if criteria.target_type is None:
        return True
    parent_type = record.parent.target_type if record.parent else None
    return criteria.target_type in (record.target_type, parent_type)


def _branch(
    record: AuditedRecord, company: Company, criteria: AuditCriteria, page: Page, keyset: Keyset
) -> QuerySet | None:
    """`record`'s rows of the union, or None when none can match."""
    rows = record.audit_model.objects.filter(company_scope(record, company))
    if criteria.target_id is not None:
        about = _about(record, criteria.target_id)
        if about is None:
            return None
        rows = rows.filter(about)
    if criteria.actor_type is not None:
        rows = rows.filter(pgh_context__actorType=criteria.actor_type)
    if criteria.request_id is not None:
        rows = rows.filter(pgh_context__requestId=criteria.request_id)
    if criteria.since is not None:
        rows = rows.filter(pgh_created_at__gte=criteria.since)
    if criteria.until is not None:
        rows = rows.filter(pgh_created_at__lt=criteria.until)
    rows = rows.annotate(**_columns(record))
    if criteria.action is not None:
        rows = rows.filter(action=criteria.action)
    if page.after_key is not None:
        rows = rows.filter(keyset.after(list(page.after_key)))
    rows = rows.order_by(*keyset.order).values(*_COLUMNS)
    return rows if page.limit is None else rows[: page.limit + 1]


def _about(record: AuditedRecord, target_id) -> Q | None:
    """The rows of the record `target_id` names and of its children."""
    about = Q(pgh_obj_id=target_id) if record.is_keyed_by(target_id) else None
    if record.parent is not None:
        # The parents are keyed by UUIDs.
        parent = Q(**{record.column(record.parent.field): target_id})
        if not isinstance(target_id, int):
            about = parent if about is None else about | parent
    return about


def _columns(record: AuditedRecord) -> dict:
    """The columns of `record`'s branch, named alike in every branch."""
    updated = Q(pgh_label=Action.UPDATED)
    action = F("pgh_label")
    if record.has_status:
        moved = updated & Q(previous_status__isnull=False) & ~Q(previous_status=F("status"))
        action = Case(
            When(moved, then=Value(STATUS_CHANGED)),
            default=F("pgh_label"),
            output_field=TextField(),
        )
    parent = (
        Cast(record.column(record.parent.field), TextField())
        if record.parent is not None
        else Value(None, output_field=TextField())
    )
    columns = {
        "occurred_at": F("pgh_created_at"),
        "kind": Value(record.kind, output_field=CharField()),
        "seq": F("pgh_id"),
        "action": action,
        "target_id": Cast("pgh_obj_id", TextField()),
        "parent_id": parent,
        "context": F("pgh_context"),
        "fields": record.fields_json(),
        "previous": Case(When(updated, then=record.previous_json())),
    }
    if record.has_status:
        return {"previous_status": record.previous_status(), **columns}
    return columns


def _event_with_key(row: dict, page: Page) -> dict:
    event = audit_event(row)
    for name, column in page.columns.items():
        event[name] = row[column.name]
    return event


def audit_event(row: dict) -> dict:
    """An event as the API answers it, from its row of the union."""
    record = audited_record(row["kind"])
    context = row["context"] or {}
    fields = row["fields"]
    parent = None
    if record.parent is not None:
        parent = {"type": record.parent.target_type, "id": row["parent_id"]}
    return {
        "id": f"{row['kind']}:{row['seq']}",
        "occurredAt": row["occurred_at"],
        "action": row["action"],
        "target": {
            "type": record.target_type,
            "id": row["target_id"],
            "label": record.label(fields),
        },
        "parent": parent,
        "actor": _actor(context),
        "source": context.get("source"),
        "requestId": context.get("requestId"),
        "idempotencyKey": context.get("idempotencyKey"),
        "reason": context.get("reason"),
        "changes": record.changes(row["action"], fields, row["previous"]),
    }


def _actor(context: dict) -> dict:
    """Who made the change: an operator is "Operations" to a client, never a member of staff."""
    actor_type = context.get("actorType")
    if actor_type == ActorType.OPERATOR:
        return {"type": actor_type, "name": OPERATOR_NAME}
    return {"type": actor_type, "name": context.get("actorName")}
