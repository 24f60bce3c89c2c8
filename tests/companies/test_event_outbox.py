"""Each change of an order or a movement request writes its event in its own transaction: one
event per change, of the right kind and company, whose payload is the resource as the API shows
it right after the change. Refused changes and idempotent repeats write none."""

import re
from datetime import datetime, timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from companies.models import Event
from config.kernel.actors import Actor
from config.kernel.errors import ServiceError
from config.kernel.shipping import Shipping
from logistics import services as movement_services
from orders import services as order_services
from tests.factories import (
    CompanyFactory,
    EmployeeFactory,
    HardwareFactory,
    HardwareRequestFactory,
    OrderFactory,
    alternatives,
)

pytestmark = pytest.mark.django_db

OPERATOR = Actor.command("transition")
MOUSE = {"hardwareType": "MOUSE", "amount": 3}


@pytest.fixture(autouse=True)
def public_base_url(settings):
    """With PUBLIC_BASE_URL set, an event shows its images as GET does
    (config.kernel.links); without it, events keep relative paths
    (tests/config/test_image_urls.py)."""
    settings.PUBLIC_BASE_URL = "https://hlos.example.com"


@pytest.fixture
def company(caller):
    return CompanyFactory(api_client=caller.api_client, code="EVT", name="Eventful Co")


def kinds(company) -> list[str]:
    events = Event.objects.filter(company=company).order_by("created_at")
    return list(events.values_list("kind", flat=True))


def only_event(company, kind: str) -> Event:
    [event] = Event.objects.filter(company=company)
    assert event.kind == kind
    return event


def assert_shows(event: Event, shown: dict) -> None:
    """The event's payload is `shown` (a resource as GET answers it) under `data`, with the
    event's id, type and time beside it."""
    assert event.payload == {
        "id": event.webhook_id,
        "type": event.kind,
        "timestamp": event.payload["timestamp"],
        "data": shown,
    }
    assert_recent_utc_timestamp(event.payload["timestamp"])


def assert_recent_utc_timestamp(value: str) -> None:
    """Written like the API writes times: UTC with a Z, to the microsecond, and just now."""
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z", value), value
    written = datetime.fromisoformat(value.replace("Z", "+00:00"))
    assert abs(timezone.now() - written) < timedelta(seconds=30)


def order_as_shown(caller, order_id) -> dict:
    return caller.get(f"/orders/{order_id}", {"companyCode": "EVT"}).json()["envelop"][0]


def movement_as_shown(caller, movement_id) -> dict:
    response = caller.get(f"/movement_requests/{movement_id}", {"companyCode": "EVT"})
    return response.json()["envelop"][0]


def quote(caller, **fields):
    body = {"companyCode": "EVT", "countryCode": "US", "sendTo": "STORAGE", "hardwares": [MOUSE]}
    return caller.post("/orders/quote", {"data": {**body, **fields}}, format="json")


def post_order(caller, action, order):
    return caller.post(
        f"/orders/{action}", {"id": str(order.id), "companyCode": "EVT"}, format="json"
    )


def priced_order(company, status="PENDING"):
    order = OrderFactory(company=company, status=status)
    HardwareRequestFactory(order=order, amount=2, quoted_unit_price=Decimal("349.00"))
    return order


# --- orders through the API -----------------------------------------------------------------


def test_a_quote_records_order_created_with_the_new_order(caller, company):
    response = quote(caller, poNumber="PO-1")

    shown = response.json()["envelop"][0]
    event = only_event(company, "order.created")
    assert event.payload["data"]["orderNumber"] == shown["orderNumber"]
    assert event.payload["data"]["status"] == "PENDING"
    assert_shows(event, order_as_shown(caller, shown["id"]))


def test_a_quote_repeating_a_po_number_records_nothing_more(caller, company):
    quote(caller, poNumber="PO-1")

    repeat = quote(caller, poNumber="PO-1")

    assert repeat.status_code == 200
    assert kinds(company) == ["order.created"]


def test_an_auto_quote_records_created_then_quoted(caller, company):
    response = quote(caller, autoQuote=True)

    assert kinds(company) == ["order.created", "order.quoted"]
    created, quoted = Event.objects.filter(company=company).order_by("created_at")
    assert (created.payload["data"]["status"], quoted.payload["data"]["status"]) == (
        "PENDING",
        "QUOTED",
    )
    assert created.payload["data"]["orderNumber"] == quoted.payload["data"]["orderNumber"]
    assert_shows(quoted, order_as_shown(caller, response.json()["envelop"][0]["id"]))


def test_a_refused_quote_records_nothing(caller, company):
    response = quote(caller, hardwares=[{"hardwareType": "NO_SUCH_TYPE", "amount": 1}])

    assert response.status_code == 400
    assert kinds(company) == []


def test_cancel_records_order_cancelled_once(caller, company):
    order = OrderFactory(company=company, status="QUOTED")

    assert post_order(caller, "cancel", order).status_code == 200
    assert post_order(caller, "cancel", order).status_code == 200

    event = only_event(company, "order.cancelled")
    assert event.payload["data"]["status"] == "CANCELLED"
    assert event.payload["data"]["orderNumber"] == order.order_number
    assert_shows(event, order_as_shown(caller, order.id))


def test_a_refused_cancel_records_nothing(caller, company):
    order = OrderFactory(company=company, status="ACCEPTED")

    assert post_order(caller, "cancel", order).status_code == 400

    assert kinds(company) == []


def test_confirm_records_order_accepted_once(caller, company):
    order = OrderFactory(company=company, status="QUOTED")

    assert post_order(caller, "confirm", order).status_code == 200
    assert post_order(caller, "confirm", order).status_code == 200

    event = only_event(company, "order.accepted")
    assert event.payload["data"]["status"] == "ACCEPTED"
    assert_shows(event, order_as_shown(caller, order.id))


def test_a_refused_confirm_records_nothing(caller, company):
    order = OrderFactory(company=company, status="PENDING")

    assert post_order(caller, "confirm", order).status_code == 400

    assert kinds(company) == []


def test_selecting_another_alternative_records_order_updated(caller, company):
    order = OrderFactory(company=company)
    line = HardwareRequestFactory(order=order)
    candidate = HardwareRequestFactory(order=order, model="P2723QE")
    alternatives(line, candidate)
    path = f"/orders/{order.id}/hardware-alternatives/select"

    for _ in range(2):  # the second selects what is already selected
        body = {"companyCode": "EVT", "hardwareRequestId": str(candidate.id)}
        assert caller.post(path, body, format="json").status_code == 200

    event = only_event(company, "order.updated")
    [shown_line] = event.payload["data"]["hardwares"]
    assert shown_line["id"] == str(candidate.id)
    assert_shows(event, order_as_shown(caller, order.id))


def test_selecting_the_selected_alternative_records_nothing(caller, company):
    order = OrderFactory(company=company)
    line = HardwareRequestFactory(order=order)
    alternatives(line, HardwareRequestFactory(order=order, model="P2723QE"))

    body = {"companyCode": "EVT", "hardwareRequestId": str(line.id)}
    path = f"/orders/{order.id}/hardware-alternatives/select"
    assert caller.post(path, body, format="json").status_code == 200

    assert kinds(company) == []


def test_removing_lines_records_order_updated(caller, company):
    order = OrderFactory(company=company)
    kept, removed = HardwareRequestFactory(order=order), HardwareRequestFactory(order=order)

    response = remove_lines(caller, order, removed)

    assert response.status_code == 200
    event = only_event(company, "order.updated")
    assert [line["id"] for line in event.payload["data"]["hardwares"]] == [str(kept.id)]
    assert_shows(event, order_as_shown(caller, order.id))


def test_a_refused_removal_records_nothing(caller, company):
    order = OrderFactory(company=company)
    line = HardwareRequestFactory(order=order)

    assert remove_lines(caller, order, line).status_code == 400  # it would remove everything

    assert kinds(company) == []


def remove_lines(caller, order, *lines):
    body = {
        "companyCode": "EVT",
        "hardwareRequests": [{"hardwareRequestId": str(line.id)} for line in lines],
    }
    return caller.patch(f"/orders/{order.id}/hardware-requests/remove", body, format="json")


def test_events_go_to_the_orders_company_only(caller, company):
    other = CompanyFactory(api_client=caller.api_client)
    order = OrderFactory(company=company, status="QUOTED")

    post_order(caller, "cancel", order)

    assert (kinds(company), kinds(other)) == (["order.cancelled"], [])


# --- orders moved by an operator ------------------------------------------------------------


@pytest.mark.parametrize(
    ("status_from", "status_to", "kind"),
    [
        ("PENDING", "QUOTED", "order.quoted"),
        ("QUOTED", "ACCEPTED", "order.accepted"),
        ("ACCEPTED", "DELIVERED", "order.delivered"),
        ("PENDING", "CANCELLED", "order.cancelled"),
        ("QUOTED", "CANCELLED", "order.cancelled"),
    ],
)
def test_each_operator_move_records_its_event_once(caller, company, status_from, status_to, kind):
    order = priced_order(company, status_from)

    order_services.order_move(
        order_id=order.id,
        to_status=status_to,
        actor=OPERATOR,
        shipping=Shipping(tracking_code="TRK-1"),
    )

    event = only_event(company, kind)
    assert (event.payload["data"]["status"], event.payload["data"]["trackingCode"]) == (
        status_to,
        "TRK-1",
    )
    assert_shows(event, order_as_shown(caller, order.id))


def test_a_move_the_graph_refuses_records_nothing(company):
    order = priced_order(company, "PENDING")

    with pytest.raises(ServiceError):
        order_services.order_move(order_id=order.id, to_status="DELIVERED", actor=OPERATOR)

    assert kinds(company) == []


def test_a_move_refused_by_its_own_rule_records_nothing(company):
    order = OrderFactory(company=company)
    HardwareRequestFactory(order=order)  # no price: it cannot be QUOTED

    with pytest.raises(ServiceError):
        order_services.order_move(order_id=order.id, to_status="QUOTED", actor=OPERATOR)

    assert kinds(company) == []


# --- movement requests ----------------------------------------------------------------------


def test_onboarding_records_movement_request_created(caller, company):
    employee = EmployeeFactory(company=company, country_code="US")
    item = HardwareFactory(company=company, country_code="US")

    response = caller.post(
        "/movement_requests/onboarding",
        {"companyCode": "EVT", "employeeEmail": employee.email, "hardwareIds": [str(item.id)]},
        format="json",
    )

    assert response.status_code == 201
    shown = response.json()["envelop"][0]
    event = only_event(company, "movement_request.created")
    assert event.payload["data"]["movementRequestNumber"] == shown["movementRequestNumber"]
    assert_shows(event, movement_as_shown(caller, shown["id"]))


def test_a_refused_onboarding_records_nothing(caller, company):
    employee = EmployeeFactory(company=company, country_code="US")
    item = HardwareFactory(company=company, country_code="US", in_movement=True)

    response = caller.post(
        "/movement_requests/onboarding",
        {"companyCode": "EVT", "employeeEmail": employee.email, "hardwareIds": [str(item.id)]},
        format="json",
    )

    assert response.status_code == 400
    assert kinds(company) == []


def on_employee(employee):
    return HardwareFactory(
        company=employee.company, status="EMPLOYEE", employee=employee, storage=None
    )


@pytest.mark.parametrize(
    ("handled_by", "off_on", "status"),
    [
        ("PROVIDER", False, "PROCESSING"),
        # Created DONE: its creation is its only event, showing it DONE.
        ("COMPANY", False, "DONE"),
        ("PROVIDER", True, "PROCESSING"),
        ("COMPANY", True, "DONE"),
    ],
)
def test_offboarding_records_movement_request_created_only(
    caller, company, handled_by, off_on, status
):
    employee = EmployeeFactory(company=company, country_code="US")
    body = {
        "companyCode": "EVT",
        "handledBy": handled_by,
        "employeeEmail": employee.email,
        "hardwares": {"hardwareIds": [str(on_employee(employee).id)]},
    }
    if off_on:
        body["toEmployeeEmail"] = EmployeeFactory(company=company, country_code="US").email

    response = caller.post("/movement_requests/offboarding", {"data": body}, format="json")

    assert response.status_code == 201
    shown = response.json()["envelop"][0]
    event = only_event(company, "movement_request.created")
    assert event.payload["data"]["status"] == status
    assert_shows(event, movement_as_shown(caller, shown["id"]))


def onboarding(company):
    employee = EmployeeFactory(company=company, country_code="US")
    item = HardwareFactory(company=company, country_code="US")
    movement = movement_services.movement_onboarding_create(
        company=company,
        actor=Actor.api_client(company.api_client),
        hardware_ids=[item.id],
        employee_email=employee.email,
    )
    Event.objects.filter(company=company).delete()  # its creation is tested above
    return movement


@pytest.mark.parametrize("statuses", [["COORDINATED", "DONE"], ["DONE"]])
def test_each_operator_move_of_a_movement_records_status_changed(caller, company, statuses):
    movement = onboarding(company)

    for status in statuses:
        movement_services.movement_request_move(
            movement_request_id=movement.id, to_status=status, actor=OPERATOR
        )

    events = list(Event.objects.filter(company=company).order_by("created_at"))
    assert [event.kind for event in events] == ["movement_request.status_changed"] * len(statuses)
    assert [event.payload["data"]["status"] for event in events] == statuses
    assert_shows(events[-1], movement_as_shown(caller, movement.id))


def test_a_movement_move_the_graph_refuses_records_nothing(company):
    movement = onboarding(company)
    movement_services.movement_request_move(
        movement_request_id=movement.id, to_status="DONE", actor=OPERATOR
    )
    Event.objects.filter(company=company).delete()

    with pytest.raises(ServiceError):
        movement_services.movement_request_move(
            movement_request_id=movement.id, to_status="COORDINATED", actor=OPERATOR
        )

    assert kinds(company) == []
