"""Operators find the events of an order or movement request by its number, and each event's
state says what will really happen to it: without a worker nothing retries."""

import pytest
from django.urls import reverse

from companies.models import EventState
from tests.factories import EventFactory

pytestmark = pytest.mark.django_db

CHANGELIST = reverse("admin:companies_event_changelist")


def about(kind: str, key: str, number: int):
    return EventFactory(kind=kind, payload={"type": kind, "data": {key: number}})


def test_a_number_finds_the_events_of_that_order_or_movement_request(admin_client):
    order_events = {about("order.quoted", "orderNumber", 42).pk}
    movement_events = {about("movement_request.created", "movementRequestNumber", 42).pk}
    about("order.quoted", "orderNumber", 420)
    about("movement_request.created", "movementRequestNumber", 7)

    page = admin_client.get(CHANGELIST, {"q": "42"})

    assert {event.pk for event in page.context["cl"].result_list} == order_events | movement_events


@pytest.mark.parametrize(
    ("eager", "attempts", "described"),
    [
        (False, 2, "Pending: a worker delivers it, or retries it at its next attempt time"),
        (True, 2, "Pending: an attempt failed, and no worker runs to retry it (no REDIS_URL)"),
        (True, 0, "Pending: not attempted, and no worker runs (no REDIS_URL); redeliver it"),
    ],
)
def test_a_pending_event_says_whether_anything_will_retry_it(
    admin_client, settings, eager, attempts, described
):
    settings.CELERY_TASK_ALWAYS_EAGER = eager
    EventFactory(state=EventState.PENDING, attempts=attempts)

    page = admin_client.get(CHANGELIST)

    assert described in page.text
    assert ("no worker" in page.text) is eager
    assert ("retries it" in page.text) is not eager  # not in the filters either


def test_a_finished_event_reads_the_same_with_or_without_a_worker(admin_client, settings):
    settings.CELERY_TASK_ALWAYS_EAGER = True
    EventFactory(state=EventState.FAILED)

    page = admin_client.get(CHANGELIST)

    assert "Failed: every attempt failed, or the receiver said it is gone" in page.text
    assert "no worker" not in page.text
