"""One delivery attempt of a claimed event: signed per Standard Webhooks, recorded, and the
event's next state set by the retry schedule."""

import json
import random
import time
from datetime import timedelta

from django.utils import timezone
from standardwebhooks.webhooks import Webhook

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


def event_attempt(event: Event) -> EventAttempt:
    """One delivery attempt of a claimed event, recorded, and the event's next state set."""
    url = event.company.webhook_url or ""
    started = time.monotonic()
    status_code, excerpt, error, retry_after = None, "", "", None
    try:
        body = json.dumps(event.payload, separators=(",", ":"))
        status_code, excerpt, retry_after = post(url, body, _signed_headers(event, body))
    except DeliveryRefused as refusal:
        error = str(refusal)
    except Exception as failure:
        error = f"{type(failure).__name__}: {failure}"
    attempt = EventAttempt.objects.create(
        event=event,
        url=url[:500],
        status_code=status_code,
        response_excerpt=excerpt,
        error=error[:500],
        duration_ms=int((time.monotonic() - started) * 1000),
    )
    _after_attempt(event, status_code, retry_after)
    return attempt


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


def _after_attempt(event: Event, status_code: int | None, retry_after: int | None) -> None:
    """Set the event's next state, unless its lease ran out meanwhile and another worker took
    it over (then that worker's outcome stands)."""
    leased_until = event.next_attempt_at
    attempts = event.attempts + 1
    changes = {"attempts": attempts, "next_attempt_at": None}
    if status_code is not None and 200 <= status_code < 300:
        changes |= {"state": EventState.DELIVERED, "delivered_at": timezone.now()}
    elif status_code == 410 or attempts > len(RETRY_DELAYS):
        # 410 Gone: the receiver says never again.
        changes["state"] = EventState.FAILED
    else:
        delay = RETRY_DELAYS[attempts - 1] * random.uniform(0.9, 1.1)
        if retry_after is not None:
            delay = max(delay, timedelta(seconds=min(retry_after, 86_400)))
        changes["next_attempt_at"] = timezone.now() + delay
    Event.objects.filter(
        pk=event.pk, state=EventState.PENDING, next_attempt_at=leased_until
    ).update(**changes)
