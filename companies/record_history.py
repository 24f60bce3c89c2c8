"""One history of a record that moves along a status graph (an order, a movement request): its
status moves, the edits operators saved on its admin page, and the events the company was sent
about it with every delivery attempt, merged into one timeline, newest last.

Read in a fixed number of queries whatever the record's history holds: its status changes, its
admin log entries (with their users), its events and their attempts. Lives beside the outbox,
which knows nothing of orders or movements: a record is read through what every flow's records
share (`status_history`, `company_id`, the `id` its events' payloads carry)."""

from dataclasses import dataclass
from datetime import datetime
from uuid import UUID

from django.contrib.admin.models import LogEntry
from django.contrib.contenttypes.models import ContentType
from django.db.models import Model, Prefetch

from companies.models import Event, EventAttempt


@dataclass(frozen=True)
class HistoryEntry:
    """One line of the timeline: when, who, what happened, and what came with it."""

    at: datetime
    kind: str  # "move", "edit" or "webhook"
    who: str
    what: str
    details: tuple[str, ...] = ()
    event_id: UUID | None = None


def record_history(record: Model) -> list[HistoryEntry]:
    """The record's timeline, oldest first; at one instant, a move before the edit saved with
    it and before the events it caused."""
    entries = [
        *_moves(record),
        *_edits(record),
        *_webhooks(record),
    ]
    order = {"move": 0, "edit": 1, "webhook": 2}
    return sorted(entries, key=lambda entry: (entry.at, order[entry.kind]))


def _moves(record: Model) -> list[HistoryEntry]:
    entries = []
    for change in record.status_history.all():
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
                details=tuple(came_with),
            )
        )
    return entries


def _edits(record: Model) -> list[HistoryEntry]:
    """What operators saved on the record's page (the lines' prices, a move's ETA and tracking):
    Django's admin log, which its History page showed alone."""
    log = LogEntry.objects.filter(
        content_type=ContentType.objects.get_for_model(record), object_id=str(record.pk)
    ).select_related("user")
    return [
        HistoryEntry(
            at=entry.action_time,
            kind="edit",
            who=entry.user.get_username(),
            what=entry.get_change_message() or "Saved without changes",
        )
        for entry in log
    ]


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
