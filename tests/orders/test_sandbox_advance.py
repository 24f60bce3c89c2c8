"""POST /sandbox/orders/{orderId}/advance: the operator's moves, made by the API client outside
production, through order_move (issue 12; docs/decisions/0043-sandbox-moves-and-webhook-test.md)."""

import re
import uuid
from datetime import date
from decimal import Decimal

import pytest

from config.kernel.actors import ActorKind
from hardware.models import Hardware
from orders.models import Order
from orders.services import SANDBOX_FREE_FORM_UNIT_PRICE
from tests.factories import CatalogItemFactory, CompanyFactory, HardwareRequestFactory, OrderFactory
from tests.support import assert_refused, events_recorded, success

pytestmark = pytest.mark.django_db

CONTACT = "buyer@acme.example.com"
SERIAL = re.compile(r"SBX-[0-9A-F]{16}")
STATUSES = "QUOTED, CANCELLED, ACCEPTED, DELIVERED"


@pytest.fixture
def company(caller):
    return CompanyFactory(api_client=caller.api_client, code="SBX", contact_email=CONTACT)


def advance(client, order_id, status, company_code="SBX", **fields):
    body = {"companyCode": company_code, "status": status, **fields}
    return client.post(f"/sandbox/orders/{order_id}/advance", body, format="json")


def shown(caller, order) -> dict:
    """The order as GET /orders/{orderId} shows it."""
    response = caller.get(f"/orders/{order.id}", {"companyCode": order.company.code})
    assert response.status_code == 200
    [row] = response.json()["envelop"]
    return row


def history(order) -> list[tuple]:
    return list(
        order.status_history.order_by("created_at").values_list(
            "status_from", "status_to", "actor_kind", "actor_name"
        )
    )


def by_api(caller, status_from, status_to) -> tuple:
    return (status_from, status_to, ActorKind.API_CLIENT, caller.api_client.name)


def test_quoted_prices_catalog_and_free_form_lines_and_answers_the_order_as_get_shows_it(
    caller, company
):
    order = OrderFactory(company=company)
    item = CatalogItemFactory(price=Decimal("1149.00"))
    catalog_line = HardwareRequestFactory(order=order, catalog_item=item, hardware_type="PC")
    free_form = HardwareRequestFactory(order=order)
    priced = HardwareRequestFactory(order=order, quoted_unit_price=Decimal("349.00"))

    response = advance(caller, order.id, "QUOTED")

    assert response.status_code == 200
    assert response.json() == success([shown(caller, order)])
    [row] = response.json()["envelop"]
    assert row["status"] == "QUOTED"
    prices = {line["id"]: line["quotedUnitPrice"] for line in row["hardwares"]}
    assert prices == {
        str(catalog_line.id): "1149.00",
        str(free_form.id): str(SANDBOX_FREE_FORM_UNIT_PRICE),
        str(priced.id): "349.00",
    }
    assert Decimal("100.00") == SANDBOX_FREE_FORM_UNIT_PRICE
    assert history(order) == [by_api(caller, "PENDING", "QUOTED")]
    assert events_recorded("order.quoted") == [(company.id, str(order.id), "QUOTED")]


def test_accepted_is_the_operators_move_from_quoted(caller, company):
    order = OrderFactory(company=company, status="QUOTED")
    HardwareRequestFactory(order=order, quoted_unit_price=Decimal("349.00"))

    response = advance(caller, order.id, "accepted".upper())

    assert response.status_code == 200
    assert response.json() == success([shown(caller, order)])
    assert response.json()["envelop"][0]["status"] == "ACCEPTED"
    assert history(order) == [by_api(caller, "QUOTED", "ACCEPTED")]
    assert events_recorded("order.accepted") == [(company.id, str(order.id), "ACCEPTED")]


def test_delivered_makes_the_hardware_with_sbx_serials_and_keeps_the_tracking(
    caller, company, settings
):
    # Events make images absolute on PUBLIC_BASE_URL only (a request has its own host).
    settings.PUBLIC_BASE_URL = "http://testserver"
    order = OrderFactory(company=company, status="ACCEPTED")
    HardwareRequestFactory(order=order, amount=2, quoted_unit_price=Decimal("349.00"))
    link = "https://tracking.example.com/1Z999"

    response = advance(
        caller,
        order.id,
        "DELIVERED",
        eta="2026-12-01",
        trackingCode="1Z999",
        trackingLink=link,
    )

    assert response.status_code == 200
    assert response.json() == success([shown(caller, order)])
    [row] = response.json()["envelop"]
    assert (row["status"], row["eta"], row["trackingCode"], row["trackingLink"]) == (
        "DELIVERED",
        "2026-12-01",
        "1Z999",
        link,
    )
    items = Hardware.objects.filter(created_order_id=order.id)
    serials = sorted(items.values_list("serial_number", flat=True))
    assert len(serials) == len(set(serials)) == 2
    assert all(SERIAL.fullmatch(serial) for serial in serials)
    assert sorted(item["serialNumber"] for item in row["createdHardwares"]) == serials
    assert {item.status for item in items} == {"STORAGE"}
    assert history(order) == [by_api(caller, "ACCEPTED", "DELIVERED")]
    stored = order.status_history.get()
    assert (stored.eta, stored.tracking_code, stored.tracking_link) == (
        date(2026, 12, 1),
        "1Z999",
        link,
    )
    # The webhook's order is the answer's: it shows the serial numbers too.
    [event] = company.events.filter(kind="order.delivered")
    assert event.payload["data"]["createdHardwares"] == row["createdHardwares"]


@pytest.mark.parametrize("status", ["PENDING", "QUOTED"])
def test_cancelled_is_the_operators_cancellation(caller, company, committing, mailoutbox, status):
    order = OrderFactory(company=company, status=status)

    with committing():
        response = advance(caller, order.id, "CANCELLED")

    assert response.status_code == 200
    assert response.json() == success([shown(caller, order)])
    assert response.json()["envelop"][0]["status"] == "CANCELLED"
    assert history(order) == [by_api(caller, status, "CANCELLED")]
    assert events_recorded("order.cancelled") == [(company.id, str(order.id), "CANCELLED")]
    assert [message.to for message in mailoutbox] == [[CONTACT]]


def test_a_move_the_graph_forbids_is_refused_naming_both_statuses_and_changes_nothing(
    caller, company
):
    order = OrderFactory(company=company)
    HardwareRequestFactory(order=order, quoted_unit_price=Decimal("349.00"))
    before = Order.objects.get(pk=order.pk).updated_at

    response = advance(caller, order.id, "DELIVERED", trackingCode="1Z999")

    assert_refused(
        response,
        400,
        f"Order {order.order_number} cannot move from PENDING to DELIVERED "
        "(allowed: QUOTED, CANCELLED)",
    )
    stored = Order.objects.get(pk=order.pk)
    assert (stored.status, stored.updated_at, stored.tracking_code) == ("PENDING", before, None)
    assert history(order) == []
    assert not Hardware.objects.filter(created_order_id=order.id).exists()
    assert not company.events.exists()


def test_a_quote_only_order_is_never_delivered(caller, company):
    order = OrderFactory(company=company, status="ACCEPTED", send_to="QUOTE_ONLY")

    response = advance(caller, order.id, "DELIVERED")

    assert_refused(
        response,
        400,
        f"Order {order.order_number} is a quote only (sendTo QUOTE_ONLY): it is never delivered",
    )
    assert Order.objects.get(pk=order.pk).status == "ACCEPTED"


@pytest.mark.parametrize("status", ["PENDING", "SHIPPED", ""])
def test_a_status_no_move_reaches_is_refused_listing_the_statuses(caller, company, status):
    order = OrderFactory(company=company)

    response = advance(caller, order.id, status)

    message = f'"{status}" is not a status a sandbox move reaches: expected one of {STATUSES}'
    if status == "":
        message = "status should not be empty"
    assert_refused(response, 400, "Invalid request data", [{"field": "status", "message": message}])
    assert Order.objects.get(pk=order.pk).status == "PENDING"


def test_an_id_that_is_not_a_uuid_is_refused(caller, company):
    assert_refused(advance(caller, "12", "QUOTED"), 400, "Invalid order ID format")


def test_another_clients_company_is_an_invalid_company_code(caller, other_caller, company):
    theirs = CompanyFactory(api_client=other_caller.api_client, code="OTH")
    order = OrderFactory(company=theirs)

    response = advance(caller, order.id, "CANCELLED", company_code="OTH")

    assert_refused(response, 400, "Invalid company code")
    assert Order.objects.get(pk=order.pk).status == "PENDING"


@pytest.mark.parametrize("whose", ["another company of the client", "another client", "no one"])
def test_an_order_not_of_the_company_is_not_found(caller, other_caller, company, whose):
    if whose == "no one":
        order_id = uuid.uuid4()
    else:
        client = caller if whose == "another company of the client" else other_caller
        order_id = OrderFactory(company=CompanyFactory(api_client=client.api_client)).id

    response = advance(caller, order_id, "CANCELLED")

    assert_refused(response, 404, "Order not found")
    assert not Order.objects.filter(status="CANCELLED").exists()


def test_without_a_key_it_is_refused(anonymous, company):
    order = OrderFactory(company=company)

    assert_refused(advance(anonymous, order.id, "QUOTED"), 401, "Unauthorized access")


@pytest.mark.parametrize("keyed", [True, False])
def test_in_production_the_path_is_unknown(caller, anonymous, company, settings, keyed):
    settings.ENVIRONMENT = "production"
    order = OrderFactory(company=company)

    response = advance(caller if keyed else anonymous, order.id, "CANCELLED")

    path = f"/sandbox/orders/{order.id}/advance"
    assert_refused(response, 404, f"Cannot POST {path}: no such endpoint")
    assert Order.objects.get(pk=order.pk).status == "PENDING"


@pytest.mark.parametrize("environment", ["sandbox", "staging", "development", "test"])
def test_every_other_environment_has_it(caller, company, settings, environment):
    settings.ENVIRONMENT = environment
    order = OrderFactory(company=company)

    assert advance(caller, order.id, "CANCELLED").status_code == 200
