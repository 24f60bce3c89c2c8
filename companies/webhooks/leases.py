"""Who may attempt an event now. An attempt first leases the event (`event_claim`), so a sweep
or a second worker never sends it at the same time; the sweep hands due events out
(`events_hand_out`), each to one task, including those whose lease ran out because the worker
attempting them died. Rows are taken with SKIP LOCKED: a row another worker holds is left to it."""

from datetime import datetime, timedelta
from uuid import UUID

from django.conf import settings
from django.db import transaction
from django.db.models import Exists, OuterRef, Q
from django.utils import timezone

from companies.models import Event, EventAttempt, EventState
from companies.webhooks.delivery import MAX_ATTEMPTS

# A due event the sweep queued is claimed only by that task until then.
HAND_OUT_LEASE = timedelta(seconds=60)
SWEEP_BATCH = 500


def attempt_lease() -> timedelta:
    """How long an attempt holds its event (WEBHOOK_ATTEMPT_LEASE_SECONDS): a little more than
    its HTTP exchange may last, so a crashed attempt is resumed within seconds, and a live one
    has stopped sending before anyone else may start."""
    return timedelta(seconds=settings.WEBHOOK_ATTEMPT_LEASE_SECONDS)


def attempt_in_flight() -> Exists:
    """Whether the event has an attempt begun and not finished whose lease still runs: a worker
    is sending it right now, and nobody else may start or reset it."""
    return Exists(
        EventAttempt.objects.filter(
            event=OuterRef("pk"), finished_at__isnull=True, leased_until__gt=timezone.now()
        )
    )


def event_claim(event_id: UUID, *, handed_out_until: datetime | None = None) -> EventAttempt | None:
    """The attempt begun at the event, if it is due now (or handed out by the sweep to this very
    task): the event leased to it, its attempt counted, and the attempt's row written, all
    committed before any request is made. None when the event is not due, already delivered or
    given up, or being attempted by another worker.

    An attempt begun earlier and never finished (its worker died) was counted when it began, so
    it costs a step of the schedule like a failed one; when it was the last the schedule allows,
    the event is given up here instead of sent again."""
    now = timezone.now()
    due = Q(next_attempt_at__lte=now)
    if handed_out_until is not None:
        due |= Q(next_attempt_at=handed_out_until)
    with transaction.atomic():
        # The event's row only (`of`): its company's row is locked by every write of that
        # company, and skipping the event then would leave a handed-out event for a minute.
        event = (
            Event.objects.select_for_update(skip_locked=True, of=("self",))
            .select_related("company")
            .filter(due, pk=event_id, state=EventState.PENDING)
            .first()
        )
        if event is None:
            return None
        if event.attempts >= MAX_ATTEMPTS:
            event.state, event.next_attempt_at = EventState.FAILED, None
            event.save(update_fields=["state", "next_attempt_at"])
            return None
        event.attempts += 1
        event.next_attempt_at = now + attempt_lease()
        event.save(update_fields=["attempts", "next_attempt_at"])
        return EventAttempt.objects.create(
            event=event,
            url=(event.company.webhook_url or "")[:500],
            leased_until=event.next_attempt_at,
        )


def events_hand_out(*, limit: int = SWEEP_BATCH) -> list[tuple[UUID, datetime]]:
    """Pending events whose attempt is due (retries, attempts whose worker died and whose lease
    ran out, and events the broker never got because it was down at commit), each handed out
    until a time only its task may claim it before: a later sweep does not queue it again unless
    that task is lost."""
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
