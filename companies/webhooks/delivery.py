"""One delivery attempt of a claimed event: signed per Standard Webhooks, its row (written when
the attempt was claimed) completed with what came back, and the event's next state set by the
retry schedule."""

import json
import logging
import random
import time
from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone
from standardwebhooks.webhooks import Webhook

from companies.metrics import WEBHOOK_ATTEMPTS, attempt_outcome
from companies.models import Event, EventAttempt, EventState
from companies.webhooks.http import DeliveryRefused, post

# Standard Webhooks' retry schedule: after the first try, wait these, then give up.
RETRY_DELAYS = [
    timedelta(seconds=5),
    timedelta(minutes=5),
    timedelta(minutes=30),
    timedelta(hours=2),
    timedelta(hours=5),
    timedelta(hours=10),
    timedelta(hours=14),
    timedelta(hours=20),
    timedelta(hours=24),
]
MAX_ATTEMPTS = len(RETRY_DELAYS) + 1
# The HTTP exchange must be over by this share of the attempt's lease; the rest is margin to
# record the outcome before another worker may take the event over.
EXCHANGE_SHARE_OF_LEASE = 2 / 3

logger = logging.getLogger(__name__)


def event_attempt(attempt: EventAttempt) -> EventAttempt:
    """Make a claimed attempt (`event_claim`): POST the event, complete the attempt's row, and
    set the event's next state."""
    event = attempt.event
    url = event.company.webhook_url or ""
    started = time.monotonic()
    status_code, excerpt, error, retry_after = None, "", "", None
    try:
        body = json.dumps(event.payload, separators=(",", ":"))
        timeout = _exchange_time_left(attempt)
        status_code, excerpt, retry_after = post(
            url, body, _signed_headers(event, body), timeout=timeout
        )
    except DeliveryRefused as refusal:
        error = str(refusal)
    except Exception as failure:
        error = f"{type(failure).__name__}: {failure}"
    attempt.status_code, attempt.response_excerpt, attempt.error = status_code, excerpt, error[:500]
    attempt.duration_ms = int((time.monotonic() - started) * 1000)
    attempt.finished_at = timezone.now()
    with transaction.atomic():  # a finished attempt and the event's next state, together
        attempt.save(
            update_fields=["status_code", "response_excerpt", "error", "duration_ms", "finished_at"]
        )
        _after_attempt(event, attempt.leased_until, status_code, retry_after)
    outcome = attempt_outcome(status_code)
    WEBHOOK_ATTEMPTS.labels(outcome).inc()
    logger.info(
        "Webhook attempt %s of %s (%s): %s, status %s, %d ms%s",
        event.attempts,
        event.webhook_id,
        event.kind,
        outcome,
        status_code if status_code is not None else "-",
        attempt.duration_ms,
        f", {attempt.error}" if attempt.error else "",
    )
    return attempt


def accepted(status_code: int | None) -> bool:
    """Whether the receiver took the event: it answered 2xx."""
    return status_code is not None and 200 <= status_code < 300


def _exchange_time_left(attempt: EventAttempt) -> float:
    """Seconds the HTTP exchange may still take: until its share of the lease is used up."""
    lease = attempt.leased_until - attempt.attempted_at
    cut_at = attempt.attempted_at + lease * EXCHANGE_SHARE_OF_LEASE
    return (cut_at - timezone.now()).total_seconds()


def _signed_headers(event: Event, body: str) -> dict[str, str]:
    """Signed with the company's secret current at send time, so retries after a rotation use
    the new one."""
    sent_at = timezone.now()
    signature = Webhook(event.company.webhook_secret).sign(event.webhook_id, sent_at, body)
    return {
        "Content-Type": "application/json",
        "User-Agent": "hlos-webhooks/1",
        "webhook-id": event.webhook_id,
        "webhook-timestamp": str(int(sent_at.timestamp())),
        "webhook-signature": signature,
    }


def _after_attempt(
    event: Event, leased_until: datetime, status_code: int | None, retry_after: int | None
) -> None:
    """Set the event's next state, unless its lease ran out meanwhile and another worker took
    it over (then that worker's outcome stands). The attempt was counted when it began."""
    changes = {"next_attempt_at": None}
    if accepted(status_code):
        changes |= {"state": EventState.DELIVERED, "delivered_at": timezone.now()}
    elif status_code == 410 or event.attempts >= MAX_ATTEMPTS:
        # 410 Gone: the receiver says never again.
        changes["state"] = EventState.FAILED
    else:
        delay = RETRY_DELAYS[event.attempts - 1] * random.uniform(0.9, 1.1)
        if retry_after is not None:
            delay = max(delay, timedelta(seconds=min(retry_after, 86_400)))
        changes["next_attempt_at"] = timezone.now() + delay
    Event.objects.filter(
        pk=event.pk, state=EventState.PENDING, next_attempt_at=leased_until
    ).update(**changes)
