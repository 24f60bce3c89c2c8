"""`manage.py redeliver_events` sends failed events (or a chosen few) again."""

import io
from datetime import datetime, timedelta

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from companies.models import Event, EventState
from tests.factories import CompanyFactory, EventFactory

pytestmark = pytest.mark.django_db


def redeliver(*args) -> str:
    output = io.StringIO()
    call_command("redeliver_events", *args, stdout=output)
    return output.getvalue()


def created_at(event, moment: datetime):
    Event.objects.filter(pk=event.pk).update(created_at=moment)
    return event


def pending() -> set:
    return set(
        Event.objects.filter(state=EventState.PENDING, attempts=0).values_list("pk", flat=True)
    )


def test_by_default_every_failed_event_is_queued_again(django_capture_on_commit_callbacks):
    failed = EventFactory(), EventFactory()
    EventFactory(state=EventState.DELIVERED)

    with django_capture_on_commit_callbacks() as queued:
        output = redeliver()

    assert output == "Queued 2 event(s) for redelivery.\n"
    assert len(queued) == 2
    assert pending() == {event.pk for event in failed}


def test_events_are_chosen_by_company_kind_and_state():
    chosen = EventFactory(company__code="ACM", kind="order.quoted", state=EventState.DELIVERED)
    EventFactory(company=chosen.company, kind="order.cancelled", state=EventState.DELIVERED)
    EventFactory(company=chosen.company, kind="order.quoted")
    EventFactory(kind="order.quoted", state=EventState.DELIVERED)

    output = redeliver("--company", "ACM", "--kind", "order.quoted", "--state", "DELIVERED")

    assert output == "Queued 1 event(s) for redelivery.\n"
    assert pending() == {chosen.pk}


def test_since_is_inclusive_and_until_exclusive():
    start = timezone.now().replace(microsecond=0) - timedelta(days=2)
    before = created_at(EventFactory(), start - timedelta(seconds=1))
    at_start = created_at(EventFactory(), start)
    at_end = created_at(EventFactory(), start + timedelta(days=1))

    redeliver("--since", start.isoformat(), "--until", (start + timedelta(days=1)).isoformat())

    assert pending() == {at_start.pk}
    assert {before.pk, at_end.pk}.isdisjoint(pending())


def test_events_of_a_company_without_webhook_url_are_skipped_and_counted():
    EventFactory()
    without_url = EventFactory(company=CompanyFactory(webhook_url=None))

    output = redeliver()

    assert output == (
        "Queued 1 event(s) for redelivery.\n"
        "Skipped 1 event(s): their company has no webhook URL, or a worker is attempting them "
        "now.\n"
    )
    assert Event.objects.get(pk=without_url.pk).state == EventState.FAILED


def test_an_unknown_company_is_a_command_error():
    with pytest.raises(CommandError, match="No company has the code 'NOP'"):
        redeliver("--company", "NOP")


def test_a_time_that_is_not_iso_is_a_command_error():
    with pytest.raises(CommandError, match="Not an ISO 8601 date or time: 'yesterday'"):
        redeliver("--since", "yesterday")


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_the_progress_bar_goes_to_the_terminal_and_the_count_to_stdout(monkeypatch):
    terminal = Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    EventFactory(), EventFactory()

    output = redeliver()

    assert "Queueing: 100%" in terminal.getvalue()
    assert "2/2" in terminal.getvalue()
    assert output == "Queued 2 event(s) for redelivery.\n"
