"""GET /health/live and /health/ready: for load balancers, with no key, 200 or 503 in one JSON
shape, and cheap enough to be called every second."""

from datetime import timedelta
from unittest import mock

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from companies.models import EventState
from config import health
from config.cache import cache_health_reset
from tests.factories import EventFactory

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
    expected_checks = {"database", "migrations", "outbox", "cache"}
    if settings.REDIS_URL:
        expected_checks.add("broker")
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


def test_ready_is_503_when_the_database_does_not_answer(anonymous):
    with mock.patch.object(connection, "cursor", side_effect=OSError("connection refused")):
        response = anonymous.get("/health/ready")

    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "unavailable"
    assert body["checks"]["database"] == {
        "status": "unavailable",
        "error": "OSError: connection refused",
    }
    # What needs the database is not tried without it.
    assert body["checks"]["migrations"] == {
        "status": "unavailable",
        "error": "Database unavailable",
    }
    assert body["checks"]["outbox"]["status"] == "unavailable"


def test_ready_is_503_while_migrations_are_not_applied(anonymous):
    with mock.patch.object(
        health.MigrationExecutor, "migration_plan", return_value=[("migration", False)]
    ):
        response = anonymous.get("/health/ready")

    assert response.status_code == 503
    assert response.json()["checks"]["migrations"] == {
        "status": "unavailable",
        "error": "Migrations not applied",
        "pending": 1,
    }


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


def test_a_degraded_cache_is_reported_and_the_service_stays_ready(anonymous):
    since = timezone.now()
    with mock.patch.object(health, "cache_degraded_since", return_value=since):
        response = anonymous.get("/health/ready")

    assert response.status_code == 200
    assert response.json()["checks"]["cache"] == {
        "status": "degraded",
        "degradedSince": since.isoformat().replace("+00:00", "Z"),
    }


def test_health_is_get_only_and_outside_the_schema(anonymous):
    assert anonymous.post("/health/ready").status_code == 405
    schema = anonymous.get("/schema", HTTP_ACCEPT="application/json")
    assert not any(path.startswith("/health") for path in schema.json()["paths"])
