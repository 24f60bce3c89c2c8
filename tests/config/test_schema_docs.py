"""Docs that run: every operation of the schema is summarised and described, and every request
example it shows succeeds against demo-like data (company DEM, the bundled demo catalog), so an
example cannot stop working unnoticed (config/api/docs.py)."""

from decimal import Decimal
from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import timezone

from bulk.choices import BulkOperation
from bulk.services.jobs import BulkItem, bulk_job_create
from catalog.models import CatalogItem
from companies.models import Company
from companies.services import api_key_issue
from config.api.docs import DEMO_COMPANY, DEMO_EMPLOYEE, DEMO_EMPLOYEE_EMAIL
from config.kernel.actors import Actor
from hardware.choices import HardwareStatus
from logistics.api import docs as logistics_docs
from orders.api import docs as orders_docs
from orders.choices import OrderStatus
from tests.conftest import CallerClient
from tests.factories import (
    EmployeeFactory,
    EventFactory,
    HardwareFactory,
    HardwareRequestFactory,
    MovementRequestFactory,
    OrderFactory,
    alternatives,
)
from tracking.models import Shipment

pytestmark = pytest.mark.django_db

WRITES = ("post", "patch", "put")
# Writes that take no body, so have no request example to show.
WRITES_WITHOUT_BODY = {
    ("post", "/companies/{companyCode}/webhook-secret"),
    ("post", "/companies/{companyCode}/scim-token"),
    ("post", "/companies/{companyCode}/webhook-test"),
}


def operations(schema: dict) -> dict[tuple[str, str], dict]:
    return {
        (method, path): operation
        for path, path_operations in schema["paths"].items()
        for method, operation in path_operations.items()
    }


def request_examples(operation: dict) -> dict[str, dict]:
    content = operation.get("requestBody", {}).get("content", {})
    return content.get("application/json", {}).get("examples", {})


@pytest.fixture
def schema(anonymous) -> dict:
    return anonymous.get("/schema/", {"format": "json"}).json()


def test_every_operation_has_a_summary_and_a_description(schema):
    undocumented = [
        key
        for key, operation in operations(schema).items()
        if not operation.get("summary", "").strip() or not operation.get("description", "").strip()
    ]

    assert undocumented == []


def test_every_write_with_a_body_shows_a_request_example(schema):
    writes = {key: op for key, op in operations(schema).items() if key[0] in WRITES}

    without_body = {key for key, operation in writes.items() if "requestBody" not in operation}
    without_example = [
        key
        for key, operation in writes.items()
        if key not in without_body and not request_examples(operation)
    ]

    assert without_body == WRITES_WITHOUT_BODY
    assert without_example == []


def test_the_quote_examples_send_one_of_each_pair(schema):
    """What Swagger UI's "Try it out" sent before there were examples: both of each pair."""
    quote = operations(schema)[("post", "/orders/quote")]

    for example in request_examples(quote).values():
        body = example["value"]
        assert ("companyCode" in body) != ("company" in body)
        assert not ("employeeEmail" in body and "employee" in body)
        assert body["companyCode"] == DEMO_COMPANY


def demo_world(caller) -> tuple[dict[str, str], dict[tuple[str, str], dict[str, str]]]:
    """Demo-like data for the caller, as `make run` loads it (company DEM, the demo catalog),
    plus the records the examples name by id: what replaces each example's placeholder ids, and
    each operation's path parameters."""
    call_command("seed_demo", stdout=StringIO())
    # The demo company, the caller's, as `make run`'s key calls it.
    dem = Company.objects.get(code=DEMO_COMPANY)
    dem.api_client, dem.webhook_url = caller.api_client, "https://example.com/webhooks/hlos"
    dem.save()
    jane = EmployeeFactory(company=dem, email=DEMO_EMPLOYEE_EMAIL)
    EmployeeFactory(company=dem, email=logistics_docs.COLLEAGUE_EMAIL)

    def on_jane():
        return HardwareFactory(
            company=dem, status=HardwareStatus.EMPLOYEE, storage=None, employee=jane
        )

    def order_with_line(**fields):
        order = OrderFactory(company=dem, **fields)
        line = HardwareRequestFactory(order=order, amount=2, quoted_unit_price=Decimal("458.99"))
        return order, line

    pending, _ = order_with_line()
    quoted, _ = order_with_line(status=OrderStatus.QUOTED)
    trimmed, trimmed_line = order_with_line()
    choosing, original = order_with_line()
    candidate = HardwareRequestFactory(order=choosing, amount=2, model="U2724D")
    alternatives(original, candidate)
    event = EventFactory(company=dem)
    catalog_item = CatalogItem.objects.get(country_code="US", manufacturer_part_number="MC8K4LL/A")

    replacements = {
        orders_docs.PENDING_ORDER_ID: str(pending.id),
        orders_docs.QUOTED_ORDER_ID: str(quoted.id),
        orders_docs.CATALOG_ITEM_ID: str(catalog_item.id),
        orders_docs.ORDER_LINE_ID: str(trimmed_line.id),
        orders_docs.CANDIDATE_ID: str(candidate.id),
        logistics_docs.STORAGE_HARDWARE_ID: str(HardwareFactory(company=dem).id),
        logistics_docs.EMPLOYEE_HARDWARE_ID: str(on_jane().id),
        logistics_docs.TRANSFER_HARDWARE_ID: str(on_jane().id),
    }
    to_quote, _ = order_with_line()  # another: the cancel example takes `pending`
    accepted, _ = order_with_line(status=OrderStatus.ACCEPTED)
    processing = MovementRequestFactory(company=dem)
    sandbox_order = "/sandbox/orders/{orderId}/advance"
    cancel_it = "CancelIt:TheHardwareStaysWhereItIs"
    # By operation, or by (operation, example) where each example needs its own record.
    path_parameters = {
        ("post", "/orders/{orderId}/hardware-alternatives/select"): {"orderId": str(choosing.id)},
        ("patch", "/orders/{orderId}/hardware-requests/remove"): {"orderId": str(trimmed.id)},
        ("post", "/events/{eventId}/redeliver"): {"eventId": event.webhook_id},
        ("patch", "/companies/{companyCode}"): {"companyCode": DEMO_COMPANY},
        ("patch", "/hardwares/{hardwareId}"): {"hardwareId": str(HardwareFactory(company=dem).id)},
        ("post", "/companies/{companyCode}/webhook-test"): {"companyCode": DEMO_COMPANY},
        ("post", "/hardwares/{hardwareId}/retire"): {
            "hardwareId": str(HardwareFactory(company=dem).id)
        },
        ("post", "/hardwares/{hardwareId}/reinstate"): {
            "hardwareId": str(
                HardwareFactory(
                    company=dem,
                    lifecycle="RETIRED",
                    retired_reason="LOST",
                    retired_at=timezone.now(),
                ).id
            )
        },
        ("post", "/bulk-jobs/{bulkJobId}/cancel"): {
            "bulkJobId": str(
                bulk_job_create(
                    company=dem,
                    operation=BulkOperation.EMPLOYEES_UPSERT,
                    items=[BulkItem(body=DEMO_EMPLOYEE)],
                    actor=Actor.api_client(caller.api_client),
                    api_client=caller.api_client,
                ).id
            )
        },
        ("post", "/sandbox/hardwares/{hardwareId}/wipe"): {
            "hardwareId": str(HardwareFactory(company=dem).id)
        },
        ("post", sandbox_order, "QuoteAPENDINGOrder"): {"orderId": str(to_quote.id)},
        ("post", sandbox_order, "DeliverAnACCEPTEDOrder"): {"orderId": str(accepted.id)},
        # Coordinated, then completed: the moves the two examples make, in turn.
        ("post", "/sandbox/movement_requests/{movementRequestId}/advance"): {
            "movementRequestId": str(processing.id)
        },
        ("post", "/sandbox/movement_requests/{movementRequestId}/advance", cancel_it): {
            "movementRequestId": str(MovementRequestFactory(company=dem).id)
        },
        ("post", "/sandbox/shipments/{shipmentId}/simulate"): {
            "shipmentId": str(
                Shipment.objects.create(
                    company=dem,
                    movement_request=MovementRequestFactory(company=dem),
                    direction="OUTBOUND",
                    tracking_code="1Z999AA10123456784",
                ).id
            )
        },
    }
    return replacements, path_parameters


def replaced(value, replacements: dict[str, str]):
    if isinstance(value, dict):
        return {key: replaced(item, replacements) for key, item in value.items()}
    if isinstance(value, list):
        return [replaced(item, replacements) for item in value]
    return replacements.get(value, value) if isinstance(value, str) else value


def test_every_request_example_succeeds_against_demo_data(schema, caller):
    replacements, path_parameters = demo_world(caller)
    sent = []
    failures = []

    for (method, path), operation in operations(schema).items():
        for name, example in request_examples(operation).items():
            parameters = path_parameters.get((method, path, name))
            url = path.format(**(parameters or path_parameters.get((method, path), {})))
            body = replaced(example["value"], replacements)
            response = getattr(caller, method)(url, body, format="json")
            sent.append((method, path, name))
            if not 200 <= response.status_code < 300:
                failures.append((method, path, name, response.status_code, response.json()))

    assert failures == []
    assert len(sent) >= 20


# --- query parameters: an example each, that runs against the demo ---------------------------

# What only the service can make (a signed cursor): copied from a `Link` header, no example.
WITHOUT_EXAMPLE = {"cursor"}
# The lists whose examples, all sent together as Swagger UI's "Try it out" sends them, find
# records of the demo: the others answer an empty list (the demo has no bulk job; the audit
# trail's examples name one order by a placeholder id).
LISTS_ANSWERING_RECORDS = {
    "/catalog",
    "/companies",
    "/employees",
    "/events",
    "/hardwares",
    "/hardwares/storages",
    "/movement_requests",
    "/orders",
}


def query_parameters(operation: dict) -> list[dict]:
    return [p for p in operation.get("parameters", []) if p["in"] == "query"]


def test_every_query_parameter_shows_an_example_but_the_cursor(schema):
    without = [
        (method, path, parameter["name"])
        for (method, path), operation in operations(schema).items()
        for parameter in query_parameters(operation)
        if "example" not in parameter and parameter["name"] not in WITHOUT_EXAMPLE
    ]
    cursors = [
        parameter
        for operation in operations(schema).values()
        for parameter in query_parameters(operation)
        if parameter["name"] == "cursor"
    ]

    assert without == []
    assert cursors and all("example" not in p and "examples" not in p for p in cursors)


@pytest.fixture
def demo() -> CallerClient:
    """`make run`'s data, called with a key of its own client, as the printed curl line does."""
    call_command("seed_demo", stdout=StringIO())
    client = Company.objects.get(code=DEMO_COMPANY).api_client
    return CallerClient(client, api_key_issue(client=client)[1])


def test_every_list_answers_its_query_examples_sent_together_with_the_demos_records(schema, demo):
    lists = {
        path: query_parameters(operation)
        for (method, path), operation in operations(schema).items()
        if method == "get" and "{" not in path and query_parameters(operation)
    }
    answered = {}

    for path, parameters in lists.items():
        query = {p["name"]: p["example"] for p in parameters if "example" in p}
        response = demo.get(path, query)
        assert response.status_code == 200, (path, query, response.json())
        answered[path] = len(response.json()["envelop"])

    assert {path for path, count in answered.items() if count} == LISTS_ANSWERING_RECORDS
    assert answered.keys() == LISTS_ANSWERING_RECORDS | {"/audit-events", "/bulk-jobs"}
