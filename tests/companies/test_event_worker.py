"""Webhook delivery end to end: committed events go through Redis to a real Celery worker, which
posts them to a real local HTTP receiver."""

import os
import subprocess
import sys
import time
import uuid
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path

import pytest
from django.db import connections, transaction
from django.utils import timezone
from prometheus_client import REGISTRY
from standardwebhooks.webhooks import Webhook

from companies.models import Event, EventState
from companies.tasks import deliver_event, sweep_due_events
from companies.webhooks import event_record
from config.celery import app
from config.ops import request_ids
from tests.conftest import make_caller
from tests.factories import CompanyFactory, HardwareRequestFactory, OrderFactory
from tests.log_capture import log_lines
from tests.webhook_check import example_data
from tests.workers import wait_for, worker_thread

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)

UNREACHABLE_BROKER = "redis://127.0.0.1:1/0"
ROOT = Path(__file__).resolve().parents[2]
# Short, so a crashed attempt is resumed within the test: its exchange is cut after 2 s.
LEASE_SECONDS = 3.0


@pytest.fixture(scope="module", autouse=True)
def worker():
    """One worker in a thread of this process, on a queue of its own (tests/workers.py)."""
    with worker_thread():
        yield


def recorded(company, kind="order.updated", payload=None) -> Event:
    """An event recorded in a committed change, as the flows record them: about `payload`, or
    the schema's example record of its kind (a body the receivers accept)."""
    if payload is None:
        payload = example_data(kind)
    with transaction.atomic():
        return event_record(company=company, kind=kind, payload=payload)


def finished_attempts(event) -> int:
    """Attempts the worker made and completed (an attempt is counted when it begins)."""
    return event.attempt_log.filter(finished_at__isnull=False).count()


@contextmanager
def broker_down():
    """The producer's broker is unreachable (the worker keeps its own connection)."""
    broker_url = app.conf.broker_url

    def use(url):
        app.conf.broker_url = url
        app.amqp._producer_pool = None  # pools made for the previous URL
        app._pool = None

    use(UNREACHABLE_BROKER)
    try:
        yield
    finally:
        app.pool.force_close_all()
        use(broker_url)


def test_a_committed_event_arrives_signed_and_verifiable(receiver_factory):
    receiver = receiver_factory(200)
    company = CompanyFactory(webhook_url=receiver.url)

    data = example_data("order.cancelled")
    event = recorded(company, kind="order.cancelled", payload=data)

    wait_for(lambda: receiver.requests)
    [request] = receiver.requests
    headers = {name.lower(): value for name, value in request["headers"].items()}
    payload = Webhook(company.webhook_secret).verify(request["body"], headers)
    assert payload == event.payload
    assert (payload["id"], payload["type"]) == (event.webhook_id, "order.cancelled")
    assert payload["data"] == data
    wait_for(lambda: Event.objects.get(pk=event.pk).state == EventState.DELIVERED)


def test_a_receiver_failing_once_gets_the_event_on_the_retry(receiver_factory):
    receiver = receiver_factory(500, 200)
    company = CompanyFactory(webhook_url=receiver.url)
    event = recorded(company)
    wait_for(lambda: finished_attempts(event) == 1)

    # The retry is due in 5 s; make it due now rather than wait, and let the sweep find it.
    Event.objects.filter(pk=event.pk).update(next_attempt_at=timezone.now())
    assert sweep_due_events() == 1

    wait_for(lambda: finished_attempts(event) == 2)
    event.refresh_from_db()
    assert event.state == EventState.DELIVERED
    assert list(event.attempt_log.values_list("status_code", flat=True)) == [500, 200]
    assert [r["headers"]["webhook-id"] for r in receiver.requests] == [event.webhook_id] * 2


def test_a_rolled_back_change_sends_nothing(receiver_factory):
    receiver = receiver_factory(200)
    company = CompanyFactory(webhook_url=receiver.url)

    with pytest.raises(RuntimeError), transaction.atomic():
        event_record(
            company=company, kind="order.cancelled", payload=example_data("order.cancelled")
        )
        raise RuntimeError("the change fails")
    # The worker takes its tasks in order: once a later event arrived, the rolled-back one
    # would have arrived before it, had it been sent.
    later = recorded(company, kind="order.updated")

    wait_for(lambda: receiver.requests)
    assert [r["headers"]["webhook-id"] for r in receiver.requests] == [later.webhook_id]
    assert list(Event.objects.values_list("pk", flat=True)) == [later.pk]


def test_with_the_broker_down_the_change_commits_and_the_sweep_delivers_it_later(
    receiver_factory, caplog, settings
):
    settings.OUTAGE_LOG_INTERVAL_SECONDS = 0  # every failure logged, whatever came before
    receiver = receiver_factory(200)
    company = CompanyFactory(webhook_url=receiver.url)

    with broker_down(), transaction.atomic():
        company.name = "Renamed while Redis is down"
        company.save()
        event = event_record(
            company=company, kind="order.updated", payload=example_data("order.updated")
        )

    # Logged as an outage of the broker (config.ops.broker), without a traceback.
    wait_for(lambda: [r for r in caplog.records if r.name == "config.ops.outages"])
    failed_hand_over = next(r for r in caplog.records if r.name == "config.ops.outages")
    assert failed_hand_over.getMessage().startswith("broker unavailable: 1 publish(es) ")
    assert failed_hand_over.exc_info is None
    company.refresh_from_db()
    assert company.name == "Renamed while Redis is down"
    assert Event.objects.get(pk=event.pk).state == EventState.PENDING
    assert receiver.requests == []

    assert sweep_due_events() == 1
    wait_for(lambda: receiver.requests)
    assert receiver.requests[0]["headers"]["webhook-id"] == event.webhook_id
    wait_for(lambda: Event.objects.get(pk=event.pk).state == EventState.DELIVERED)


def test_an_order_cancelled_through_the_api_reaches_the_company_signed(receiver_factory):
    receiver = receiver_factory(200)
    caller = make_caller()
    company = CompanyFactory(api_client=caller.api_client, code="WHK", webhook_url=receiver.url)
    order = OrderFactory(company=company)
    HardwareRequestFactory(order=order)

    response = caller.post(
        "/orders/cancel", {"id": str(order.id), "companyCode": "WHK"}, format="json"
    )

    assert response.status_code == 200
    wait_for(lambda: receiver.requests)
    [request] = receiver.requests
    headers = {name.lower(): value for name, value in request["headers"].items()}
    payload = Webhook(company.webhook_secret).verify(request["body"], headers)
    assert payload["type"] == "order.cancelled"
    assert (payload["data"]["id"], payload["data"]["status"]) == (str(order.id), "CANCELLED")
    assert payload["data"]["orderNumber"] == order.order_number


# --- attempts whose receiver hangs, or whose worker dies ------------------------------------


def test_while_an_attempt_waits_on_its_receiver_no_second_attempt_starts(
    receiver_factory, settings
):
    settings.WEBHOOK_ATTEMPT_LEASE_SECONDS = LEASE_SECONDS
    receiver = receiver_factory(200, hanging=1)
    company = CompanyFactory(webhook_url=receiver.url)
    event = recorded(company)
    wait_for(lambda: receiver.requests)

    # Written and committed before the request: this test's own connection sees it.
    [attempt] = event.attempt_log.all()
    assert (attempt.finished_at, attempt.interrupted) == (None, False)
    while not event.attempt_log.filter(finished_at__isnull=False).exists():
        assert sweep_due_events() == 0
        deliver_event(str(event.pk))  # a second worker, trying now: it gets nothing
        assert time.monotonic() < deadline_of(attempt), "the attempt outlived its lease"
        time.sleep(0.05)

    attempt.refresh_from_db()
    assert attempt.error.startswith("TimeoutError: No complete answer within")
    assert attempt.finished_at < attempt.leased_until
    assert len(receiver.requests) == 1
    event.refresh_from_db()
    assert (event.state, event.attempts) == (EventState.PENDING, 1)
    assert event.next_attempt_at - attempt.finished_at > timedelta(seconds=4)  # the schedule's 5 s


def deadline_of(attempt) -> float:
    """The attempt's lease end, on this process's monotonic clock."""
    return time.monotonic() + (attempt.leased_until - timezone.now()).total_seconds()


def test_a_worker_killed_mid_request_leaves_an_interrupted_attempt_resent_once_its_lease_ends(
    receiver_factory, settings, tmp_path
):
    settings.WEBHOOK_ATTEMPT_LEASE_SECONDS = LEASE_SECONDS
    receiver = receiver_factory(200, hanging=1)
    company = CompanyFactory(webhook_url=receiver.url)
    with worker_process(tmp_path / "worker.log") as (process, queue):
        with default_queue(queue):  # the first attempt is that process's
            event = recorded(company)
        wait_for(lambda: receiver.requests, timeout=30)
        process.kill()  # SIGKILL, mid-request: nothing of the worker runs after this
        process.wait()

    [attempt] = event.attempt_log.all()
    assert (attempt.finished_at, attempt.status_code, attempt.error) == (None, None, "")
    assert Event.objects.get(pk=event.pk).attempts == 1
    # Nobody sends it while the dead worker's lease holds; then the sweep hands it out again.
    while timezone.now() < attempt.leased_until - timedelta(seconds=0.2):
        assert sweep_due_events() == 0
        time.sleep(0.1)
    wait_for(lambda: sweep_due_events() == 1, timeout=LEASE_SECONDS)
    wait_for(lambda: Event.objects.get(pk=event.pk).state == EventState.DELIVERED)

    attempt.refresh_from_db()
    assert attempt.interrupted
    first, second = receiver.requests
    assert first["received_at"] < attempt.leased_until <= second["received_at"]
    assert [r["headers"]["webhook-id"] for r in receiver.requests] == [event.webhook_id] * 2
    assert list(event.attempt_log.values_list("status_code", flat=True)) == [None, 200]
    assert Event.objects.get(pk=event.pk).attempts == 2


@contextmanager
def worker_process(log: Path):
    """A real Celery worker in a process of its own, on the test database, consuming a queue of
    its own, to be killed."""
    queue = f"test-doomed-{uuid.uuid4().hex}"
    database = connections["default"].settings_dict
    env = os.environ | {
        "DATABASE_URL": (
            f"postgres://{database['USER']}:{database['PASSWORD'] or ''}@{database['HOST']}:"
            f"{database['PORT'] or 5432}/{database['NAME']}"
        ),
        "WEBHOOK_ALLOW_PRIVATE_NETWORKS": "true",
        "WEBHOOK_ATTEMPT_LEASE_SECONDS": str(LEASE_SECONDS),
    }
    command = [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=solo"]
    command += ["-Q", queue, "--without-heartbeat", "--without-gossip", "--without-mingle"]
    with log.open("w") as output:
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=output, stderr=output)
    try:
        yield process, queue
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        with app.connection_for_write() as connection:
            connection.default_channel.queue_delete(queue)


@contextmanager
def default_queue(queue: str):
    previous = app.conf.task_default_queue
    app.conf.task_default_queue = queue
    try:
        yield
    finally:
        app.conf.task_default_queue = previous


def test_the_delivery_a_request_queued_logs_under_its_request_id(receiver_factory):
    receiver = receiver_factory(200)
    company = CompanyFactory(webhook_url=receiver.url)

    # As RequestIdMiddleware sets it: the task is queued on commit, in the request.
    token = request_ids._request_id.set("req-from-api")
    try:
        with log_lines() as lines:
            event = recorded(company, kind="order.cancelled")
            wait_for(lambda: finished_attempts(event) == 1)
            wait_for(lambda: any("Webhook attempt" in line for line in lines))
    finally:
        request_ids._request_id.reset(token)

    [line] = [line for line in lines if "Webhook attempt" in line]
    assert "companies.webhooks.delivery [req-from-api] Webhook attempt 1 of " in line
    assert f"{event.webhook_id} (order.cancelled): delivered, status 200" in line


def test_finished_attempts_are_counted_by_outcome(receiver_factory):
    receiver = receiver_factory(500, 200)
    company = CompanyFactory(webhook_url=receiver.url)
    counted = {
        outcome: REGISTRY.get_sample_value("hlos_webhook_attempts_total", {"outcome": outcome}) or 0
        for outcome in ("delivered", "rejected")
    }

    event = recorded(company)
    wait_for(lambda: finished_attempts(event) == 1)
    Event.objects.filter(pk=event.pk).update(next_attempt_at=timezone.now())
    sweep_due_events()
    wait_for(lambda: finished_attempts(event) == 2)

    for outcome in ("delivered", "rejected"):
        now = REGISTRY.get_sample_value("hlos_webhook_attempts_total", {"outcome": outcome})
        assert now - counted[outcome] == 1, outcome
