"""The outbox's part in readiness (config/ops/health.py): deliveries are being worked.

An event waits in the outbox, PENDING, until its `next_attempt_at`; a worker then takes it
(moving `next_attempt_at` to the end of its lease) and delivers it, or schedules its retry. So
the most overdue PENDING event says whether the workers keep up: one due longer than
`HEALTH_OUTBOX_MAX_AGE_SECONDS` ago means no worker (or no beat sweep) has taken it since.
An event waiting for a retry is not due, however old: a receiver that is down does not make
the service unready. One query, on the partial index `event_due_pending`.
"""

from django.conf import settings
from django.db.models import Min
from django.utils import timezone

from companies.models import Event, EventState
from config.ops.health import Unhealthy


def outbox_check() -> dict:
    oldest_due = Event.objects.filter(state=EventState.PENDING).aggregate(
        oldest=Min("next_attempt_at")
    )["oldest"]
    overdue = max(0.0, (timezone.now() - oldest_due).total_seconds()) if oldest_due else 0.0
    limit = settings.HEALTH_OUTBOX_MAX_AGE_SECONDS
    details = {"oldestDueSeconds": round(overdue, 1), "maxAgeSeconds": limit}
    if overdue > limit:
        raise Unhealthy("Pending events are not being delivered", **details)
    return details
