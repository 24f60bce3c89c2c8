"""Retention: webhook events (with their attempts), Idempotency-Keys and the audit trail's rows
past their time are deleted, by Celery beat (hourly) and by `manage.py purge_old_records`.

Rows go in batches, each its own short transaction that locks only the rows it deletes and
skips those another transaction holds (SKIP LOCKED), so a purge never makes a request or a
worker wait long, and one stopped halfway (its time budget spent, a deploy) has lost nothing:
the next run goes on where it stopped. docs/decisions/0047-retention.md.
"""

import time
from collections import Counter
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Exists, OuterRef, QuerySet
from django.utils import timezone

from companies.models import FINISHED_EVENT_STATES, Event, EventAttempt, IdempotencyKey
from config.kernel.audit import audit_models

# Rows per batch: one statement per kind, a lock held for milliseconds.
BATCH_SIZE = 1000


def events_expired() -> QuerySet[Event]:
    """Events finished (delivered, failed, or never to be sent) that nothing has happened to for
    EVENT_RETENTION_DAYS: recorded, and last attempted, before then (an old event an operator
    redelivered stays as long as a new one). Pending ones are kept whatever their age. The
    index `event_finished_created` serves this, oldest first."""
    cutoff = timezone.now() - timedelta(days=settings.EVENT_RETENTION_DAYS)
    attempted_since = EventAttempt.objects.filter(event=OuterRef("pk"), attempted_at__gte=cutoff)
    return Event.objects.filter(state__in=FINISHED_EVENT_STATES, created_at__lt=cutoff).exclude(
        Exists(attempted_since)
    )


def idempotency_keys_expired() -> QuerySet[IdempotencyKey]:
    """Keys past their lifetime (24 hours): as if never used."""
    return IdempotencyKey.objects.filter(created_at__lt=timezone.now() - IdempotencyKey.LIFETIME)


def audit_rows_expired() -> list[QuerySet]:
    """Per audit table, the rows of changes made more than AUDIT_RETENTION_DAYS ago, whatever
    they record (the record may live on: its later rows stay). Each table's index on
    `pgh_created_at` (config.kernel.audit.audited) serves this, oldest first."""
    cutoff = timezone.now() - timedelta(days=settings.AUDIT_RETENTION_DAYS)
    return [model.objects.filter(pgh_created_at__lt=cutoff) for model in audit_models()]


@dataclass(frozen=True, kw_only=True)
class Purged:
    """How many rows of each kind a purge deleted (or, in a dry run, would delete), and whether
    it reached the end: False when its time budget ran out with rows left for the next run."""

    events: int
    attempts: int
    idempotency_keys: int
    audit_rows: int = 0
    complete: bool = True


def purge_old_records(
    *, batch_size: int = BATCH_SIZE, max_seconds: float | None = None, dry_run: bool = False
) -> Purged:
    """Delete the expired events (their attempts with them), Idempotency-Keys and audit rows,
    oldest first, `batch_size` rows a transaction, until none is left or `max_seconds` have
    passed (checked between batches). A dry run counts them and deletes nothing."""
    audit = audit_rows_expired()
    if dry_run:
        events = events_expired()
        return Purged(
            events=events.count(),
            attempts=EventAttempt.objects.filter(event__in=events).count(),
            idempotency_keys=idempotency_keys_expired().count(),
            audit_rows=sum(rows.count() for rows in audit),
        )
    deadline = None if max_seconds is None else time.monotonic() + max_seconds
    deleted: Counter[str] = Counter()
    complete = True
    # Keys first: few, and cheap; a budget spent on a backlog of events leaves them done. The
    # audit trail last: a year's worth of it is kept, so its backlog is the rarest.
    purges = [
        (idempotency_keys_expired(), "created_at"),
        (events_expired(), "created_at"),
        *((rows, "pgh_created_at") for rows in audit),
    ]
    for expired, made_at in purges:
        complete = _delete_in_batches(
            expired, deleted, made_at=made_at, batch_size=batch_size, deadline=deadline
        )
        if not complete:
            break
    return Purged(
        events=deleted[Event._meta.label],
        attempts=deleted[EventAttempt._meta.label],
        idempotency_keys=deleted[IdempotencyKey._meta.label],
        audit_rows=sum(deleted[rows.model._meta.label] for rows in audit),
        complete=complete,
    )


def _delete_in_batches(
    expired: QuerySet,
    deleted: Counter[str],
    *,
    made_at: str,
    batch_size: int,
    deadline: float | None,
) -> bool:
    """Delete the rows of `expired`, oldest first (by `made_at`), a batch a transaction, counting
    them into `deleted` by model label (cascades included: an event's attempts go in its batch,
    in one statement). True once none is left; False when the deadline passed first. A batch
    shorter than asked for ends it: the rows it skipped are held by others, and left to the next
    run."""
    while True:
        with transaction.atomic():
            batch = list(
                expired.select_for_update(skip_locked=True)
                .order_by(made_at)
                .values_list("pk", flat=True)[:batch_size]
            )
            if batch:
                _, counts = expired.model.objects.filter(pk__in=batch).only("pk").delete()
                deleted.update(counts)
        if len(batch) < batch_size:
            return True
        if deadline is not None and time.monotonic() >= deadline:
            return False
