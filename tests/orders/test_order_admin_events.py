"""What operators change in the order admin reaches the company: line prices and offers go
through the orders' services, which record `order.updated` with the order as GET shows it."""

from decimal import Decimal

import pytest

from companies.models import Event
from orders.models import Order
from tests.factories import CatalogItemFactory, HardwareRequestFactory, OrderFactory
from tests.orders.test_order_admin import change_page, line_field, offer_url, page_form

pytestmark = pytest.mark.django_db


def test_saving_prices_on_the_page_records_order_updated_with_the_new_prices(admin_client):
    order = OrderFactory()
    line = HardwareRequestFactory(order=order)
    response = admin_client.get(change_page(order))
    data = page_form(response) | {
        line_field(response, line, "quoted_unit_price"): "349.90",
        "_continue": "Save",
    }

    saved = admin_client.post(change_page(order), data)

    assert saved.status_code == 302
    [event] = Event.objects.filter(company=order.company)
    assert event.kind == "order.updated"
    [shown] = event.payload["data"]["hardwares"]
    assert (shown["id"], shown["quotedUnitPrice"]) == (str(line.pk), "349.90")
    line.refresh_from_db()
    assert line.quoted_unit_price == Decimal("349.90")


def test_saving_the_page_unchanged_records_nothing(admin_client):
    order = OrderFactory()
    HardwareRequestFactory(order=order, quoted_unit_price=Decimal("10.00"))
    response = admin_client.get(change_page(order))

    saved = admin_client.post(change_page(order), page_form(response) | {"_continue": "Save"})

    assert saved.status_code == 302
    assert not Event.objects.filter(company=order.company).exists()


def test_prices_refused_because_the_order_moved_on_record_nothing(admin_client):
    order = OrderFactory()
    line = HardwareRequestFactory(order=order)
    response = admin_client.get(change_page(order))
    Order.objects.filter(pk=order.pk).update(status="ACCEPTED")
    data = page_form(response) | {line_field(response, line, "quoted_unit_price"): "1.00"}

    refused = admin_client.post(change_page(order), data)

    assert refused.status_code == 200
    assert not Event.objects.filter(company=order.company).exists()


def test_an_operators_offer_records_order_updated_showing_the_candidate(admin_client):
    order = OrderFactory()
    line = HardwareRequestFactory(order=order, hardware_type="PC")
    model = CatalogItemFactory(name="Latitude 7450")

    admin_client.post(offer_url(order), {"hardware_request": line.pk, "catalog_item": model.pk})

    [event] = Event.objects.filter(company=order.company)
    assert event.kind == "order.updated"
    [shown] = event.payload["data"]["hardwares"]
    candidates = shown["alternativeGroup"]["candidates"]
    assert [candidate["catalogModelId"] for candidate in candidates] == [None, str(model.pk)]
