"""GET /audit-events: the changes made to a company's records, as a client reads them (issue 28):
who made each, through what, why, and what it changed, each field named and valued as the API
shows it, whatever path made the change; a client sees its own companies' trail only."""

import json

import pytest
from django.apps import apps
from django.core.management import call_command

from config.kernel.audit import ActorType, Source, change_context
from hardware.models import HardwareNote
from orders.models import Order
from tests.factories import (
    CatalogItemFactory,
    CompanyFactory,
    EmployeeFactory,
    HardwareFactory,
    HardwareRequestFactory,
    OrderFactory,
    alternatives,
)
from tests.orders.test_order_admin import change_page, page_form
from tests.support import assert_refused, iso

pytestmark = pytest.mark.django_db


@pytest.fixture
def company(caller):
    return CompanyFactory(api_client=caller.api_client, code="AUD", name="Audit Co")


def trail(client, code="AUD", **criteria) -> list[dict]:
    response = client.get("/audit-events", {"companyCode": code, **criteria})
    assert response.status_code == 200, response.json()
    return response.json()["envelop"]


def latest_row(model: str, record):
    """The latest row of `record` on the trail (`model`: "app.Model")."""
    app_label, name = model.split(".")
    events = apps.get_model(app_label, f"{name}AuditEvent").objects
    return events.filter(pgh_obj_id=record.pk).latest("pgh_id")


def summary(events: list[dict]) -> list[tuple]:
    return [(event["target"]["type"], event["action"]) for event in events]


# --- what an event says ---------------------------------------------------------------------


def test_a_change_through_the_api_says_who_through_what_why_and_what_changed(caller, company):
    response = caller.patch(
        "/companies/AUD",
        {"name": "Audited Inc", "webhookUrl": "https://example.com/hooks"},
        format="json",
        HTTP_X_CHANGE_REASON="Renamed after the merger",
        HTTP_IDEMPOTENCY_KEY="rename-1",
    )
    assert response.status_code == 200

    [event, created] = trail(caller)

    row = latest_row("companies.Company", company)
    assert event == {
        "id": f"company:{row.pgh_id}",
        "occurredAt": iso(row.pgh_created_at),
        "action": "UPDATED",
        "target": {"type": "COMPANY", "id": str(company.id), "label": "Audited Inc (AUD)"},
        "parent": None,
        "actor": {"type": "API_CLIENT", "name": caller.api_client.name},
        "source": "API",
        "requestId": response["X-Request-ID"],
        "idempotencyKey": "rename-1",
        "reason": "Renamed after the merger",
        "changes": {
            "name": {"old": "Audit Co", "new": "Audited Inc"},
            "webhookUrl": {"old": None, "new": "https://example.com/hooks"},
        },
    }
    # Made by a factory, outside any context: on the trail, its author unknown.
    assert (created["action"], created["actor"], created["source"]) == (
        "CREATED",
        {"type": None, "name": None},
        None,
    )
    assert created["changes"]["companyCode"] == {"old": None, "new": "AUD"}


def test_fields_are_named_and_valued_as_the_api_shows_them(caller, company):
    grace = EmployeeFactory(company=company, email="grace@example.com")
    body = {
        "companyCode": "AUD",
        "countryCode": "US",
        "hardwareType": "MONITOR",
        "serialNumber": "SN-AUDIT-1",
        "employeeEmail": "grace@example.com",
        "cost": "1299.00",
        "dateBought": "2026-01-15T10:30:00.250000+01:00",
    }
    created = caller.post("/hardwares", {"data": body}, format="json")
    assert created.status_code == 201
    item = created.json()["envelop"][0]

    [event] = trail(caller, targetType="HARDWARE")

    assert event["target"] == {
        "type": "HARDWARE",
        "id": item["id"],
        "label": f"{item['name']} (SN-AUDIT-1)",
    }
    changes = event["changes"]
    assert changes["serialNumber"] == {"old": None, "new": "SN-AUDIT-1"}
    assert changes["countryCode"] == {"old": None, "new": "US"}
    # The employee by e-mail, not by row id; a price as a string; the type by name.
    assert changes["employeeEmail"] == {"old": None, "new": grace.email}
    assert changes["cost"] == {"old": None, "new": "1299.00"}
    assert changes["hardwareType"] == {"old": None, "new": "MONITOR"}
    assert changes["status"] == {"old": None, "new": "EMPLOYEE"}
    # Timestamps and images as the item's own answer writes them.
    assert changes["dateBought"] == {"old": None, "new": item["dateBought"]}
    assert changes["createdAt"] == {"old": None, "new": item["createdAt"]}
    assert changes["image"] == {"old": None, "new": item["image"]}
    # Only what was set: no storage, no description.
    assert "storageCountryCode" not in changes
    assert "description" not in changes
    assert "employee" not in changes and "companyId" not in changes


def test_a_status_move_is_status_changed_with_the_old_and_new_values(caller, company):
    employee = EmployeeFactory(company=company, email="ada@example.com", country_code="US")
    item = HardwareFactory(company=company, on_employee=True, employee=employee)
    body = {
        "companyCode": "AUD",
        "handledBy": "COMPANY",
        "employeeEmail": "ada@example.com",
        "hardwares": {"hardwareIds": [str(item.id)]},
    }
    response = caller.post("/movement_requests/offboarding", {"data": body}, format="json")
    assert response.status_code == 201

    [moved] = trail(caller, targetId=str(item.id), action="STATUS_CHANGED")

    assert moved["changes"]["status"] == {"old": "EMPLOYEE", "new": "STORAGE"}
    assert moved["changes"]["employeeEmail"] == {"old": "ada@example.com", "new": None}
    assert moved["changes"]["storageCountryCode"] == {"old": None, "new": "US"}
    assert moved["requestId"] == response["X-Request-ID"]
    [movement] = trail(caller, targetType="MOVEMENT_REQUEST", action="CREATED")
    number = response.json()["envelop"][0]["movementRequestNumber"]
    assert movement["target"]["label"] == f"Movement request {number}"
    assert movement["changes"]["fromEmployeeEmail"] == {"old": None, "new": "ada@example.com"}


def test_an_order_confirmed_is_a_status_change_and_its_lines_are_its_children(caller, company):
    quoted = caller.post(
        "/orders/quote",
        {
            "companyCode": "AUD",
            "countryCode": "US",
            "sendTo": "STORAGE",
            "autoQuote": True,
            "hardwares": [{"hardwareType": "MOUSE", "amount": 3}],
        },
        format="json",
    )
    order = quoted.json()["envelop"][0]
    caller.post("/orders/confirm", {"id": order["id"], "companyCode": "AUD"}, format="json")

    events = trail(caller, targetId=order["id"])

    assert summary(events) == [
        ("ORDER_LINE", "CREATED"),
        ("ORDER", "STATUS_CHANGED"),
        ("ORDER", "STATUS_CHANGED"),
        ("ORDER", "CREATED"),
    ]
    line, confirmed = events[0], events[1]
    assert confirmed["changes"] == {"status": {"old": "QUOTED", "new": "ACCEPTED"}}
    assert confirmed["target"]["label"] == f"Order {order['orderNumber']}"
    assert line["parent"] == {"type": "ORDER", "id": order["id"]}
    assert line["target"] == {
        "type": "ORDER_LINE",
        "id": order["hardwares"][0]["id"],
        "label": "3 x MOUSE",
    }
    assert line["changes"]["quotedUnitPrice"] == {
        "old": None,
        "new": order["hardwares"][0]["quotedUnitPrice"],
    }


def test_a_record_deleted_shows_the_fields_it_had(caller, company):
    order = OrderFactory(company=company)
    kept = HardwareRequestFactory(order=order, hardware_type="MOUSE")
    gone = HardwareRequestFactory(order=order, amount=2, model="U2724D")
    body = {"companyCode": "AUD", "hardwareRequests": [{"hardwareRequestId": str(gone.id)}]}
    removed = caller.patch(f"/orders/{order.id}/hardware-requests/remove", body, format="json")
    assert removed.status_code == 200

    [deleted] = trail(caller, action="DELETED")

    assert deleted["target"] == {"type": "ORDER_LINE", "id": str(gone.id), "label": "2 x U2724D"}
    assert deleted["parent"] == {"type": "ORDER", "id": str(order.id)}
    assert deleted["changes"]["amount"] == {"old": 2, "new": None}
    assert deleted["changes"]["model"] == {"old": "U2724D", "new": None}
    assert all(change["new"] is None for change in deleted["changes"].values())
    assert str(kept.id) not in {event["target"]["id"] for event in trail(caller, action="DELETED")}


def test_a_webhook_secret_is_never_shown_only_that_it_changed(caller, company):
    rotated = caller.post("/companies/AUD/webhook-secret")
    assert rotated.status_code == 200
    secret = rotated.json()["envelop"][0]["webhookSecret"]

    response = caller.get("/audit-events", {"companyCode": "AUD"})

    [rotation, created] = response.json()["envelop"]
    assert rotation["changes"] == {"webhookSecret": {"old": "***", "new": "***"}}
    assert created["changes"]["webhookSecret"] == {"old": "***", "new": "***"}
    company.refresh_from_db()
    for shown in (secret, company.webhook_secret, secret.removeprefix("whsec_")):
        assert shown not in response.content.decode()


def test_an_operator_is_operations_and_no_member_of_staff_is_named(
    caller, company, admin_client, admin_user
):
    order = OrderFactory(company=company)
    mouse = CatalogItemFactory(name="MX Master 3S", hardware_type="MOUSE")
    HardwareRequestFactory(order=order, amount=1, catalog_item=mouse, model=mouse.name)
    form = page_form(admin_client.get(change_page(order)))
    admin_client.post(change_page(order), {**form, "_save_and_mark": "QUOTED"})
    # However the back office names its staff in the context, a client reads "Operations".
    staff = {"operatorId": 7, "operatorName": "alice.staff", "actorName": "alice.staff"}
    with change_context(Source.ADMIN, actorType=ActorType.OPERATOR.value, **staff):
        Order.objects.filter(pk=order.pk).update(po_number="PO-7")

    response = caller.get("/audit-events", {"companyCode": "AUD", "actorType": "OPERATOR"})

    events = response.json()["envelop"]
    orders = [event for event in events if event["target"]["type"] == "ORDER"]
    assert summary(orders) == [("ORDER", "UPDATED"), ("ORDER", "STATUS_CHANGED")]
    assert orders[0]["changes"] == {"poNumber": {"old": None, "new": "PO-7"}}
    for event in events:
        assert (event["actor"], event["source"]) == (
            {"type": "OPERATOR", "name": "Operations"},
            "ADMIN",
        )
    body = response.content.decode()
    for named in ("alice.staff", admin_user.username, admin_user.email, "operator"):
        assert named not in body


def test_a_command_is_shown_by_its_name_with_its_reason(caller, company):
    order = OrderFactory(company=company)
    HardwareRequestFactory(order=order, quoted_unit_price="10.00")

    call_command("transition", "order", str(order.order_number), "QUOTED", reason="Phoned in")

    [moved] = trail(caller, action="STATUS_CHANGED")
    assert (moved["actor"], moved["source"], moved["reason"]) == (
        {"type": "COMMAND", "name": "transition"},
        "COMMAND",
        "Phoned in",
    )
    assert moved["changes"]["status"] == {"old": "PENDING", "new": "QUOTED"}


# --- whose events ---------------------------------------------------------------------------


def test_a_target_id_takes_the_records_children_even_once_it_is_deleted(caller, company):
    item = HardwareFactory(company=company)
    HardwareNote.objects.create(hardware=item, content="Screen scratched", author_email="a@x.io")
    other_item = HardwareFactory(company=company)
    order = OrderFactory(company=company)
    original = HardwareRequestFactory(order=order)
    alternatives(original, HardwareRequestFactory(order=order, model="U2724D"))
    short_lived = OrderFactory(company=company)
    HardwareRequestFactory.create_batch(2, order=short_lived)

    assert summary(trail(caller, targetId=str(item.id))) == [
        ("HARDWARE_NOTE", "CREATED"),
        ("HARDWARE", "CREATED"),
    ]
    note = trail(caller, targetId=str(item.id))[0]
    assert note["target"]["label"] == "Screen scratched"
    assert note["parent"] == {"type": "HARDWARE", "id": str(item.id)}
    # A child's own id names it alone.
    assert summary(trail(caller, targetId=note["target"]["id"])) == [("HARDWARE_NOTE", "CREATED")]
    assert str(other_item.id) not in json.dumps(trail(caller, targetId=str(item.id)))
    kinds = {event["target"]["type"] for event in trail(caller, targetId=str(order.id))}
    assert kinds == {"ORDER", "ORDER_LINE", "ALTERNATIVE_GROUP"}

    Order.objects.filter(pk=short_lived.pk).delete()  # its lines go with it
    assert sorted(summary(trail(caller, targetId=str(short_lived.id), action="DELETED"))) == [
        ("ORDER", "DELETED"),
        ("ORDER_LINE", "DELETED"),
        ("ORDER_LINE", "DELETED"),
    ]


def test_another_clients_company_is_refused(caller, company, other_caller):
    CompanyFactory(api_client=other_caller.api_client, code="OTH")

    assert_refused(trail_response(caller, "OTH"), 400, "Invalid company code")
    assert_refused(caller.get("/audit-events"), 400, "Missing required filter: companyCode")


def trail_response(client, code: str):
    return client.get("/audit-events", {"companyCode": code})


def test_another_companys_events_never_appear_even_asked_for_by_id(caller, company, other_caller):
    theirs = CompanyFactory(api_client=other_caller.api_client, code="OTH")
    their_order = OrderFactory(company=theirs)
    HardwareRequestFactory(order=their_order)
    their_item = HardwareFactory(company=theirs)
    HardwareNote.objects.create(hardware=their_item, content="Theirs", author_email="o@x.io")
    sibling = CompanyFactory(api_client=caller.api_client, code="SIB")
    OrderFactory(company=sibling)

    for target in (their_order.id, their_item.id, theirs.id, sibling.id):
        assert trail(caller, targetId=str(target)) == []
    ids = {event["target"]["id"] for event in trail(caller)}
    assert ids == {str(company.id)}
    assert {event["target"]["type"] for event in trail(caller, "SIB")} == {"COMPANY", "ORDER"}


def test_records_of_no_company_are_on_no_clients_trail(caller, company):
    item = CatalogItemFactory(name="MX Master 3S")
    item.price = "12.00"
    item.save()

    kinds = {event["target"]["type"] for event in trail(caller)}
    assert kinds == {"COMPANY"}
