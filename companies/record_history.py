"""One history of a record that moves along a status graph (an order, a movement request): its
status moves, its edits, and the events the company was sent about it with every delivery
attempt, merged into one timeline, newest last.

The edits are the record's rows on the audit trail and its children's (an order's lines and
alternatives), with who made each, through what and why (config.backoffice.history). The trail
also holds each move's row: that row is not shown again, it gives its move the move's source,
reason and request.

Read in a fixed number of queries whatever the record's history holds: its status changes, its
rows on the trail, its events and their attempts. Lives beside the outbox, which knows nothing
of orders or movements: a record is read through what every flow's records share
(`status_history`, `company_id`, the `id` its events' payloads carry)."""

from datetime import timedelta

from django.db.models import Model, Prefetch

from companies.models import Event, EventAttempt
from config.backoffice.history import HistoryEntry, context_details, edit_entry
from config.backoffice.trail import record_rows
from config.kernel.audit import Action
from config.models import AuditLogEntry

__all__ = ["HistoryEntry", "record_history"]

# A move and its row on the trail are written in one transaction: the row stamped when it began
# (by the database's clock), the move a moment later (by the service's). Further apart, they
# are not the same change.
MOVE_ROW_WINDOW = timedelta(minutes=1)


def record_history(record: Model) -> list[HistoryEntry]:
    """The record's timeline, oldest first; at one instant, a move before the edit saved with
    it and before the events it caused."""
    rows = record_rows(record)
    moves, rows_of_moves = _moves(record, rows)
    entries = [
        *moves,
        *(edit_entry(record, row) for row in rows if row.pk not in rows_of_moves),
        *_webhooks(record),
    ]
    order = {"move": 0, "edit": 1, "webhook": 2}
    return sorted(entries, key=lambda entry: (entry.at, order[entry.kind]))


def _moves(record: Model, rows: list[AuditLogEntry]) -> tuple[list[HistoryEntry], set[str]]:
    """The moves, each with what its row on the trail says of its context; and those rows."""
    own = [row for row in rows if row.pgh_obj_model == record._meta.label]
    paired: set[str] = set()
    entries = []
    for change in record.status_history.all():
        row = next((row for row in own if row.pk not in paired and _is_row_of(row, change)), None)
        if row is not None:
            paired.add(row.pk)
        came_with = [
            f"{label}: {value}"
            for label, value in (
                ("ETA", change.eta),
                ("tracking code", change.tracking_code),
                ("tracking link", change.tracking_link),
                ("note", change.note),
            )
            if value
        ]
        entries.append(
            HistoryEntry(
                at=change.created_at,
                kind="move",
                who=f"{change.actor_name} ({change.get_actor_kind_display()})",
                what=f"{change.status_from or 'created'} → {change.status_to}",
                details=(*came_with, *context_details(row.pgh_context if row else None)),
            )
        )
    return entries, paired


def _is_row_of(row: AuditLogEntry, change) -> bool:
    """Whether `row` is the trail's record of the status change `change`: the record created in
    its first status, or its status moved from and to the same, at the same time."""
    if abs(change.created_at - row.pgh_created_at) > MOVE_ROW_WINDOW:
        return False
    if change.status_from is None:
        status = (row.pgh_data or {}).get("status")
        return row.pgh_label == Action.CREATED and status == change.status_to
    moved = (row.pgh_diff or {}).get("status")
    return moved == [change.status_from, change.status_to]


def _webhooks(record: Model) -> list[HistoryEntry]:
    """The events about the record (their payload's `data` is the record as the API shows it),
    each with its delivery attempts."""
    events = (
        Event.objects.filter(company_id=record.company_id, payload__data__id=str(record.pk))
        .order_by("created_at", "id")
        .prefetch_related(
            Prefetch("attempt_log", queryset=EventAttempt.objects.order_by("attempted_at", "id"))
        )
    )
    return [
        HistoryEntry(
            at=event.created_at,
            kind="webhook",
            who="the service",
            what=f"{event.kind} event, {event.state}",
            details=tuple(
                f"attempt {number} to {attempt.url}: {attempt}"
                + (f", {attempt.duration_ms} ms" if attempt.duration_ms is not None else "")
                for number, attempt in enumerate(event.attempt_log.all(), start=1)
            ),
            event_id=event.pk,
        )
        for event in events
    ]
