"""Webhooks: what happened to a company's records, told to the company through signed POSTs.

The flows call `event_record` inside the transaction of the change, so an event exists exactly
when its change committed (`outbox`). After the commit a Celery task (`tasks`) leases the event
and writes its attempt's row (`leases`), then makes the attempt (`delivery`); a periodic sweep
hands out what is due again (retries, attempts whose worker died) or was never handed to the
broker. Once an attempt succeeds, the company's events waiting for a retry are sent at once,
oldest first, at a bounded rate (`catch_up`). Deliveries are signed per Standard Webhooks, never
follow redirects, refuse non-public addresses unless WEBHOOK_ALLOW_PRIVATE_NETWORKS, and are cut
inside their lease (`http`).

This package knows companies and nothing of the flows beyond the payload it is handed. Its
modules import one another in one direction:
outbox -> tasks -> catch_up -> leases -> delivery -> http.
"""

from companies.webhooks.delivery import MAX_ATTEMPTS, RETRY_DELAYS, event_attempt
from companies.webhooks.http import DeliveryRefused
from companies.webhooks.leases import event_claim, events_hand_out
from companies.webhooks.outbox import event_record, event_redeliver
from companies.webhooks.tasks import catch_up_events, deliver_event, sweep_due_events

__all__ = [
    "MAX_ATTEMPTS",
    "RETRY_DELAYS",
    "DeliveryRefused",
    "catch_up_events",
    "deliver_event",
    "event_attempt",
    "event_claim",
    "event_record",
    "event_redeliver",
    "events_hand_out",
    "sweep_due_events",
]
