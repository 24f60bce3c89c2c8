"""The order's page as an operator quotes and moves it (issue 13): each line's catalog price
beside its input, "Save and mark QUOTED" in one transaction, final moves confirmed on a page
that lists what they will do, bulk moves reporting each refusal by the order's number."""

from decimal import Decimal

import pytest
from django.contrib.admin.models import LogEntry
from django.urls import reverse

from companies.models import Event
from hardware.models import Hardware
from orders.models import Order
from tests.admin_pages import message_texts
from tests.factories import (
    CatalogItemFactory,
    CompanyFactory,
    EmployeeFactory,
    HardwareRequestFactory,
    OrderFactory,
)
from tests.orders.test_order_admin import CHANGELIST, change_page, move_url, page_form

pytestmark = pytest.mark.django_db


def catalog_order(**fields) -> Order:
    order = OrderFactory(**fields)
    mouse = CatalogItemFactory(name="MX Master 3S", hardware_type="MOUSE", price=Decimal("99.00"))
    laptop = CatalogItemFactory(name="Latitude 7450", price=Decimal("1299.00"))
    HardwareRequestFactory(order=order, amount=2, catalog_item=mouse, model=mouse.name)
    HardwareRequestFactory(order=order, amount=1, catalog_item=laptop, model=laptop.name)
    return order


def prices(order) -> list:
    lines = order.hardware_requests.order_by("created_at", "id")
    return [line.quoted_unit_price for line in lines]


def test_the_page_shows_each_lines_catalog_price_and_prefills_its_input(admin_client):
    order = catalog_order()

    response = admin_client.get(change_page(order))

    formset = response.context["inline_admin_formsets"][0].formset
    assert [form["quoted_unit_price"].value() for form in formset.forms] == [
        Decimal("99.00"),
        Decimal("1299.00"),
    ]
    page = response.content.decode()
    assert "Catalog price" in page  # the lines' column
    assert 'name="_save_and_mark" value="QUOTED"' in page
    assert prices(order) == [None, None]  # shown, not yet saved


def test_save_and_mark_quoted_quotes_an_all_catalog_order_in_one_click(admin_client, admin_user):
    order = catalog_order()
    form = page_form(admin_client.get(change_page(order)))

    response = admin_client.post(
        change_page(order), {**form, "_save_and_mark": "QUOTED"}, follow=True
    )

    assert response.redirect_chain[-1][0] == change_page(order)
    assert f"Order {order.order_number} is now QUOTED." in message_texts(response)
    order.refresh_from_db()
    assert order.status == "QUOTED"
    assert prices(order) == [Decimal("99.00"), Decimal("1299.00")]
    change = order.status_history.get(status_to="QUOTED")
    assert (change.actor_kind, change.actor_name) == ("STAFF", admin_user.username)
    assert Event.objects.filter(kind="order.quoted", payload__data__id=str(order.pk)).exists()
    # The admin's log says what the page saved: the prices it showed.
    [logged] = LogEntry.objects.filter(object_id=str(order.pk))
    assert logged.get_change_message() == (
        "Changed Quoted unit price for hardware request “2 x MX Master 3S”. "
        "Changed Quoted unit price for hardware request “1 x Latitude 7450”."
    )


def test_save_and_mark_quoted_keeps_the_typed_price_over_the_catalogs(admin_client):
    order = catalog_order()
    form = page_form(admin_client.get(change_page(order)))
    form["hardware_requests-0-quoted_unit_price"] = "89.90"

    admin_client.post(change_page(order), {**form, "_save_and_mark": "QUOTED"})

    order.refresh_from_db()
    assert (order.status, prices(order)) == ("QUOTED", [Decimal("89.90"), Decimal("1299.00")])


def test_a_refused_quote_names_the_line_by_what_it_is_and_keeps_no_price(admin_client):
    order = catalog_order()
    HardwareRequestFactory(order=order, amount=3, model="Ergo chair", hardware_type="CHAIR")
    form = page_form(admin_client.get(change_page(order)))
    form["hardware_requests-0-quoted_unit_price"] = "89.90"
    events = Event.objects.count()

    response = admin_client.post(
        change_page(order), {**form, "_save_and_mark": "QUOTED"}, follow=True
    )

    assert message_texts(response) == [
        f"Order {order.order_number} cannot be QUOTED: these free-form lines have no catalog "
        "price: set their quotedUnitPrice (3 x Ergo chair has no quotedUnitPrice)"
    ]
    order.refresh_from_db()
    assert (order.status, prices(order)) == ("PENDING", [None, None, None])
    assert Event.objects.count() == events
    assert not order.status_history.filter(status_to="QUOTED").exists()


def test_a_final_move_asks_first_listing_the_hardware_made_and_the_webhook(admin_client):
    company = CompanyFactory(webhook_url="https://hooks.example.com/acme")
    employee = EmployeeFactory(company=company, email="maya@example.com")
    order = OrderFactory(company=company, status="ACCEPTED", send_to="EMPLOYEE", employee=employee)
    HardwareRequestFactory(order=order, amount=2, model="MX Master 3S", quoted_unit_price=1)
    warranty = {"hardware_type": "EXTENDED_WARRANTY_MAC", "brand": None, "model": None}
    HardwareRequestFactory(order=order, quoted_unit_price=1, **warranty)  # sold, never an item

    response = admin_client.post(move_url(order), {"status": "DELIVERED"})

    assert response.status_code == 200
    assert response.context["records"] == [
        (
            order,
            [
                "2 hardware item(s) MX Master 3S created, assigned to maya@example.com",
                "Webhook order.delivered sent to https://hooks.example.com/acme",
            ],
        )
    ]
    page = response.content.decode()
    assert 'name="confirmed"' in page and "Yes, I'm sure" in page
    assert Order.objects.get(pk=order.pk).status == "ACCEPTED"
    assert not Hardware.objects.exists()

    confirmed = admin_client.post(move_url(order), {"status": "DELIVERED", "confirmed": "yes"})

    assert confirmed.status_code == 302
    assert Order.objects.get(pk=order.pk).status == "DELIVERED"
    assert Hardware.objects.filter(created_order_id=order.pk, employee=employee).count() == 2


def test_cancelling_lists_the_email_and_an_event_without_endpoint(admin_client):
    company = CompanyFactory(contact_email="ops@acme.example", code="ACM")
    order = OrderFactory(company=company)

    response = admin_client.post(move_url(order), {"status": "CANCELLED"})

    assert response.context["records"][0][1] == [
        "An e-mail tells ops@acme.example of the cancellation",
        "Event order.cancelled recorded; company ACM has no webhook URL, so none is sent",
    ]


def test_a_bulk_final_move_asks_first_then_reports_each_refusal_by_number(admin_client):
    pending = OrderFactory()
    delivered = OrderFactory(status="DELIVERED")
    selected = {"action": "mark_cancelled", "_selected_action": [pending.pk, delivered.pk]}

    asked = admin_client.post(CHANGELIST, selected)

    assert asked.status_code == 200
    assert [record for record, _ in asked.context["records"]] == [pending, delivered]
    assert Order.objects.get(pk=pending.pk).status == "PENDING"

    response = admin_client.post(CHANGELIST, {**selected, "confirmed": "yes"}, follow=True)

    assert message_texts(response) == [
        f"Order {delivered.order_number} cannot move from DELIVERED to CANCELLED (allowed: "
        "none, it makes no more moves)",
        "Moved 1 order(s) to CANCELLED.",
    ]
    assert Order.objects.get(pk=pending.pk).status == "CANCELLED"


@pytest.mark.parametrize("count", [1, 10])
def test_the_bulk_delivered_page_lists_each_orders_hardware_at_the_same_cost(
    admin_client, django_assert_max_num_queries, count
):
    company = CompanyFactory()
    orders = [
        OrderFactory(company=company, status="ACCEPTED", country_code="US") for _ in range(count)
    ]
    for n, order in enumerate(orders):
        HardwareRequestFactory(order=order, amount=n + 1, model=f"Model {n}", quoted_unit_price=1)
    selected = {"action": "mark_delivered", "_selected_action": [str(o.pk) for o in orders]}

    with django_assert_max_num_queries(12):
        response = admin_client.post(CHANGELIST, selected)

    made = [effects[0] for _, effects in response.context["records"]]
    assert made == [
        f"{n + 1} hardware item(s) Model {n} created, in the US storage" for n in range(count)
    ]


def test_the_history_button_leads_to_the_pages_timeline(admin_client):
    order = OrderFactory()

    response = admin_client.get(reverse("admin:orders_order_history", args=[order.pk]))

    assert response.url == change_page(order) + "#history"
