"""GET /metrics: off unless METRICS_ENABLED, behind METRICS_TOKEN when set, and what it shows:
requests by route and status with their latency, the outbox backlog, records by status."""

from datetime import timedelta

import pytest
from django.test import override_settings
from django.utils import timezone
from prometheus_client.parser import text_string_to_metric_families

from companies.models import Event, EventState
from orders.choices import OrderStatus
from tests.factories import EventFactory, MovementRequestFactory, OrderFactory

pytestmark = pytest.mark.django_db

enabled = override_settings(METRICS_ENABLED=True, METRICS_TOKEN="")


def samples(response) -> dict[tuple, float]:
    """{(sample name, sorted labels): value} of a scrape."""
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain; version=")
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(response.content.decode())
        for sample in family.samples
    }


def value(scrape: dict, name: str, **labels) -> float:
    return scrape.get((name, tuple(sorted(labels.items()))), 0.0)


def test_metrics_are_an_unknown_path_unless_enabled(anonymous):
    response = anonymous.get("/metrics", HTTP_X_REQUEST_ID="m-1")

    assert response.status_code == 404
    assert response.json() == {
        "statusCode": 404,
        "error": "Not Found",
        "message": "Cannot GET /metrics: no such endpoint",
    }
    assert response["X-Request-ID"] == "m-1"


@override_settings(METRICS_ENABLED=True, METRICS_TOKEN="s3cret")
def test_a_metrics_token_is_required_when_set(anonymous):
    missing = anonymous.get("/metrics")
    wrong = anonymous.get("/metrics", HTTP_AUTHORIZATION="Bearer nope")
    right = anonymous.get("/metrics", HTTP_AUTHORIZATION="Bearer s3cret")

    assert (missing.status_code, missing.json()["error"]) == (401, "Unauthorized")
    assert (wrong.status_code, wrong.json()["error"]) == (403, "Forbidden")
    assert "hlos_http_requests_total" in right.content.decode()


@enabled
def test_requests_are_counted_by_route_name_and_status_with_their_latency(caller, anonymous):
    before = samples(anonymous.get("/metrics"))

    caller.get("/companies")
    caller.get("/companies")
    anonymous.get("/companies")
    caller.get("/orders/not-a-uuid")
    caller.get("/no/such/path")
    after = samples(anonymous.get("/metrics"))

    def grew(name, **labels):
        return value(after, name, **labels) - value(before, name, **labels)

    requests = "hlos_http_requests_total"
    assert grew(requests, route="companies", method="GET", status="200") == 2
    assert grew(requests, route="companies", method="GET", status="401") == 1
    # The route is the pattern's name, never the path sent: the label set stays bounded.
    assert grew(requests, route="order", method="GET", status="400") == 1
    assert grew(requests, route="unknown", method="GET", status="404") == 1
    assert not any("not-a-uuid" in str(key) for key in after)
    latency = "hlos_http_request_duration_seconds"
    assert grew(f"{latency}_count", route="companies", method="GET") == 3
    assert grew(f"{latency}_bucket", route="companies", method="GET", le="+Inf") == 3
    assert grew(f"{latency}_sum", route="companies", method="GET") > 0


@enabled
def test_the_outbox_backlog_and_its_oldest_pending_age_are_read_when_scraped(anonymous):
    # Other tests' modules may leave records behind: counts are compared with a first scrape.
    Event.objects.filter(state=EventState.PENDING).delete()
    empty = samples(anonymous.get("/metrics"))
    assert value(empty, "hlos_outbox_pending_events") == 0
    assert value(empty, "hlos_outbox_oldest_pending_age_seconds") == 0

    EventFactory.create_batch(2, state=EventState.PENDING, attempts=0)
    EventFactory(state=EventState.DELIVERED)
    oldest = EventFactory(state=EventState.PENDING, attempts=0)
    Event.objects.filter(pk=oldest.pk).update(created_at=timezone.now() - timedelta(minutes=10))
    scrape = samples(anonymous.get("/metrics"))

    assert value(scrape, "hlos_outbox_pending_events") == 3
    assert 600 <= value(scrape, "hlos_outbox_oldest_pending_age_seconds") < 660


@enabled
def test_orders_and_movement_requests_are_shown_by_status(anonymous):
    before = samples(anonymous.get("/metrics"))

    OrderFactory.create_batch(2)
    OrderFactory(status=OrderStatus.CANCELLED)
    MovementRequestFactory()
    after = samples(anonymous.get("/metrics"))

    def grew(name, status):
        return value(after, name, status=status) - value(before, name, status=status)

    assert ("hlos_orders", (("status", "DELIVERED"),)) in after  # shown, even at 0
    assert grew("hlos_orders", "PENDING") == 2
    assert grew("hlos_orders", "CANCELLED") == 1
    assert grew("hlos_orders", "DELIVERED") == 0
    assert grew("hlos_movement_requests", "PROCESSING") == 1
    assert grew("hlos_movement_requests", "DONE") == 0
