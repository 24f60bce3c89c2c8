"""GET /health/live and /health/ready: for load balancers, with no key, 200 or 503 in one JSON
shape, and cheap enough to be called every second. 503 only when this instance cannot serve
(database, migrations); the rest degrades. What an error says is for the metrics token's holder
or a staff user. Outages that hang, and the workers' heartbeats: test_readiness_outages.py."""

import contextlib
import json
from datetime import timedelta

import psycopg
import pytest
from django.conf import settings
from django.db import connection
from django.db.backends.signals import connection_created
from django.db.migrations.loader import MigrationLoader
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from psycopg.conninfo import make_conninfo

from companies.models import EventState
from config.ops import health
from config.ops.cache import cache_degraded_since, cache_health_reset
from config.ops.heartbeat import heartbeat_record, heartbeats_forget
from tests.config.test_cache_outage import redis_down  # noqa: F401 (a fixture)
from tests.factories import EventFactory
from tests.servers import Gunicorn, database_url, free_port

pytestmark = pytest.mark.django_db


TOKEN = "health-s3cret"


@pytest.fixture(autouse=True)
def fresh_health_state():
    health.migrations_check_reset()
    cache_health_reset()
    heartbeats_forget()
    yield
    cache_health_reset()
    heartbeats_forget()


@pytest.fixture
def beating():
    """A worker and beat have just beaten, as their heartbeat threads do."""
    heartbeat_record("worker")
    heartbeat_record("beat")


def test_live_answers_ok_without_a_key_or_the_database(anonymous):
    with CaptureQueriesContext(connection) as queries:
        response = anonymous.get("/health/live")

    assert response.status_code == 200
    assert response.json() == {"status": "ok", "checks": {}}
    assert len(queries) == 0


@pytest.mark.usefixtures("beating")
def test_ready_answers_every_check_ok_without_a_key(anonymous, settings):
    response = anonymous.get("/health/ready")

    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert "no-cache" in response["Cache-Control"]
    assert settings.REDIS_URL, "the suite runs with Redis (scripts/with-test-services)"
    expected_checks = {"database", "migrations", "outbox", "cache", "broker", "workers", "beat"}
    body = response.json()
    assert body["status"] == "ok"
    assert set(body["checks"]) == expected_checks
    assert all(check["status"] == "ok" for check in body["checks"].values())
    assert body["checks"]["outbox"] == {
        "status": "ok",
        "oldestDueSeconds": 0.0,
        "maxAgeSeconds": 900.0,
    }
    for role in ("workers", "beat"):
        assert body["checks"][role]["seen"] == 1
        assert body["checks"][role]["maxAgeSeconds"] == 30.0
        assert 0 <= body["checks"][role]["lastSeenSeconds"] < 5


@pytest.mark.usefixtures("beating")
def test_ready_with_a_trailing_slash_and_a_bearer_of_nothing_is_the_same(anonymous):
    response = anonymous.get("/health/ready/", HTTP_AUTHORIZATION="Bearer unknown")

    assert response.status_code == 200
    assert response.json()["status"] == "ok"


@contextlib.contextmanager
def queries_on_new_connections():
    """The SQL sent on every database connection opened meanwhile, in any thread (readiness
    checks the database on a connection of its own, in a thread of its own)."""
    sent = []

    def record(execute, sql, params, many, context):
        sent.append(sql)
        return execute(sql, params, many, context)

    def watch(sender, connection, **kwargs):
        connection.execute_wrappers.append(record)

    connection_created.connect(watch)
    try:
        yield sent
    finally:
        connection_created.disconnect(watch)


def test_ready_is_a_few_queries_and_migrations_are_compared_once(anonymous):
    anonymous.get("/health/ready")  # finds the migrations applied

    with (
        CaptureQueriesContext(connection) as in_the_request,
        queries_on_new_connections() as by_the_checks,
    ):
        response = anonymous.get("/health/ready")

    assert response.status_code == 200
    assert len(in_the_request) == 0
    # SELECT 1 and the outbox's aggregate; the migrations are not read again.
    assert len(by_the_checks) == 2


@contextlib.contextmanager
def served_on(database: dict, **environment: str):
    """The service under gunicorn on `database`, whatever state that database is in."""
    server = Gunicorn(database, GUNICORN_WORKERS="1", REDIS_URL="", **environment)
    try:
        server.wait_until_up()
        yield server
    finally:
        server.stop()


def ready_of(server, token: str | None = None) -> tuple[int, dict]:
    headers = {"Host": "127.0.0.1"} | ({"Authorization": f"Bearer {token}"} if token else {})
    connection_ = server.connection(timeout=10)
    try:
        connection_.request("GET", "/health/ready", headers=headers)
        response = connection_.getresponse()
        return response.status, json.loads(response.read())
    finally:
        connection_.close()


def test_ready_is_503_when_the_database_does_not_answer_and_says_where_only_to_the_token():
    # A real PostgreSQL address where nothing listens.
    port = free_port()
    nowhere = {**settings.DATABASES["default"], "HOST": "127.0.0.1", "PORT": port}

    with served_on(nowhere, METRICS_TOKEN=TOKEN) as server:
        status, body = ready_of(server)
        _, with_token = ready_of(server, token=TOKEN)
        _, with_a_wrong_token = ready_of(server, token="guessed")

    assert status == 503
    assert body["status"] == "unavailable"
    assert body["checks"]["database"] == {"status": "unavailable", "error": "Database unavailable"}
    assert str(port) not in json.dumps(body)
    # What needs the database is not tried without it.
    assert body["checks"]["migrations"] == {
        "status": "unavailable",
        "error": "Database unavailable",
    }
    assert body["checks"]["outbox"] == {"status": "degraded", "error": "Database unavailable"}
    # Without REDIS_URL tasks run in the web process: no worker or beat to see.
    assert body["checks"]["workers"] == body["checks"]["beat"] == {"status": "none"}
    detail = with_token["checks"]["database"]["detail"]
    assert detail.startswith("OperationalError:")
    assert str(port) in detail
    assert with_a_wrong_token == body


def test_a_connection_the_database_ended_is_replaced_before_the_next_request():
    # What a restart of PostgreSQL does to the connection a worker keeps between requests: the
    # next request sees it ended (Django's CONN_HEALTH_CHECKS) and opens a new one instead of
    # failing. The metrics are read in the request's own thread, on its kept connection.
    database = settings.DATABASES["default"]
    server = Gunicorn(
        database, GUNICORN_WORKERS="1", REDIS_URL="", DB_CONN_MAX_AGE="60", METRICS_ENABLED="true"
    )
    try:
        server.wait_until_up()
        assert metrics_status(server) == 200  # the worker's connection, kept
        ended = others_connections_ended(database)
        status = metrics_status(server)
        ready_status, body = ready_of(server)
    finally:
        server.stop()

    assert ended >= 1
    assert status == 200
    assert (ready_status, body["status"]) == (200, "ok")


def metrics_status(server) -> int:
    connection_ = server.connection(timeout=10)
    try:
        connection_.request("GET", "/metrics", headers={"Host": "127.0.0.1"})
        response = connection_.getresponse()
        response.read()
        return response.status
    finally:
        connection_.close()


def others_connections_ended(database: dict) -> int:
    """Ends every connection to `database` but this test's, each gone when this returns."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        (own,) = cursor.fetchone()
    with psycopg.connect(database_url(database), autocommit=True) as admin:
        (ended,) = admin.execute(
            "SELECT count(*) FILTER (WHERE pg_terminate_backend(pid, 5000))"
            " FROM pg_stat_activity WHERE datname = %s AND pid NOT IN (%s, pg_backend_pid())",
            [database["NAME"], own],
        ).fetchone()
    return ended


def test_ready_is_503_while_migrations_are_not_applied():
    # A real database the service's migrations were never run on.
    database = {**settings.DATABASES["default"], "NAME": "hlos_health_unmigrated"}
    with psycopg.connect(
        make_conninfo(database_url(settings.DATABASES["default"]), dbname="postgres"),
        autocommit=True,
    ) as admin:
        admin.execute('DROP DATABASE IF EXISTS "hlos_health_unmigrated" WITH (FORCE)')
        admin.execute('CREATE DATABASE "hlos_health_unmigrated"')
        try:
            with served_on(database) as server:
                status, body = ready_of(server)
        finally:
            admin.execute('DROP DATABASE IF EXISTS "hlos_health_unmigrated" WITH (FORCE)')

    assert status == 503
    assert body["checks"]["database"]["status"] == "ok"
    migrations = body["checks"]["migrations"]
    assert (migrations["status"], migrations["error"]) == ("unavailable", "Migrations not applied")
    # Every migration there is: none was applied.
    assert migrations["pending"] == len(MigrationLoader(None).graph.nodes)


# Readiness reads the database on a connection of its own: what it is to see is committed.
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_a_pending_event_overdue_past_the_limit_degrades_readiness(anonymous, settings):
    settings.HEALTH_OUTBOX_MAX_AGE_SECONDS = 600
    EventFactory(
        state=EventState.PENDING,
        attempts=0,
        next_attempt_at=timezone.now() - timedelta(seconds=601),
    )

    response = anonymous.get("/health/ready")

    # The instance serves: the load balancer keeps sending it traffic, the body says what is wrong.
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "degraded"
    outbox = body["checks"]["outbox"]
    assert outbox["status"] == "degraded"
    assert outbox["error"] == "Pending events are not being delivered"
    assert 601 <= outbox["oldestDueSeconds"] < 620
    assert outbox["maxAgeSeconds"] == 600
    assert body["checks"]["database"] == {"status": "ok"}


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_an_old_event_waiting_for_its_retry_keeps_the_service_ready(anonymous, settings):
    settings.HEALTH_OUTBOX_MAX_AGE_SECONDS = 600
    event = EventFactory(
        state=EventState.PENDING, attempts=3, next_attempt_at=timezone.now() + timedelta(hours=1)
    )
    EventFactory(state=EventState.FAILED, next_attempt_at=None)
    type(event).objects.filter(pk=event.pk).update(created_at=timezone.now() - timedelta(days=1))

    response = anonymous.get("/health/ready")

    assert response.status_code == 200
    assert response.json()["checks"]["outbox"]["oldestDueSeconds"] == 0.0


def test_a_broker_that_does_not_answer_degrades_readiness_and_says_why_only_to_staff(
    anonymous, admin_client, settings
):
    settings.REDIS_URL = "redis://127.0.0.1:1/0"  # nothing listens on port 1
    settings.METRICS_TOKEN = TOKEN

    response = anonymous.get("/health/ready")
    as_staff = admin_client.get("/health/ready")
    with_token = anonymous.get("/health/ready", HTTP_AUTHORIZATION=f"Bearer {TOKEN}")

    # Writes still commit without the broker (their events wait in the outbox): 200.
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "degraded"
    assert body["checks"]["database"] == {"status": "ok"}
    assert body["checks"]["broker"] == {"status": "degraded", "error": "Broker unavailable"}
    # The heartbeats are read from the broker's Redis: not tried without it.
    assert body["checks"]["workers"] == {"status": "degraded", "error": "Broker unavailable"}
    assert body["checks"]["beat"] == {"status": "degraded", "error": "Broker unavailable"}
    assert "Connection" not in json.dumps(body)
    for answer in (as_staff, with_token):
        assert answer.status_code == 200
        broker = answer.json()["checks"]["broker"]
        assert broker["error"] == "Broker unavailable"
        assert broker["detail"].startswith("ConnectionError")
        assert "127.0.0.1:1" in broker["detail"]


def test_without_a_broker_configured_none_is_checked_and_no_worker_is_expected(anonymous, settings):
    settings.REDIS_URL = ""

    response = anonymous.get("/health/ready")

    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert "broker" not in body["checks"]
    assert body["checks"]["workers"] == body["checks"]["beat"] == {"status": "none"}


@pytest.mark.usefixtures("redis_down", "beating")
def test_a_degraded_cache_is_reported_and_the_service_stays_ready(caller, anonymous):
    assert caller.get("/companies").status_code == 200  # served, the cache found down
    since = cache_degraded_since()

    response = anonymous.get("/health/ready")

    assert since is not None
    assert response.status_code == 200
    assert response.json()["status"] == "degraded"  # the cache alone
    assert response.json()["checks"]["cache"] == {
        "status": "degraded",
        "degradedSince": since.isoformat().replace("+00:00", "Z"),
    }


def test_health_is_get_only_and_outside_the_schema(anonymous):
    assert anonymous.post("/health/ready").status_code == 405
    schema = anonymous.get("/schema", HTTP_ACCEPT="application/json")
    assert not any(path.startswith("/health") for path in schema.json()["paths"])
