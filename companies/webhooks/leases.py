"""Who may attempt an event now. An attempt first leases the event (`event_claim`), so a sweep
or a second worker never sends it at the same time; the sweep hands due events out
(`events_hand_out`), each to one task. Rows are taken with SKIP LOCKED: a row another worker
holds is left to it."""

from datetime import datetime, timedelta
from uuid import UUID

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from companies.models import Event, EventState

# While an attempt runs, the event is not due: a sweep will not start a second one.
ATTEMPT_LEASE = timedelta(seconds=60)
# A due event the sweep queued is claimed only by that task until then.
HAND_OUT_LEASE = timedelta(seconds=60)
SWEEP_BATCH = 500


def event_claim(event_id: UUID, *, handed_out_until: datetime | None = None) -> Event | None:
    """The event, if it is due now (or handed out by the sweep to this very task), leased to the
    caller for one attempt; None when it is not due, already delivered or given up, or being
    attempted by another worker."""
    due = Q(next_attempt_at__lte=timezone.now())
    if handed_out_until is not None:
        due |= Q(next_attempt_at=handed_out_until)
    with transaction.atomic():
        event = (
            Event.objects.select_for_update(skip_locked=True)
            .select_related("company")
            .filter(due, pk=event_id, state=EventState.PENDING)
            .first()
        )
        if event is None:
            return None
        event.next_attempt_at = timezone.now() + ATTEMPT_LEASE
        event.save(update_fields=["next_attempt_at"])
    return event


def events_hand_out(*, limit: int = SWEEP_BATCH) -> list[tuple[UUID, datetime]]:
    """Pending events whose attempt is due (retries, and events the broker never got because
    it was down at commit), each handed out until a time only its task may claim it before:
    a later sweep does not queue it again unless that task is lost."""
    until = timezone.now() + HAND_OUT_LEASE
    with transaction.atomic():
        due = list(
            Event.objects.select_for_update(skip_locked=True)
            .filter(state=EventState.PENDING, next_attempt_at__lte=timezone.now())
            .order_by("next_attempt_at")
            .values_list("pk", flat=True)[:limit]
        )
        Event.objects.filter(pk__in=due).update(next_attempt_at=until)
    return [(event_id, until) for event_id in due]
