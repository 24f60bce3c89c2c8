"""Rate-limit headers (IETF draft "RateLimit header fields for HTTP") on every authenticated
answer, and a budget of failed authentications per source address."""

import math
import time
import uuid

import pytest
from django.core.cache import cache, caches
from django.test import override_settings
from rest_framework.test import APIClient

from config.ops.cache import (
    MEMORY_WINDOWS_SWEPT_EVERY,
    BudgetMemoryCache,
    BudgetRedisCache,
    Window,
    cache_degraded_since,
)
from tests.conftest import make_caller
from tests.support import assert_refused, run_together

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True, params=["redis", "memory"])
def budget_store(request, settings):
    """Each budget counted by Redis itself (config.ops.cache.BudgetRedisCache, as deployed) and by
    the process itself (config.ops.cache.BudgetMemoryCache, `make run`): the same answers."""
    if request.param == "memory":
        settings.CACHES = {"default": {"BACKEND": "config.ops.cache.BudgetMemoryCache"}}
    else:
        # The tests run on Redis, as deployed: a budget counted elsewhere proves nothing here.
        assert isinstance(caches["default"], BudgetRedisCache)
    return request.param


@pytest.fixture(autouse=True)
def empty_budget(caller, budget_store):
    """The caller's budget starts full, whatever an earlier run left in Redis under its id."""
    spend_nothing(caller)


def spend_nothing(caller) -> None:
    """The caller's budget full, whatever an earlier run left in Redis under its id (its window
    where the script counts it, its list where DRF's count keeps it)."""
    key = f"throttle_api_client_{caller.api_client.pk}"
    cache.delete_many([key, BudgetRedisCache.window_key(key)])


def new_address() -> str:
    """A source address no other test (or earlier run) has spent a budget from."""
    return f"2001:db8::{uuid.uuid4().hex[:4]}:{uuid.uuid4().hex[:4]}"


def budget(response) -> tuple[int, int, int]:
    return tuple(
        int(response[name])
        for name in ("RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset")
    )


def test_every_authenticated_answer_tells_the_budget_left(caller):
    with override_settings(API_THROTTLE_RATE="5/min"):
        first = caller.get("/companies")
        second = caller.post("/companies", {"name": "Acme", "companyCode": "ACM"}, format="json")

    assert first.status_code == 200 and second.status_code == 201
    limit, remaining, reset = budget(first)
    assert (limit, remaining) == (5, 4)
    assert 0 < reset <= 60
    assert budget(second)[:2] == (5, 3)


def test_errors_after_authentication_carry_the_headers_too(caller):
    with override_settings(API_THROTTLE_RATE="5/min"):
        invalid = caller.post("/companies", {"companyCode": "ACM"}, format="json")
        missing = caller.patch("/companies/ZZZ", {"name": "Nobody"}, format="json")

    assert (invalid.status_code, missing.status_code) == (400, 404)
    assert budget(invalid)[:2] == (5, 4)
    assert budget(missing)[:2] == (5, 3)


def test_the_429_carries_retry_after_and_the_spent_budget(caller):
    with override_settings(API_THROTTLE_RATE="2/min"):
        caller.get("/companies")
        caller.get("/companies")
        refused = caller.get("/companies")

    assert refused.status_code == 429
    limit, remaining, reset = budget(refused)
    assert (limit, remaining) == (2, 0)
    assert int(refused["Retry-After"]) == reset
    assert 0 < reset <= 60


def test_a_call_through_the_gateway_carries_the_dispatched_calls_headers(caller):
    with override_settings(API_THROTTLE_RATE="5/min"):
        caller.get("/companies")
        response = caller.post(
            "/gateway", {"verb": "GET", "request": "companies", "vendor": "hlos"}, format="json"
        )

    assert response.status_code == 200
    assert budget(response)[:2] == (5, 3)


def from_address(address: str, **headers) -> APIClient:
    client = APIClient(REMOTE_ADDR=address)
    client.credentials(**headers)
    return client


def test_failed_authentications_are_budgeted_per_source_address(caller):
    address = new_address()
    guesser = from_address(address, HTTP_AUTHORIZATION="Bearer hlos_000000000000.wrong")
    with override_settings(API_AUTH_FAILURE_RATE="3/min"):
        statuses = [guesser.get("/companies").status_code for _ in range(3)]
        refused = guesser.get("/companies")
        elsewhere = from_address(new_address()).get("/companies")
        same_address_with_a_key = from_address(
            address, HTTP_AUTHORIZATION=f"Bearer {caller.raw_key}"
        ).get("/companies")

    assert statuses == [401, 401, 401]
    assert refused.status_code == 429
    assert refused.json()["error"] == "Too Many Requests"
    assert int(refused["Retry-After"]) == budget(refused)[2] > 0
    assert budget(refused)[:2] == (3, 0)
    assert elsewhere.status_code == 401
    assert budget(elsewhere)[:2] == (3, 2)
    # A valid key from the same address is served: the budget slows guessing, not neighbours.
    assert same_address_with_a_key.status_code == 200


def test_the_address_is_remote_addr_not_a_forwarded_header():
    address = new_address()
    with override_settings(API_AUTH_FAILURE_RATE="1/min"):
        first = from_address(address, HTTP_X_FORWARDED_FOR="10.0.0.1").get("/companies")
        second = from_address(address, HTTP_X_FORWARDED_FOR="10.0.0.2").get("/companies")

    assert first.status_code == 401
    assert_refused(
        second,
        429,
        "Request was throttled. Expected available in 60 seconds.",
        with_empty_envelop=True,  # as every error of /companies
    )


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_requests_at_once_never_spend_more_than_the_budget(budget_store):
    # Counted in one step (in Redis, or under the process's lock): twelve requests at once,
    # five answered. (With a read and then a write of the window, two requests could read the
    # same window and both be let in.)
    caller = make_caller()
    spend_nothing(caller)

    with override_settings(API_THROTTLE_RATE="5/min"):
        responses = run_together(*[lambda: caller.get("/companies")] * 12)

    assert sorted(response.status_code for response in responses) == [200] * 5 + [429] * 7
    assert sorted(budget(response)[1] for response in responses) == [0] * 8 + [1, 2, 3, 4]


def test_a_lowered_budget_makes_room_when_enough_requests_have_left(caller):
    with override_settings(API_THROTTLE_RATE="4/min"):
        caller.get("/companies")
        second_counted_after = time.time()
        caller.get("/companies")
        caller.get("/companies")
    with override_settings(API_THROTTLE_RATE="2/min"):
        refused = caller.get("/companies")
    asked = time.time()

    # Three counted against a budget of two: room comes when the two oldest have left, i.e.
    # a minute after the second one was counted, not the first.
    assert refused.status_code == 429
    limit, remaining, reset = budget(refused)
    assert (limit, remaining) == (2, 0)
    assert reset >= math.floor(60 - (asked - second_counted_after))
    assert reset <= 60


@pytest.mark.parametrize("budget_store", ["redis"], indirect=True)
def test_a_window_kept_by_the_previous_release_is_no_outage(caller):
    # During a rolling deploy, workers of the release before count with DRF's get and set, a
    # pickled list under the key itself; the script keeps its window elsewhere.
    cache.set(f"throttle_api_client_{caller.api_client.pk}", [time.time()], 60)

    with override_settings(API_THROTTLE_RATE="5/min"):
        response = caller.get("/companies")

    assert response.status_code == 200
    assert budget(response)[:2] == (5, 4)
    assert cache_degraded_since() is None


@pytest.mark.parametrize("budget_store", ["memory"], indirect=True)
def test_windows_in_memory_are_dropped_once_expired_and_when_deleted(budget_store):
    store = BudgetMemoryCache(f"windows-{uuid.uuid4().hex}", {})
    for number in range(MEMORY_WINDOWS_SWEPT_EVERY - 1):
        store.window_count(f"gone-{number}", now=100.0, duration=60, limit=5)
    kept = store.window_count("kept", now=150.0, duration=60, limit=5)
    # A thread that read the clock earlier counts after: the window still expires at 210.
    store.window_count("kept", now=149.999, duration=60, limit=5)

    # The next window made sweeps: those last counted at 100 expired at 160, "kept" at 210.
    store.window_count("new", now=209.9995, duration=60, limit=5)

    assert kept == Window(allowed=True, counted=1, leaving_at=150.0)
    assert sorted(store._windows.by_key) == sorted(
        store.make_and_validate_key(BudgetRedisCache.window_key(key)) for key in ("kept", "new")
    )
    assert store.window_count("kept", now=209.9996, duration=60, limit=5).counted == 2
    assert store.delete(BudgetRedisCache.window_key("kept")) is True
    assert store.window_count("kept", now=209.9997, duration=60, limit=5).counted == 1
