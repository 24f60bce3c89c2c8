"""Webhooks catch up when an endpoint recovers: once an attempt to a company's endpoint succeeds,
its events waiting for a retry go at once, oldest first, one at a time, through a real Celery
worker to a real local receiver that was down and is back."""

import threading
import time
from datetime import timedelta
from itertools import pairwise

import pytest
from django.db import connections, transaction
from django.utils import timezone

from companies.models import Event, EventState
from companies.tasks import catch_up_events, deliver_event, sweep_due_events
from companies.webhooks import catch_up, event_record
from companies.webhooks.leases import events_hand_out
from tests.conftest import make_caller
from tests.factories import CompanyFactory
from tests.webhook_check import example_data
from tests.workers import wait_for, worker_thread

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)

DOWN = 503


@pytest.fixture(scope="module", autouse=True)
def worker():
    with worker_thread():
        yield


def recorded(company) -> Event:
    """An event recorded in a committed change, as the flows record them, about the schema's
    example order (a body the receivers accept)."""
    with transaction.atomic():
        return event_record(
            company=company, kind="order.updated", payload=example_data("order.updated")
        )


def finished_attempts(event) -> int:
    return event.attempt_log.filter(finished_at__isnull=False).count()


def backlog(company, count: int) -> list[Event]:
    """`count` events of the company, oldest first, whose first attempt and 5-s retry failed (the
    retry made due at once, rather than waited for): they wait for the next retry, 5 minutes
    away."""
    events = [recorded(company) for _ in range(count)]
    wait_for(lambda: all(finished_attempts(event) == 1 for event in events))
    Event.objects.filter(pk__in=[event.pk for event in events]).update(
        next_attempt_at=timezone.now()
    )
    assert sweep_due_events() == count
    wait_for(lambda: all(finished_attempts(event) == 2 for event in events))
    for event in events:
        event.refresh_from_db()
        assert (event.state, event.attempts) == (EventState.PENDING, 2)
        assert event.next_attempt_at - timezone.now() > timedelta(minutes=4)
    return events


def accepted(receiver) -> list[dict]:
    """The requests the receiver answered 2xx, in the order they came."""
    return [r for r in receiver.requests if 200 <= r.get("status", 0) < 300]


def ids(requests) -> list[str]:
    return [request["headers"]["webhook-id"] for request in requests]


def all_delivered(events) -> bool:
    pks = [event.pk for event in events]
    return not Event.objects.filter(pk__in=pks).exclude(state=EventState.DELIVERED).exists()


def worker_done(receiver_factory) -> None:
    """Until the worker has run every task queued so far: it takes them in order, one at a
    time, so an event recorded now is sent after them."""
    sentinel = recorded(CompanyFactory(webhook_url=receiver_factory(200).url))
    wait_for(lambda: Event.objects.get(pk=sentinel.pk).state == EventState.DELIVERED)


def test_once_a_new_event_gets_through_the_waiting_ones_follow_oldest_first_each_once(
    receiver_factory,
):
    receiver = receiver_factory(DOWN)
    company = CompanyFactory(webhook_url=receiver.url)
    waiting = backlog(company, 5)

    receiver.answer(200)
    fresh = recorded(company)

    wait_for(lambda: all_delivered([fresh, *waiting]), timeout=30)
    got = accepted(receiver)
    assert ids(got) == [fresh.webhook_id] + [event.webhook_id for event in waiting]
    assert got[-1]["received_at"] - got[0]["received_at"] < timedelta(seconds=30)
    assert ids(receiver.requests).count(fresh.webhook_id) == 1
    for event in waiting:
        event.refresh_from_db()
        assert (event.attempts, event.next_attempt_at) == (3, None)
        assert ids(receiver.requests).count(event.webhook_id) == 3  # 2 failed, then this one


def test_a_redelivered_event_that_gets_through_brings_the_waiting_ones_with_it(receiver_factory):
    receiver = receiver_factory(DOWN)
    caller = make_caller()
    company = CompanyFactory(api_client=caller.api_client, code="CUP", webhook_url=receiver.url)
    first, second, chosen, last = backlog(company, 4)

    receiver.answer(200)
    response = caller.post(
        f"/events/{chosen.webhook_id}/redeliver", {"companyCode": "CUP"}, format="json"
    )

    assert response.status_code == 200
    wait_for(lambda: all_delivered([first, second, chosen, last]), timeout=30)
    assert ids(accepted(receiver)) == [e.webhook_id for e in (chosen, first, second, last)]
    feed = caller.get("/events", {"companyCode": "CUP"}).json()["envelop"]
    assert [(e["id"], e["delivery"]["state"]) for e in feed] == [
        (e.webhook_id, "DELIVERED") for e in (last, chosen, second, first)
    ]


def test_the_catch_up_stops_at_the_first_failure_and_the_rest_keep_their_schedule(
    receiver_factory,
):
    receiver = receiver_factory(DOWN)
    company = CompanyFactory(webhook_url=receiver.url)
    taken, refused, *left = backlog(company, 4)
    received_before = len(receiver.requests)

    receiver.answer(200, 200, DOWN)  # the new event, the oldest waiting one, then down again
    fresh = recorded(company)

    wait_for(lambda: finished_attempts(refused) == 3)
    worker_done(receiver_factory)
    after = receiver.requests[received_before:]
    assert ids(after) == [event.webhook_id for event in (fresh, taken, refused)]
    assert [request["status"] for request in after] == [200, 200, DOWN]
    taken.refresh_from_db()
    assert taken.state == EventState.DELIVERED
    refused.refresh_from_db()
    assert (refused.state, refused.attempts) == (EventState.PENDING, 3)
    assert refused.next_attempt_at - timezone.now() > timedelta(minutes=25)  # the 30-min step
    for event in left:
        unchanged = Event.objects.get(pk=event.pk)
        assert (unchanged.state, unchanged.attempts) == (EventState.PENDING, 2)
        assert unchanged.next_attempt_at == event.next_attempt_at


def test_another_companys_waiting_events_are_left_to_their_schedule(receiver_factory):
    theirs_receiver = receiver_factory(DOWN)
    theirs = backlog(CompanyFactory(webhook_url=theirs_receiver.url), 2)  # older than ours
    receiver = receiver_factory(DOWN)
    company = CompanyFactory(webhook_url=receiver.url)
    ours = backlog(company, 2)
    received_by_them = len(theirs_receiver.requests)

    receiver.answer(200)
    theirs_receiver.answer(200)  # back too, but nothing of ours tells that
    fresh = recorded(company)

    wait_for(lambda: all_delivered([fresh, *ours]), timeout=30)
    worker_done(receiver_factory)
    assert len(theirs_receiver.requests) == received_by_them
    for event in theirs:
        unchanged = Event.objects.get(pk=event.pk)
        assert (unchanged.state, unchanged.attempts) == (EventState.PENDING, 2)
        assert unchanged.next_attempt_at == event.next_attempt_at


def test_a_long_backlog_goes_at_the_set_rate_in_runs_that_follow_one_another(
    receiver_factory, settings, monkeypatch
):
    settings.WEBHOOK_CATCH_UP_RATE = 10
    monkeypatch.setattr(catch_up, "BATCH_SECONDS", 0.25)  # a few events a run
    receiver = receiver_factory(DOWN)
    company = CompanyFactory(webhook_url=receiver.url)
    waiting = backlog(company, 8)

    receiver.answer(200)
    fresh = recorded(company)

    wait_for(lambda: all_delivered([fresh, *waiting]), timeout=30)
    got = accepted(receiver)
    assert ids(got) == [fresh.webhook_id] + [event.webhook_id for event in waiting]
    arrivals = [request["received_at"] for request in got[1:]]
    gaps = [later - earlier for earlier, later in pairwise(arrivals)]
    assert min(gaps) > timedelta(seconds=0.08), gaps  # 10 a second at most
    assert all(Event.objects.get(pk=event.pk).attempts == 3 for event in waiting)


def test_events_other_workers_reach_for_meanwhile_are_still_sent_once(receiver_factory, settings):
    settings.WEBHOOK_CATCH_UP_RATE = 5  # slow enough for the others to race it
    receiver = receiver_factory(DOWN)
    company = CompanyFactory(webhook_url=receiver.url)
    waiting = backlog(company, 6)
    # Their retries fall due as the receiver comes back: the sweep hands them out, and the
    # tasks it queued race the catch-up for them (here, threads calling the task at once).
    Event.objects.filter(pk__in=[event.pk for event in waiting]).update(
        next_attempt_at=timezone.now()
    )
    handed_out = events_hand_out()
    receiver.answer(200)
    fresh = recorded(company)
    wait_for(lambda: waiting[0].webhook_id in ids(accepted(receiver)))  # the catch-up's first

    def other_worker():
        try:
            while not all_delivered(waiting):
                for event_id, until in handed_out:
                    deliver_event(str(event_id), until.isoformat())
        finally:
            connections.close_all()

    workers = [threading.Thread(target=other_worker) for _ in range(3)]
    for thread in workers:
        thread.start()
    for thread in workers:
        thread.join(timeout=30)

    wait_for(lambda: all_delivered([fresh, *waiting]), timeout=30)
    worker_done(receiver_factory)
    for event in waiting:
        assert ids(receiver.requests).count(event.webhook_id) == 3  # 2 failed, then once
        assert Event.objects.get(pk=event.pk).attempts == 3


def test_two_catch_ups_of_one_company_never_run_at_once(receiver_factory, settings):
    settings.WEBHOOK_CATCH_UP_RATE = 20
    receiver = receiver_factory(DOWN, answer_after=0.15)  # longer than the rate's 0.05 s
    company = CompanyFactory(webhook_url=receiver.url)
    waiting = backlog(company, 6)
    receiver.answer(200)
    together = threading.Barrier(2)

    def catch_up_worker():  # two workers, each given a catch-up of the company at once
        try:
            together.wait()
            catch_up_events(str(company.pk))
        finally:
            connections.close_all()

    workers = [threading.Thread(target=catch_up_worker) for _ in range(2)]
    for thread in workers:
        thread.start()
    for thread in workers:
        thread.join(timeout=30)

    assert all_delivered(waiting)
    got = accepted(receiver)
    assert ids(got) == [event.webhook_id for event in waiting]
    gaps = [b["received_at"] - a["received_at"] for a, b in pairwise(got)]
    assert min(gaps) >= timedelta(seconds=0.15), gaps  # each sent once the one before was answered


def test_without_workers_the_catch_up_runs_in_the_process(receiver_factory, settings, eager_tasks):
    # As without REDIS_URL: tasks run in the process, and the cache is the process's own.
    settings.CACHES = {"default": {"BACKEND": "config.ops.cache.BudgetMemoryCache"}}
    receiver = receiver_factory(DOWN)
    company = CompanyFactory(webhook_url=receiver.url)
    waiting = backlog(company, 3)

    receiver.answer(200)
    started = time.monotonic()
    fresh = recorded(company)  # its attempt, and the catch-up, run at its commit

    assert time.monotonic() - started < 10
    assert ids(accepted(receiver)) == [fresh.webhook_id] + [event.webhook_id for event in waiting]
    assert all_delivered([fresh, *waiting])
