"""What the outbox recorded, read from its table, and a way to make recording fail for real.

Tests of "the company is told" look at the events table rather than replacing the function
that writes to it: a spy sees that a function was called, the table sees that an event exists,
of the right kind and company, and only if the change that wrote it committed with it.
"""

from companies.models import Event
from tests.support.database import refusing_inserts

EVENTS_REFUSED = "events refused for the test"


def events_recorded(kind: str) -> list[tuple]:
    """Every event of `kind`, oldest first, as (company id, id of the record it shows, that
    record's status in the event)."""
    events = Event.objects.filter(kind=kind).order_by("created_at")
    return [
        (event.company_id, event.payload["data"]["id"], event.payload["data"]["status"])
        for event in events
    ]


def failing_event_inserts():
    """Inside the block (`with failing_event_inserts():`), PostgreSQL refuses every new event
    with EVENTS_REFUSED: to prove that a change whose event cannot be written does not commit
    either, whatever code path writes the event. Use it in `transaction=True` tests."""
    return refusing_inserts(Event, EVENTS_REFUSED)
