"""The outbox: an event is a row written in the caller's transaction, so it exists exactly when
its change committed; once that commits, it is handed to the workers."""

import orjson
from django.db import transaction
from django.utils import timezone

from companies.models import Company, Event, EventState
from companies.webhooks.leases import attempt_in_flight
from companies.webhooks.tasks import deliver_event
from config.ops.broker import publish_after_commit


def event_record(*, company: Company, kind: str, payload: dict) -> Event:
    """Keep an event of `kind` about `payload` (the resource as the API shows it) in the
    caller's transaction, and hand it to the workers once that commits."""
    event = Event(company=company, kind=kind, payload={})
    # Encoded as the API renderer encodes (config.api.envelope: orjson, UTC as Z, decimals as
    # strings), so timestamps keep their microseconds, exactly as GET shows the resource.
    event.payload = orjson.loads(
        orjson.dumps(
            # Standard Webhooks' shape: the resource whole under `data`, so its own `id` and
            # `type` are not shadowed by the event's.
            {"id": event.webhook_id, "type": kind, "timestamp": timezone.now(), "data": payload},
            default=str,
            option=orjson.OPT_UTC_Z,
        )
    )
    if company.webhook_url:
        event.next_attempt_at = timezone.now()
    else:
        event.state = EventState.NO_ENDPOINT
    event.save(force_insert=True)
    if event.state == EventState.PENDING:
        _hand_over_after_commit(event)
    return event


def event_redeliver(*, event: Event) -> bool:
    """Try an event again from the start of the schedule, now: after it failed, while it waits
    for a retry (its receiver is back), or once its company has a webhook URL. Refused (False)
    while a worker is attempting it (`attempt_in_flight`)."""
    with transaction.atomic():
        # The row first: a claim commits its attempt while holding it, so the check below, a
        # statement of its own, sees any attempt begun until now.
        Event.objects.select_for_update().filter(pk=event.pk).first()
        restarted = (
            Event.objects.filter(pk=event.pk)
            .exclude(attempt_in_flight())
            .update(state=EventState.PENDING, attempts=0, next_attempt_at=timezone.now())
        )
    if restarted:
        _hand_over_after_commit(event)
    return bool(restarted)


def _hand_over_after_commit(event: Event) -> None:
    # With the broker down or hung the change still stands, and the sweep sends it later.
    publish_after_commit(deliver_event, str(event.pk))
