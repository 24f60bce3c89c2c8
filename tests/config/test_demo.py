"""`manage.py seed_demo` tells the demo story: the demo company DEM with employees, hardware,
an order in each status and a movement request in each status, made through the services, so
every list answers something on the first curl, with histories and events."""

import io

import pytest
from django.core.management import call_command

from companies.demo import DEMO_COMPANY_CODE
from companies.models import Company, Event
from companies.services import api_key_issue
from tests.conftest import CallerClient

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo() -> CallerClient:
    call_command("seed_demo", stdout=io.StringIO(), stderr=io.StringIO())
    client = Company.objects.get(code=DEMO_COMPANY_CODE).api_client
    return CallerClient(client, api_key_issue(client=client)[1])


def listed(demo: CallerClient, path: str) -> list[dict]:
    response = demo.get(path, {"companyCode": DEMO_COMPANY_CODE})
    assert response.status_code == 200, response.content
    return response.json()["envelop"]


def test_every_list_of_the_demo_company_answers_something(demo):
    for path in ["/employees", "/hardwares", "/hardwares/storages", "/orders"]:
        assert listed(demo, path), path
    assert listed(demo, "/movement_requests")
    assert listed(demo, "/events")
    assert [company["companyCode"] for company in demo.get("/companies").json()["envelop"]] == [
        DEMO_COMPANY_CODE
    ]


def test_the_demo_has_an_order_and_a_movement_in_each_status_with_their_history(demo):
    orders = listed(demo, "/orders")
    movements = listed(demo, "/movement_requests")

    assert sorted(order["status"] for order in orders) == sorted(
        ["PENDING", "QUOTED", "ACCEPTED", "DELIVERED", "CANCELLED"]
    )
    assert sorted(movement["status"] for movement in movements) == [
        "CANCELLED",
        "COORDINATED",
        "DONE",
        "PROCESSING",
    ]
    delivered = next(order for order in orders if order["status"] == "DELIVERED")
    told = Event.objects.filter(payload__data__id=delivered["id"]).order_by("created_at")
    assert [event.kind for event in told] == [
        "order.created",
        "order.quoted",
        "order.accepted",
        "order.delivered",
    ]
    assert len(delivered["createdHardwares"]) == 2
    done = next(movement for movement in movements if movement["status"] == "DONE")
    assert [step["statusTo"] for step in done["movementRequestStatusHistoric"]] == [
        "PROCESSING",
        "DONE",
    ]
    kinds = set(
        Event.objects.filter(company__code=DEMO_COMPANY_CODE).values_list("kind", flat=True)
    )
    assert {"order.created", "order.delivered", "movement_request.created"} <= kinds


def test_the_demo_storage_has_items_ready_for_an_onboarding(demo):
    stored = listed(demo, "/hardwares/storages")

    assert {item["serialNumber"] for item in stored} >= {"DEMO-US-0001", "DEMO-US-0003"}
    assert all(
        not item["movementRequests"] for item in stored if item["serialNumber"] == "DEMO-US-0001"
    )


def test_seed_demo_again_adds_nothing_and_says_what_exists(demo):
    counts = {path: len(listed(demo, path)) for path in ["/employees", "/hardwares", "/orders"]}

    out = io.StringIO()
    call_command("seed_demo", stdout=out, stderr=io.StringIO())

    assert {path: len(listed(demo, path)) for path in counts} == counts
    lines = out.getvalue().splitlines()
    assert lines[3:] == [
        f"  Employees: {counts['/employees']} (0 new: the demo company had some already).",
        f"  Hardware: {counts['/hardwares']} items (0 new: the demo company had some already).",
        f"  Orders: {counts['/orders']} (0 new: the demo company had some already).",
        "  Movement requests: 4 (0 new: the demo company had some already).",
    ]


def test_seed_demo_on_a_new_database_says_what_it_made():
    out = io.StringIO()
    call_command("seed_demo", stdout=out, stderr=io.StringIO())

    assert out.getvalue().splitlines() == [
        "Hardware types: 14 (0 new).",  # made by the migrations
        "Catalog: 79 items (79 new).",
        "Demo company DEM:",
        "  Employees: 4 (4 new: jordan.lee@demo.example, ana.silva@demo.example, "
        "lena.fischer@demo.example, sam.carter@demo.example).",
        "  Hardware: 8 items (8 new: 5 in storage, 3 with employees).",
        "  Orders: 5 (5 new, one in each status: PENDING, QUOTED, ACCEPTED, DELIVERED, CANCELLED).",
        "  Movement requests: 4 (4 new, one in each status: PROCESSING, COORDINATED, DONE, "
        "CANCELLED).",
    ]
