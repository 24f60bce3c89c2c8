"""A cache that does not answer costs the request budget, never a request (issue 10, item 1)."""

import logging
import socket
import time

import pytest
from django.conf import settings

from companies.models import Company
from config.ops.cache import cache_degraded_since, cache_failure_count, cache_health_reset
from tests.factories import CompanyFactory

pytestmark = pytest.mark.django_db


def closed_local_port() -> int:
    """A local port nothing listens on: connections to it are refused at once."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def redis_down(settings):
    """The cache pointed at a Redis that does not answer (a real, closed port)."""
    cache_health_reset()
    default = settings.CACHES["default"]
    settings.CACHES = {
        "default": {
            **default,
            "BACKEND": "config.ops.cache.BudgetRedisCache",
            "LOCATION": f"redis://127.0.0.1:{closed_local_port()}/0",
            "OPTIONS": {"socket_connect_timeout": 0.1, "socket_timeout": 0.25},
        }
    }
    yield
    cache_health_reset()


def test_with_the_cache_down_reads_and_writes_are_served_and_writes_commit(caller, redis_down):
    CompanyFactory(api_client=caller.api_client, code="OLD")

    read = caller.get("/companies")
    write = caller.post("/companies", {"name": "Acme", "companyCode": "ACM"}, format="json")

    assert read.status_code == 200
    assert [company["companyCode"] for company in read.json()["envelop"]] == ["OLD"]
    assert write.status_code == 201
    assert Company.objects.filter(code="ACM", api_client=caller.api_client).exists()
    # No budget was checked, so no budget is announced.
    assert "RateLimit-Remaining" not in write


def test_with_the_cache_down_a_missing_key_is_still_401(anonymous, redis_down):
    response = anonymous.get("/companies")

    assert response.status_code == 401
    assert response.json()["message"] == "Unauthorized access"


def test_a_cache_outage_is_logged_once_counted_and_visible(caller, redis_down, caplog):
    assert cache_degraded_since() is None
    with caplog.at_level(logging.WARNING, logger="config.ops.cache"):
        started = time.monotonic()
        statuses = [caller.get("/companies").status_code for _ in range(5)]
        elapsed = time.monotonic() - started

    assert statuses == [200] * 5
    assert cache_failure_count() == 5
    assert cache_degraded_since() is not None
    outage_lines = [r for r in caplog.records if r.name == "config.ops.cache"]
    assert len(outage_lines) == 1
    assert "Cache unavailable" in outage_lines[0].getMessage()
    # A dead cache costs milliseconds: it is not even tried again within a second.
    assert elapsed < 2


def test_the_deployed_cache_gives_up_within_milliseconds():
    options = settings.CACHES["default"].get("OPTIONS", {})
    # The tests run on Redis, as deployed (the README's test command starts it).
    assert settings.CACHES["default"]["LOCATION"].startswith("redis://")
    assert options["socket_connect_timeout"] <= 0.5
    assert options["socket_timeout"] <= 0.5
