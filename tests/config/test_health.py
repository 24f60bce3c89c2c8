"""GET /health/live and /health/ready: for load balancers, with no key, 200 or 503 in one JSON
shape, and cheap enough to be called every second."""

import contextlib
import json
from datetime import timedelta

import psycopg
import pytest
from django.conf import settings
from django.db import connection
from django.db.migrations.loader import MigrationLoader
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from psycopg.conninfo import make_conninfo

from companies.models import EventState
from config.ops import health
from config.ops.cache import cache_degraded_since, cache_health_reset
from tests.config.test_cache_outage import redis_down  # noqa: F401 (a fixture)
from tests.factories import EventFactory
from tests.servers import Gunicorn, database_url, free_port

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_health_state():
    health.migrations_check_reset()
    cache_health_reset()
    yield
    cache_health_reset()


def test_live_answers_ok_without_a_key_or_the_database(anonymous):
    with CaptureQueriesContext(connection) as queries:
        response = anonymous.get("/health/live")

    assert response.status_code == 200
    assert response.json() == {"status": "ok", "checks": {}}
    assert len(queries) == 0


def test_ready_answers_every_check_ok_without_a_key(anonymous, settings):
    response = anonymous.get("/health/ready")

    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert "no-cache" in response["Cache-Control"]
    assert settings.REDIS_URL, "the suite runs with Redis (scripts/with-test-services)"
    expected_checks = {"database", "migrations", "outbox", "cache", "broker"}
    body = response.json()
    assert body["status"] == "ok"
    assert set(body["checks"]) == expected_checks
    assert all(check["status"] == "ok" for check in body["checks"].values())
    assert body["checks"]["outbox"] == {
        "status": "ok",
        "oldestDueSeconds": 0.0,
        "maxAgeSeconds": 900.0,
    }


def test_ready_with_a_trailing_slash_and_a_bearer_of_nothing_is_the_same(anonymous):
    response = anonymous.get("/health/ready/", HTTP_AUTHORIZATION="Bearer unknown")

    assert response.status_code == 200
    assert response.json()["status"] == "ok"


def test_ready_is_a_few_queries_and_migrations_are_compared_once(anonymous):
    anonymous.get("/health/ready")  # finds the migrations applied

    with CaptureQueriesContext(connection) as queries:
        response = anonymous.get("/health/ready")

    assert response.status_code == 200
    # SELECT 1 and the outbox's aggregate; the migrations are not read again.
    assert len(queries) == 2


@contextlib.contextmanager
def served_on(database: dict):
    """The service under gunicorn on `database`, whatever state that database is in."""
    server = Gunicorn(database, GUNICORN_WORKERS="1", REDIS_URL="")
    try:
        server.wait_until_up()
        yield server
    finally:
        server.stop()


def ready_of(server) -> tuple[int, dict]:
    connection_ = server.connection(timeout=10)
    try:
        connection_.request("GET", "/health/ready", headers={"Host": "127.0.0.1"})
        response = connection_.getresponse()
        return response.status, json.loads(response.read())
    finally:
        connection_.close()


def test_ready_is_503_when_the_database_does_not_answer():
    # A real PostgreSQL address where nothing listens.
    nowhere = {**settings.DATABASES["default"], "HOST": "127.0.0.1", "PORT": free_port()}

    with served_on(nowhere) as server:
        status, body = ready_of(server)

    assert status == 503
    assert body["status"] == "unavailable"
    assert body["checks"]["database"]["status"] == "unavailable"
    assert body["checks"]["database"]["error"].startswith("OperationalError:")
    # What needs the database is not tried without it.
    assert body["checks"]["migrations"] == {
        "status": "unavailable",
        "error": "Database unavailable",
    }
    assert body["checks"]["outbox"]["status"] == "unavailable"


def test_a_connection_the_database_ended_is_replaced_before_the_next_request():
    # What a restart of PostgreSQL does to the connection a worker keeps between requests: the
    # next request sees it ended (Django's CONN_HEALTH_CHECKS) and opens a new one instead of
    # failing.
    database = settings.DATABASES["default"]
    server = Gunicorn(database, GUNICORN_WORKERS="1", REDIS_URL="", DB_CONN_MAX_AGE="60")
    try:
        server.wait_until_up()
        assert ready_of(server)[0] == 200  # the worker's connection, kept
        ended = others_connections_ended(database)
        status, body = ready_of(server)
    finally:
        server.stop()

    assert ended >= 1
    assert (status, body["status"]) == (200, "ok")


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


def test_ready_is_503_when_a_pending_event_is_overdue_past_the_limit(anonymous, settings):
    settings.HEALTH_OUTBOX_MAX_AGE_SECONDS = 600
    EventFactory(
        state=EventState.PENDING,
        attempts=0,
        next_attempt_at=timezone.now() - timedelta(seconds=601),
    )

    response = anonymous.get("/health/ready")

    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "unavailable"
    outbox = body["checks"]["outbox"]
    assert outbox["status"] == "unavailable"
    assert outbox["error"] == "Pending events are not being delivered"
    assert 601 <= outbox["oldestDueSeconds"] < 620
    assert outbox["maxAgeSeconds"] == 600
    assert body["checks"]["database"] == {"status": "ok"}


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


def test_ready_is_503_when_the_broker_does_not_answer(anonymous, settings):
    settings.REDIS_URL = "redis://127.0.0.1:1/0"  # nothing listens on port 1

    response = anonymous.get("/health/ready")

    assert response.status_code == 503
    broker = response.json()["checks"]["broker"]
    assert broker["status"] == "unavailable"
    assert broker["error"].startswith("ConnectionError")


def test_without_a_broker_configured_none_is_checked(anonymous, settings):
    settings.REDIS_URL = ""

    response = anonymous.get("/health/ready")

    assert response.status_code == 200
    assert "broker" not in response.json()["checks"]


@pytest.mark.usefixtures("redis_down")
def test_a_degraded_cache_is_reported_and_the_service_stays_ready(caller, anonymous):
    assert caller.get("/companies").status_code == 200  # served, the cache found down
    since = cache_degraded_since()

    response = anonymous.get("/health/ready")

    assert since is not None
    assert response.status_code == 200
    assert response.json()["checks"]["cache"] == {
        "status": "degraded",
        "degradedSince": since.isoformat().replace("+00:00", "Z"),
    }


def test_health_is_get_only_and_outside_the_schema(anonymous):
    assert anonymous.post("/health/ready").status_code == 405
    schema = anonymous.get("/schema", HTTP_ACCEPT="application/json")
    assert not any(path.startswith("/health") for path in schema.json()["paths"])
