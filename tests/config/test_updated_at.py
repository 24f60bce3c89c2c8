"""What moves a record's updatedAt (docs/decisions/0041-what-moves-updated-at.md): every
change a client sees on the record's answer, including those that write other rows than the
record's own (its lines, its items, the items an employee holds), in one UPDATE per write."""

from datetime import datetime
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from config.kernel.actors import Actor
from logistics import services as logistics_services
from logistics.choices import HandledBy
from orders import services as order_services
from tests.admin_pages import change_page_form
from tests.factories import (
    CatalogItemFactory,
    CompanyFactory,
    EmployeeFactory,
    HardwareFactory,
    HardwareRequestFactory,
    OrderFactory,
    alternatives,
)

pytestmark = pytest.mark.django_db

OPERATOR = Actor.command("transition")


@pytest.fixture
def company(caller):
    return CompanyFactory(api_client=caller.api_client, code="UPD")


def shown(caller, path) -> dict:
    """The one record a detail answers."""
    response = caller.get(path, {"companyCode": "UPD"})
    assert response.status_code == 200
    (record,) = response.json()["envelop"]
    return record


def updated_at(caller, path) -> datetime:
    return datetime.fromisoformat(shown(caller, path)["updatedAt"])


def listed_since(caller, path, moment) -> list[str]:
    response = caller.get(path, {"companyCode": "UPD", "updatedSince": moment.isoformat()})
    assert response.status_code == 200
    return [row["id"] for row in response.json()["envelop"]]


def offboarding(company, employee, to_employee=None, items: int = 1):
    """An offboarding (or, with `to_employee`, an OFF_ON) of the employee's items, handled by
    the provider: PROCESSING, the items in movement."""
    hardware = HardwareFactory.create_batch(
        items, company=company, on_employee=True, employee=employee
    )
    return logistics_services.movement_offboarding_create(
        api_client=company.api_client,
        handled_by=HandledBy.PROVIDER,
        company=company,
        employee_email=employee.email,
        to_employee_email=to_employee.email if to_employee else None,
        hardware_ids=[item.id for item in hardware],
    )


def move(movement, status):
    return logistics_services.movement_request_move(
        movement_request_id=movement.id, to_status=status, actor=OPERATOR
    )


# --- orders: what the client and the operator change besides the status --------------------


@pytest.fixture
def order(company):
    """A quoted order: a plain line, and a line with an offered candidate."""
    order = OrderFactory(company=company, status="QUOTED")
    HardwareRequestFactory(order=order, hardware_type="MOUSE", model="MX Master")
    asked = HardwareRequestFactory(order=order, quoted_unit_price=Decimal("300.00"))
    alternatives(asked, HardwareRequestFactory(order=order, quoted_unit_price=Decimal("280.00")))
    OrderFactory(company=company)  # another order, left as it is
    return order


def remove_plain_line(caller, order):
    plain = order.hardware_requests.get(hardware_type="MOUSE")
    body = {"companyCode": "UPD", "hardwareRequests": [{"hardwareRequestId": str(plain.id)}]}
    return caller.patch(f"/orders/{order.id}/hardware-requests/remove", body, format="json")


def select_offered_line(caller, order):
    offered = order.hardware_requests.get(quoted_unit_price=Decimal("280.00"))
    body = {"companyCode": "UPD", "hardwareRequestId": str(offered.id)}
    return caller.post(f"/orders/{order.id}/hardware-alternatives/select", body, format="json")


@pytest.mark.parametrize("change", [remove_plain_line, select_offered_line])
def test_removing_a_line_or_selecting_an_alternative_moves_the_orders_updated_at(
    caller, order, change
):
    before = updated_at(caller, f"/orders/{order.id}")
    moment = timezone.now()

    response = change(caller, order)

    assert response.status_code == 200
    answered = datetime.fromisoformat(response.json()["envelop"][0]["updatedAt"])
    assert before < moment <= answered
    assert listed_since(caller, "/orders", moment) == [str(order.id)]


def test_an_operator_pricing_a_line_or_offering_a_candidate_moves_the_order(caller, order):
    plain = order.hardware_requests.get(hardware_type="MOUSE")
    moment = timezone.now()
    order_services.order_lines_price(
        order_id=order.id,
        pricings=[order_services.LinePricing(plain.id, Decimal("49.00"), True)],
    )
    assert listed_since(caller, "/orders", moment) == [str(order.id)]

    moment = timezone.now()
    item = CatalogItemFactory(hardware_type="MONITOR")
    asked = order.hardware_requests.get(quoted_unit_price=Decimal("300.00"))
    order_services.order_offer_alternative(
        order_id=order.id, hardware_request_id=asked.id, catalog_item_id=item.id
    )
    assert listed_since(caller, "/orders", moment) == [str(order.id)]


# --- where hardware is and where it is going ------------------------------------------------


def test_hardware_landing_moves_the_items_and_both_employees(caller, company):
    giver, receiver, bystander = EmployeeFactory.create_batch(3, company=company)
    movement = offboarding(company, giver, to_employee=receiver, items=2)
    bystander_before = updated_at(caller, f"/employees/{bystander.id}")
    moment = timezone.now()

    move(movement, "DONE")

    items = {str(item.pk) for item in movement.hardwares.all()}
    assert set(listed_since(caller, "/hardwares", moment)) == items
    assert listed_since(caller, "/movement_requests", moment) == [str(movement.id)]
    # The giver's detail lost the items, the receiver's shows them.
    assert shown(caller, f"/employees/{giver.id}")["hardwares"] == []
    assert {item["id"] for item in shown(caller, f"/employees/{receiver.id}")["hardwares"]} == items
    assert updated_at(caller, f"/employees/{giver.id}") >= moment
    assert updated_at(caller, f"/employees/{receiver.id}") >= moment
    assert updated_at(caller, f"/employees/{bystander.id}") == bystander_before


def test_coordinating_a_return_moves_the_employee_whose_items_show_its_status(caller, company):
    employee = EmployeeFactory(company=company)
    movement = offboarding(company, employee)
    moment = timezone.now()

    move(movement, "COORDINATED")

    (item,) = shown(caller, f"/employees/{employee.id}")["hardwares"]
    assert item["movementRequests"] == [{"id": str(movement.id), "status": "COORDINATED"}]
    assert updated_at(caller, f"/employees/{employee.id}") >= moment
    assert listed_since(caller, "/hardwares", moment) == [item["id"]]


def test_a_request_made_moves_the_employee_whose_items_it_takes(caller, company):
    employee = EmployeeFactory(company=company)
    before = updated_at(caller, f"/employees/{employee.id}")

    offboarding(company, employee)

    assert updated_at(caller, f"/employees/{employee.id}") > before


def test_an_onboarding_moves_its_employee_when_the_items_land_not_before(caller, company):
    employee = EmployeeFactory(company=company)
    item = HardwareFactory(company=company)
    before = shown(caller, f"/employees/{employee.id}")

    movement = logistics_services.movement_onboarding_create(
        company=company,
        actor=Actor.api_client(company.api_client),
        hardware_ids=[item.id],
        employee_email=employee.email,
    )

    # The employee holds none of its items yet: nothing of their answer changed.
    assert shown(caller, f"/employees/{employee.id}") == before
    moment = timezone.now()
    move(movement, "DONE")
    assert [held["id"] for held in shown(caller, f"/employees/{employee.id}")["hardwares"]] == [
        str(item.id)
    ]
    assert updated_at(caller, f"/employees/{employee.id}") >= moment


def test_a_return_handled_by_the_company_is_updated_when_it_is_done(caller, company):
    employee = EmployeeFactory(company=company)
    item = HardwareFactory(company=company, on_employee=True, employee=employee)

    movement = logistics_services.movement_offboarding_create(
        api_client=company.api_client,
        handled_by=HandledBy.COMPANY,
        company=company,
        employee_email=employee.email,
        hardware_ids=[item.id],
    )

    record = shown(caller, f"/movement_requests/{movement.id}")
    assert record["status"] == "DONE"
    moments = [datetime.fromisoformat(record[key]) for key in ("updatedAt", "dateCompleted")]
    assert moments[0] >= moments[1]


def test_an_item_made_on_an_employee_moves_the_employee(caller, company):
    employee = EmployeeFactory(company=company)
    before = updated_at(caller, f"/employees/{employee.id}")

    response = caller.post(
        "/hardwares",
        {
            "companyCode": "UPD",
            "countryCode": "US",
            "hardwareType": "MONITOR",
            "employeeEmail": employee.email,
        },
        format="json",
    )

    assert response.status_code == 201
    assert updated_at(caller, f"/employees/{employee.id}") > before


def test_an_order_delivered_to_an_employee_moves_the_employee_once(caller, company):
    employee = EmployeeFactory(company=company)
    order = OrderFactory(company=company, status="ACCEPTED", send_to="EMPLOYEE", employee=employee)
    HardwareRequestFactory(order=order, amount=3, quoted_unit_price=Decimal("300.00"))
    before = updated_at(caller, f"/employees/{employee.id}")

    with CaptureQueriesContext(connection) as queries:
        order_services.order_move(order_id=order.id, to_status="DELIVERED", actor=OPERATOR)

    touches = [
        query["sql"]
        for query in queries.captured_queries
        if query["sql"].startswith('UPDATE "employees_employee"')
    ]
    assert len(touches) == 1, "one UPDATE for the three items, not one each"
    assert len(shown(caller, f"/employees/{employee.id}")["hardwares"]) == 3
    assert updated_at(caller, f"/employees/{employee.id}") > before


# --- what does not move it ------------------------------------------------------------------


def test_an_employee_renamed_moves_the_employee_not_the_records_showing_them(caller, company):
    """Another resource shown by reference is synced from its own list
    (docs/decisions/0041-what-moves-updated-at.md)."""
    employee = EmployeeFactory(company=company, email="grace@example.com")
    OrderFactory(company=company, send_to="EMPLOYEE", employee=employee)
    HardwareFactory(company=company, on_employee=True, employee=employee)
    moment = timezone.now()

    response = caller.post(
        "/employees",
        {
            "companyCode": "UPD",
            "firstName": "Grace",
            "lastName": "Hopper",
            "email": "grace@example.com",
            "address": "1 Main Street",
            "city": "New York",
            "postCode": "10001",
            "countryCode": "US",
        },
        format="json",
    )

    assert response.status_code == 200
    assert datetime.fromisoformat(response.json()["envelop"]["updatedAt"]) >= moment
    assert listed_since(caller, "/orders", moment) == []
    assert listed_since(caller, "/hardwares", moment) == []


def test_a_note_an_operator_adds_moves_the_item(caller, company, admin_client):
    item = HardwareFactory(company=company)
    before = updated_at(caller, f"/hardwares/{item.id}")
    url = reverse("admin:hardware_hardware_change", args=[item.pk])
    data = change_page_form(admin_client.get(url)) | {"notes-0-content": "Screen replaced"}
    moment = timezone.now()

    response = admin_client.post(url, data)

    assert response.status_code == 302, response.context["adminform"].form.errors
    record = shown(caller, f"/hardwares/{item.id}")
    assert [note["content"] for note in record["hardwareNote"]] == ["Screen replaced"]
    assert before < moment <= datetime.fromisoformat(record["updatedAt"])
    assert listed_since(caller, "/hardwares", moment) == [str(item.id)]
