"""Hung, not down (issue 27): the service under gunicorn, reaching PostgreSQL and Redis through
proxies of the tests' own (tests/support/tcp_proxy.py) that a test stops or hangs, and a worker
whose task meets a hung database. A client is
told 503 with Retry-After, within the service's timeouts; an operator reads one line per outage,
not a traceback per request; nothing committed is lost."""

import json
import socket
import threading
import time

import pytest
from django.conf import settings

from companies.models import Company, Event, EventState
from companies.services import api_client_create
from companies.webhooks import sweep_due_events
from config.api.envelope import DATABASE_UNAVAILABLE_MESSAGE
from config.celery import app
from tests.factories import CompanyFactory
from tests.receivers import Receiver
from tests.servers import Gunicorn, database_url
from tests.support.tcp_proxy import TcpProxy
from tests.workers import CeleryProcess, wait_for

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)

REQUEST_TIMEOUT = 2
CONNECT_TIMEOUT = 2
# What a request may cost on a hung database: its deadline, then a new connection's attempt.
HUNG_DATABASE_BOUND = REQUEST_TIMEOUT + CONNECT_TIMEOUT + 1.5


@pytest.fixture
def database_proxy():
    proxy = TcpProxy(int(settings.DATABASES["default"]["PORT"] or 5432))
    yield proxy
    proxy.close()


@pytest.fixture
def key():
    client, raw_key = api_client_create(name="Outage client")
    CompanyFactory(api_client=client, code="OUT")
    return raw_key


@pytest.fixture
def server(database_proxy):
    database = {**settings.DATABASES["default"], "HOST": "127.0.0.1", "PORT": database_proxy.port}
    gunicorn = Gunicorn(
        settings.DATABASES["default"],
        DATABASE_URL=database_url(database),
        # One process, its connections kept between requests, as deployed: an outage meets
        # connections opened before it.
        GUNICORN_WORKERS="1",
        DB_CONN_MAX_AGE="60",
        DB_REQUEST_TIMEOUT=str(REQUEST_TIMEOUT),
        DB_CONNECT_TIMEOUT=str(CONNECT_TIMEOUT),
        OUTAGE_RETRY_AFTER_SECONDS="7",
        OUTAGE_LOG_INTERVAL_SECONDS="600",
    )
    try:
        gunicorn.wait_until_up()
        yield gunicorn
    finally:
        gunicorn.stop()


def call(server, key, method="GET", path="/companies", body=None, timeout=30):
    """(status, headers, JSON body, seconds taken) of one request."""
    connection = server.connection(timeout=timeout)
    headers = {"X-API-Key": key, "Content-Type": "application/json"}
    started = time.monotonic()
    try:
        connection.request(method, path, body=json.dumps(body) if body else None, headers=headers)
        response = connection.getresponse()
        answer = json.loads(response.read())
        return response.status, response.headers, answer, time.monotonic() - started
    finally:
        connection.close()


def served_again(server, key, timeout=15) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if call(server, key)[0] == 200:
            return True
        time.sleep(0.2)
    return False


def assert_unavailable(answer):
    status, headers, body, _ = answer
    assert status == 503
    assert headers["Retry-After"] == "7"
    # The companies' operations add `envelop: []` to their errors, as the interface shows.
    assert {name: body[name] for name in ("statusCode", "error", "message")} == {
        "statusCode": 503,
        "error": "Service Unavailable",
        "message": DATABASE_UNAVAILABLE_MESSAGE,
    }


def outage_lines(server) -> list[str]:
    return [line for line in server.output().splitlines() if "database unavailable" in line]


def test_a_stopped_database_answers_503_with_retry_after_and_logs_one_line(
    server, database_proxy, key
):
    assert call(server, key)[0] == 200

    database_proxy.stop()
    answers = [call(server, key) for _ in range(6)]
    write = call(server, key, "POST", "/companies", {"name": "Down Inc", "companyCode": "DWN"})

    for answer in [*answers, write]:
        assert_unavailable(answer)
        assert answer[3] < CONNECT_TIMEOUT + 1
    # One line for the outage so far, with its count; no traceback for any request.
    [line] = outage_lines(server)
    assert "database unavailable: 1 request(s) answered 503" in line
    assert "Traceback" not in server.output()

    database_proxy.resume()
    assert served_again(server, key)
    assert (
        call(server, key, "POST", "/companies", {"name": "Up Inc", "companyCode": "UPI"})[0] == 201
    )


def test_a_hung_database_costs_a_request_its_timeouts_then_503(server, database_proxy, key):
    # Connections are open and kept when the database stops answering (as under SIGSTOP).
    assert call(server, key)[0] == 200

    database_proxy.hang()
    read = call(server, key)
    write = call(server, key, "POST", "/companies", {"name": "Hung Inc", "companyCode": "HNG"})

    for answer in (read, write):
        assert_unavailable(answer)
        assert answer[3] < HUNG_DATABASE_BOUND
    assert "Traceback" not in server.output()

    database_proxy.resume()
    assert served_again(server, key)


def test_several_requests_on_a_hung_database_all_end_within_the_bound(server, database_proxy, key):
    assert call(server, key)[0] == 200
    database_proxy.hang()
    answers = []

    def request():
        answers.append(call(server, key))

    threads = [threading.Thread(target=request) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)

    assert len(answers) == 4
    for answer in answers:
        assert_unavailable(answer)
        assert answer[3] < HUNG_DATABASE_BOUND
    database_proxy.resume()
    assert served_again(server, key)


# --- a broker that accepts connections and never answers --------------------------------------


@pytest.fixture
def hung_redis():
    """A port that accepts connections and never answers them, held open by the test."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(64)
    held = []

    def accept():
        while True:
            try:
                held.append(listener.accept()[0])
            except OSError:
                return

    threading.Thread(target=accept, daemon=True).start()
    yield f"redis://127.0.0.1:{listener.getsockname()[1]}/0"
    listener.close()
    for connection in held:
        connection.close()


@pytest.fixture
def receiver(settings):
    settings.WEBHOOK_ALLOW_PRIVATE_NETWORKS = True
    receiver = Receiver(200)
    yield receiver
    receiver.close()


def test_a_hung_broker_costs_a_write_its_publish_bound_and_the_sweep_delivers_the_event(
    hung_redis, key, receiver, eager_tasks
):
    Company.objects.filter(code="OUT").update(webhook_url=receiver.url)
    gunicorn = Gunicorn(
        settings.DATABASES["default"],
        REDIS_URL=hung_redis,
        BROKER_PUBLISH_TIMEOUT="0.25",
        WEBHOOK_ALLOW_PRIVATE_NETWORKS="true",
    )
    try:
        gunicorn.wait_until_up()
        status, _, body, seconds = call(gunicorn, key, "POST", "/companies/OUT/webhook-test")
        log = gunicorn.output()
    finally:
        gunicorn.stop()

    # Answered at once, committed, its event waiting in the outbox.
    assert status == 200, body
    assert seconds < 1.5
    [event] = Event.objects.filter(company__code="OUT")
    assert event.state == EventState.PENDING
    assert "broker unavailable: 1 publish(es) not made in time" in log
    assert receiver.requests == []

    # The beat's sweep hands it out (here to a task run in the test), and it arrives once.
    assert sweep_due_events() == 1
    [request] = receiver.requests
    assert request["headers"]["webhook-id"] == event.webhook_id
    event.refresh_from_db()
    assert event.state == EventState.DELIVERED


# --- a worker's task on a hung database --------------------------------------------------------

SWEEP = "companies.tasks.sweep_due_events"


def test_a_task_on_a_hung_database_fails_at_its_deadline_and_the_next_one_runs(
    database_proxy, tmp_path
):
    database = {**settings.DATABASES["default"], "HOST": "127.0.0.1", "PORT": database_proxy.port}
    worker = CeleryProcess(
        "worker",
        tmp_path,
        loglevel="INFO",
        DATABASE_URL=database_url(database),
        DB_CONN_MAX_AGE="60",
        DB_TASK_TIMEOUT=str(REQUEST_TIMEOUT),
        DB_CONNECT_TIMEOUT=str(CONNECT_TIMEOUT),
    )
    try:
        wait_for(lambda: "ready." in worker.output(), timeout=30)

        def sweep_and_wait(outcome: str) -> float:
            started = time.monotonic()
            app.send_task(SWEEP, queue=worker.queue)
            before = worker.output().count(outcome)
            wait_for(lambda: worker.output().count(outcome) > before, timeout=30)
            return time.monotonic() - started

        sweep_and_wait("succeeded in")
        # The worker's connection is kept (as deployed) when the database stops answering.
        database_proxy.hang()
        assert sweep_and_wait("raised unexpected: OperationalError") < HUNG_DATABASE_BOUND
        database_proxy.resume()
        sweep_and_wait("succeeded in")
    finally:
        worker.stop()
        with app.connection_for_write() as connection:
            connection.default_channel.queue_delete(worker.queue)
