"""Claims racing the flows' writes, on the real database with real threads."""

import threading

import pytest
from django.db import connection, transaction
from django.utils import timezone

from companies import webhooks
from companies.models import Company, Event, EventState
from tests.factories import CompanyFactory

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)


def test_a_claim_is_not_skipped_while_a_write_holds_the_events_company():
    # Every company-scoped write locks its company row (companies.selectors) for its whole
    # transaction. A claim locking that row too (select_related under FOR UPDATE SKIP LOCKED)
    # skipped the event while any write of its company ran: an event handed out by the sweep
    # then waited for the next hand-out, 60 s later.
    company = CompanyFactory(webhook_url="http://127.0.0.1:9/hooks")
    event = Event.objects.create(
        company=company, kind="order.created", payload={}, next_attempt_at=timezone.now()
    )
    locked, release = threading.Event(), threading.Event()

    def write_of_the_company():
        try:
            with transaction.atomic():
                Company.objects.select_for_update().get(pk=company.pk)
                locked.set()
                release.wait(timeout=10)
        finally:
            connection.close()

    writer = threading.Thread(target=write_of_the_company)
    writer.start()
    try:
        assert locked.wait(timeout=10)
        attempt = webhooks.event_claim(event.pk)
    finally:
        release.set()
        writer.join()

    assert attempt is not None
    event.refresh_from_db()
    assert (event.state, event.attempts) == (EventState.PENDING, 1)
