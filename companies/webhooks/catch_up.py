"""Catching up once a company's endpoint answers again. Events that failed while it was down
wait for their next retry, minutes or hours away (`delivery.RETRY_DELAYS`); as soon as an
attempt to the endpoint succeeds, they are sent at once instead: oldest first, one at a time,
at most WEBHOOK_CATCH_UP_RATE a second, until one fails, after which the schedule applies again
to what is left. Each is claimed as every attempt is (`event_claim`), so no event is sent twice
at once, and each keeps its `webhook-id`."""

import logging
import math
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from uuid import UUID

from django.conf import settings
from django.core.cache import cache
from django.db.models import Q, QuerySet
from django.utils import timezone

from companies.models import Event, EventState
from companies.webhooks.delivery import accepted, event_attempt
from companies.webhooks.leases import attempt_in_flight, event_claim

# A run stops starting attempts after this long, and its task queues itself again for the rest
# (tasks.catch_up_events), so no task comes near its time limits.
BATCH_SECONDS = 10.0

logger = logging.getLogger(__name__)


def events_waiting(company_id: UUID) -> QuerySet[Event]:
    """The company's events waiting for a retry: attempted at least once, not being attempted
    now, their next attempt still to come; oldest first."""
    return (
        Event.objects.filter(
            company_id=company_id,
            state=EventState.PENDING,
            attempts__gte=1,
            next_attempt_at__gt=timezone.now(),
        )
        .exclude(attempt_in_flight())
        .order_by("created_at", "id")
    )


def events_catch_up(company_id: UUID) -> tuple[int, bool]:
    """One run of the catch-up: the company's waiting events sent now, oldest first, one at a
    time, until one fails or BATCH_SECONDS have passed. Answers how many were delivered, and
    whether more wait for the next run. Does nothing while another run for the company holds
    its lease."""
    with _company_lease(company_id) as leased:
        if not leased:
            return 0, False
        delivered, more = _run(company_id)
    logger.info(
        "Webhook catch-up of company %s: %d delivered%s",
        company_id,
        delivered,
        ", more to come" if more else "",
    )
    return delivered, more


def _run(company_id: UUID) -> tuple[int, bool]:
    interval = 1 / settings.WEBHOOK_CATCH_UP_RATE
    stop_at = time.monotonic() + BATCH_SECONDS
    next_start = time.monotonic()
    delivered = 0
    after = Q()  # past the last event tried: each is tried at most once a run
    while True:
        event = (
            events_waiting(company_id)
            .filter(after)
            .values("pk", "created_at", "next_attempt_at")
            .first()
        )
        if event is None:
            return delivered, False
        # The pause first, even when the run ends here: the next run's first attempt then
        # keeps to the rate too.
        time.sleep(max(next_start - time.monotonic(), 0))
        if time.monotonic() >= stop_at:
            return delivered, True
        next_start = time.monotonic() + interval
        after = _after(event["created_at"], event["pk"])
        # Claimed only while its next attempt is the one read above, as the sweep hands an
        # event out to one task: if a worker took it meanwhile (or the sweep handed it to one
        # that has not claimed it yet), one of the two claims fails, never both succeed.
        attempt = event_claim(event["pk"], handed_out_until=event["next_attempt_at"])
        if attempt is None:
            continue  # another worker has it, or its attempts are used up (now FAILED)
        if not accepted(event_attempt(attempt).status_code):
            return delivered, False  # down again: the schedule goes on from this attempt
        delivered += 1


def _after(created_at: datetime, pk: UUID) -> Q:
    return Q(created_at__gt=created_at) | Q(created_at=created_at, pk__gt=pk)


@contextmanager
def _company_lease(company_id: UUID) -> Iterator[bool]:
    """Whether this run may catch up the company: one run per company at a time, so its
    events go out in order and at the rate, not twice as fast from two workers.

    A key in the cache, set only if absent (`add`), that expires by itself once a run that died
    would be over, rather than a lock in PostgreSQL: a run lasts seconds of HTTP, and a
    transaction-level lock (the only kind behind PgBouncer, decision 0076) would keep a
    transaction, and a server connection, open all that time. With Redis the key is shared by
    every worker; without it, tasks run in the process and the cache is the process's own.
    A cache that fails makes the run fail, and the schedule still sends every event."""
    key = f"webhooks:catch-up:{company_id}"
    token = uuid.uuid4().hex
    lease = BATCH_SECONDS + 2 * settings.WEBHOOK_ATTEMPT_LEASE_SECONDS
    leased = cache.add(key, token, timeout=math.ceil(lease))
    try:
        yield leased
    finally:
        # Only our own key: a run that outlived its lease leaves the next run's alone.
        if leased and cache.get(key) == token:
            cache.delete(key)
