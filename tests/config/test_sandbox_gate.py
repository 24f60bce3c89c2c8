"""The sandbox's operations are unknown in production: not served (tests of each flow), not in
the schema, not through the gateway (config/api/sandbox.py)."""

import uuid

import pytest

from tests.factories import CompanyFactory
from tests.support import assert_refused

pytestmark = pytest.mark.django_db

SANDBOX_PATHS = {
    "/sandbox/orders/{orderId}/advance",
    "/sandbox/movement_requests/{movementRequestId}/advance",
}


def schema_paths(anonymous) -> set[str]:
    return set(anonymous.get("/schema/", {"format": "json"}).json()["paths"])


def test_the_schema_shows_the_sandbox_operations_outside_production_only(anonymous, settings):
    assert schema_paths(anonymous) >= SANDBOX_PATHS

    settings.ENVIRONMENT = "production"

    paths = schema_paths(anonymous)
    assert not SANDBOX_PATHS & paths
    assert "/companies/{companyCode}/webhook-test" in paths


@pytest.mark.parametrize("environment", ["production", "staging", "sandbox"])
def test_the_gateway_reaches_them_outside_production_only(caller, settings, environment):
    settings.ENVIRONMENT = environment
    CompanyFactory(api_client=caller.api_client, code="GTW")
    path = f"sandbox/orders/{uuid.uuid4()}/advance"
    body = {
        "verb": "POST",
        "request": path,
        "vendor": settings.SERVICE_VENDOR,
        "data": {"companyCode": "GTW", "status": "QUOTED"},
    }

    response = caller.post("/gateway", body, format="json")

    # Outside production the operation itself answers: the order is not the company's.
    message = "Order not found"
    if environment == "production":
        message = f"Cannot POST /{path}: no such endpoint"
    assert_refused(response, 404, message)
