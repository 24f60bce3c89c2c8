"""What the outbox recorded, read from its table, and a way to make recording fail for real.

Tests of "the company is told" look at the events table rather than replacing the function
that writes to it: a spy sees that a function was called, the table sees that an event exists,
of the right kind and company, and only if the change that wrote it committed with it.
"""

from contextlib import contextmanager

from django.db import connection

from companies.models import Event


def events_recorded(kind: str) -> list[tuple]:
    """Every event of `kind`, oldest first, as (company id, id of the record it shows, that
    record's status in the event)."""
    events = Event.objects.filter(kind=kind).order_by("created_at")
    return [
        (event.company_id, event.payload["data"]["id"], event.payload["data"]["status"])
        for event in events
    ]


EVENTS_REFUSED = "events refused for the test"


@contextmanager
def failing_event_inserts():
    """Inside the block, PostgreSQL refuses every new event (a trigger raising on INSERT into
    the events table, with the message EVENTS_REFUSED), as a full disk or a broken constraint
    would. A failure of the database itself, so a test of atomicity proves what the transaction
    does, whatever code path records the event. The trigger is dropped after the block, even
    when it fails; use it in `transaction=True` tests, where a failed statement does not break
    the test's own transaction before the drop."""
    table = connection.ops.quote_name(Event._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(
            "CREATE OR REPLACE FUNCTION tests_refuse_event() RETURNS trigger LANGUAGE plpgsql "
            f"AS $$ BEGIN RAISE EXCEPTION '{EVENTS_REFUSED}'; END $$"
        )
        cursor.execute(
            f"CREATE TRIGGER tests_refuse_event BEFORE INSERT ON {table} "
            "FOR EACH ROW EXECUTE FUNCTION tests_refuse_event()"
        )
    try:
        yield
    finally:
        with connection.cursor() as cursor:
            cursor.execute(f"DROP TRIGGER tests_refuse_event ON {table}")
            cursor.execute("DROP FUNCTION tests_refuse_event()")
