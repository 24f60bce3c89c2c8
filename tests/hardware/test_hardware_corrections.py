"""PATCH /hardwares/{hardwareId} (issue 29, item 1): an item's own details corrected, answered
as GET shows it, told by `hardware.updated`; where an order made it, its line's serial numbers
follow; where it is and whose stay a movement request's to change."""

from decimal import Decimal

import pytest
from standardwebhooks.webhooks import Webhook

from companies.models import Event
from config.kernel.actors import Actor
from config.kernel.shipping import Shipping
from hardware.models import Hardware
from orders import services as order_services
from tests.conftest import make_caller
from tests.factories import (
    CompanyFactory,
    EmployeeFactory,
    HardwareFactory,
    HardwareRequestFactory,
    OrderFactory,
)
from tests.receivers import Receiver
from tests.support import assert_refused

pytestmark = pytest.mark.django_db


@pytest.fixture
def company(caller):
    return CompanyFactory(api_client=caller.api_client, code="FIX")


def patch(caller, item, **fields):
    body = {"companyCode": "FIX", **fields}
    return caller.patch(f"/hardwares/{item.id}", body, format="json")


def shown(caller, item) -> dict:
    [row] = caller.get(f"/hardwares/{item.id}", {"companyCode": "FIX"}).json()["envelop"]
    return row


def test_a_correction_is_answered_as_get_shows_the_item_and_told_by_an_event(caller, company):
    employee = EmployeeFactory(company=company)
    item = HardwareFactory(
        company=company, status="EMPLOYEE", employee=employee, serial_number="", damaged=False
    )

    response = patch(
        caller,
        item,
        serialNumber="C02XK1JHJG5H",
        description="Keyboard sticks",
        damaged=True,
        cost="1299.00",
        costCurrency="EUR",
    )

    assert response.status_code == 200
    [answered] = response.json()["envelop"]
    assert answered == shown(caller, item)
    assert (answered["serialNumber"], answered["description"], answered["damaged"]) == (
        "C02XK1JHJG5H",
        "Keyboard sticks",
        True,
    )
    assert (answered["cost"], answered["costCurrency"]) == (1299.0, "EUR")
    assert answered["updatedAt"] > answered["createdAt"]
    [event] = Event.objects.filter(company=company, kind="hardware.updated")
    # The item as answered, its images' URLs relative (an event is made for no request).
    told = event.payload["data"]
    assert told["image"] == "/static" + answered["image"].split("/static", 1)[1]
    assert {k: v for k, v in told.items() if k not in ("image", "hardwareType")} == {
        k: v for k, v in answered.items() if k not in ("image", "hardwareType")
    }


def test_the_same_values_again_change_nothing_and_tell_nobody(caller, company):
    item = HardwareFactory(company=company, serial_number="SN-1")
    before = shown(caller, item)

    response = patch(caller, item, serialNumber="SN-1")

    assert response.status_code == 200
    assert response.json()["envelop"] == [before]
    assert not Event.objects.filter(kind="hardware.updated").exists()


def test_a_serial_number_taken_in_the_company_is_refused(caller, company):
    HardwareFactory(company=company, serial_number="TAKEN")
    item = HardwareFactory(company=company, serial_number="", description="Before")

    response = patch(caller, item, serialNumber="TAKEN", description="Never written")

    assert_refused(
        response,
        400,
        "Invalid request data",
        details=[
            {"field": "serialNumber", "message": "serialNumber already exists in this company"}
        ],
    )
    item.refresh_from_db()
    assert (item.serial_number, item.description) == ("", "Before")


def test_another_companys_serial_number_is_no_conflict(caller, company):
    HardwareFactory(serial_number="SHARED")
    item = HardwareFactory(company=company, serial_number="")

    assert patch(caller, item, serialNumber="SHARED").status_code == 200


@pytest.mark.parametrize(
    "field, value",
    [
        ("status", "EMPLOYEE"),
        ("employeeProfileId", "8d1f3c52-8a43-4c55-9d46-3d8f8a1f0c11"),
        ("employeeEmail", "someone@example.com"),
        ("storage", "US"),
        ("countryCode", "BR"),
    ],
)
def test_what_only_a_move_changes_is_refused_with_all_that_came_with_it(
    caller, company, field, value
):
    item = HardwareFactory(company=company, serial_number="", description="Before")

    response = patch(caller, item, description="After", **{field: value})

    assert response.status_code == 400
    [detail] = response.json()["details"]
    assert detail["field"] == field
    assert "an item moves with a movement request" in detail["message"]
    item.refresh_from_db()
    assert item.description == "Before"


def test_a_body_with_nothing_to_correct_is_refused(caller, company):
    item = HardwareFactory(company=company)

    assert_refused(patch(caller, item), 400, "Nothing to update")


def test_another_clients_item_is_not_found_and_untouched(caller, company):
    theirs = HardwareFactory(description="Theirs")

    response = patch(caller, theirs, description="Mine now")

    assert_refused(response, 404, "Hardware not found")
    theirs.refresh_from_db()
    assert theirs.description == "Theirs"


def test_another_clients_company_is_refused(caller, company):
    other = make_caller()
    CompanyFactory(api_client=other.api_client, code="OTH")
    item = HardwareFactory(company=company)

    response = caller.patch(
        f"/hardwares/{item.id}", {"companyCode": "OTH", "damaged": True}, format="json"
    )

    assert_refused(response, 400, "Invalid company code")


def test_a_malformed_id_is_refused(caller, company):
    response = caller.patch(
        "/hardwares/not-an-id", {"companyCode": "FIX", "damaged": True}, format="json"
    )

    assert_refused(response, 400, "Invalid hardware ID format")


def test_the_serial_numbers_of_an_orders_items_show_on_its_line(caller, company):
    order = OrderFactory(company=company, status="ACCEPTED", send_to="STORAGE", country_code="US")
    line = HardwareRequestFactory(order=order, amount=3, quoted_unit_price=Decimal("99.00"))
    order_services.order_move(
        order_id=order.id, to_status="DELIVERED", actor=Actor.command("t"), shipping=Shipping()
    )
    first, _, third = Hardware.objects.filter(created_order_id=order.id).order_by(
        "created_at", "id"
    )

    for item, serial in ((third, "SN-C"), (first, "SN-A")):
        assert patch(caller, item, serialNumber=serial).status_code == 200

    [answered] = caller.get(f"/orders/{order.id}", {"companyCode": "FIX"}).json()["envelop"]
    [shown_line] = [each for each in answered["hardwares"] if each["id"] == str(line.id)]
    assert shown_line["serialNumbers"] == ["SN-A", "SN-C"]
    assert Event.objects.filter(company=company, kind="order.updated").count() == 2


def test_the_event_reaches_the_companys_receiver_signed(
    caller, company, settings, eager_tasks, django_capture_on_commit_callbacks
):
    settings.WEBHOOK_ALLOW_PRIVATE_NETWORKS = True
    receiver = Receiver(200)
    try:
        company.webhook_url = receiver.url
        company.save()
        item = HardwareFactory(company=company, serial_number="")

        with django_capture_on_commit_callbacks(execute=True):
            response = patch(caller, item, serialNumber="SIGNED-1")
    finally:
        receiver.close()

    assert response.status_code == 200
    [request] = receiver.requests
    headers = {name.lower(): value for name, value in request["headers"].items()}
    payload = Webhook(company.webhook_secret).verify(request["body"], headers)
    assert payload["type"] == "hardware.updated"
    assert payload["data"]["serialNumber"] == "SIGNED-1"


def test_a_cost_is_a_decimal_string_as_the_schema_says(caller, company):
    item = HardwareFactory(company=company, cost=None)

    response = patch(caller, item, cost=0)

    assert response.status_code == 400
    assert [detail["field"] for detail in response.json()["details"]] == ["cost"]
    assert patch(caller, item, cost="0.00").status_code == 200
