"""The serial numbers of a delivered order's items, typed on the order's page in one form (issue
29, item 3): saved through the correction service all together, so a serial taken in the
company, or typed twice, writes none of them and names the item."""

import pytest
from django.urls import reverse

from hardware.models import Hardware
from orders.admin_serials import NOT_DELIVERED
from orders.selectors import order_row
from tests.admin_pages import message_texts
from tests.config.test_audit_trail import trail
from tests.factories import HardwareFactory, OrderFactory
from tests.orders import test_import_serials as import_command
from tests.orders.test_order_admin import change_page
from tests.support import events_recorded

pytestmark = pytest.mark.django_db

TAKEN = "Invalid request data (serialNumber already exists in this company)"


# The world of import_serials' tests: company SER, an order of 2 x Latitude then 1 x U2724D
# delivered through the service, its three items without serial numbers.
company = import_command.company


@pytest.fixture
def order(company):
    return import_command.delivered_order(company)


def items(order) -> list[Hardware]:
    """The order's items in the order of its lines (Latitude x2, then U2724D)."""
    return list(Hardware.objects.filter(created_order_id=order.id).order_by("name", "created_at"))


def typed(order, *serials: str, reason: str = "") -> dict:
    """The form as the page posts it: each item's serial typed, beside the one it showed."""
    pairs = list(zip(items(order), serials, strict=True))
    return {
        **{f"serial_{item.pk}": serial for item, serial in pairs},
        **{f"shown_{item.pk}": item.serial_number for item, _ in pairs},
        "reason": reason,
    }


def save(client, order, data):
    return client.post(reverse("admin:orders_order_serials", args=[order.pk]), data, follow=True)


def test_a_delivered_orders_page_lists_its_items_with_their_serials_in_line_order(
    admin_client, order
):
    first, second, third = items(order)
    Hardware.objects.filter(pk=second.pk).update(serial_number="LAT-KNOWN")

    page = admin_client.get(change_page(order))

    form = page.context["serials_form"]
    assert [(field.label, field.value()) for field in form.visible_fields()] == [
        ("1. Latitude", ""),
        ("2. Latitude", "LAT-KNOWN"),
        ("3. U2724D", ""),
        ("Reason for this change", None),
    ]
    assert [name for name in form.fields][:3] == [
        f"serial_{item.pk}" for item in (first, second, third)
    ]
    assert 'id="order-serials"' in page.content.decode()


@pytest.mark.parametrize("status", ["ACCEPTED", "CANCELLED"])
def test_an_order_not_delivered_has_no_serials_form(admin_client, company, status):
    undelivered = OrderFactory(company=company, status=status)

    page = admin_client.get(change_page(undelivered))

    assert page.context.get("serials_form") is None
    assert 'id="order-serials"' not in page.content.decode()
    refused = save(admin_client, undelivered, {"reason": ""})
    assert message_texts(refused) == [NOT_DELIVERED]


def test_a_delivered_order_that_made_no_items_has_no_serials_form(admin_client, company):
    page = admin_client.get(change_page(OrderFactory(company=company, status="DELIVERED")))

    assert page.context.get("serials_form") is None


def test_the_serials_are_saved_together_with_the_reason_and_follow_on_the_lines(
    admin_client, admin_user, order
):
    response = save(
        admin_client, order, typed(order, "LAT-1", "LAT-2", "MON-1", reason="Delivery note 881")
    )

    assert response.redirect_chain[-1][0] == change_page(order)
    assert message_texts(response) == ["Saved 3 serial number(s)."]
    assert [item.serial_number for item in items(order)] == ["LAT-1", "LAT-2", "MON-1"]
    lines = order_row(company=order.company, order_id=order.id)["hardwares"]
    assert [line["serialNumbers"] for line in lines] == [["LAT-1", "LAT-2"], ["MON-1"]]
    for item in items(order):
        [(_, context)] = trail(Hardware, item, "UPDATED")
        assert (context["source"], context["actorType"], context["reason"]) == (
            "ADMIN",
            "OPERATOR",
            "Delivery note 881",
        )
        assert context["operatorName"] == admin_user.username
    assert len(events_recorded("hardware.updated")) == 3
    # The form shows what was saved.
    form = admin_client.get(change_page(order)).context["serials_form"]
    assert [form[f"serial_{item.pk}"].value() for item in items(order)] == [
        "LAT-1",
        "LAT-2",
        "MON-1",
    ]


def test_only_the_serials_changed_are_saved(admin_client, order):
    first, _, third = items(order)
    Hardware.objects.filter(pk=first.pk).update(serial_number="LAT-1")
    rows = trail(Hardware, first)

    response = save(admin_client, order, typed(order, "LAT-1", "", "MON-1"))

    assert message_texts(response) == ["Saved 1 serial number(s)."]
    assert trail(Hardware, first) == rows
    assert [action for action, _ in trail(Hardware, third, "UPDATED")] == ["UPDATED"]
    unchanged = save(admin_client, order, typed(order, "LAT-1", "", "MON-1"))
    assert message_texts(unchanged) == ["No serial number was changed."]


def test_a_serial_taken_in_the_company_refuses_the_whole_form_naming_the_item(
    admin_client, company, order
):
    HardwareFactory(company=company, serial_number="TAKEN")

    response = save(admin_client, order, typed(order, "LAT-1", "TAKEN", "MON-1"))

    assert message_texts(response) == [
        f"Item 2 (Latitude), serial TAKEN: {TAKEN}",
        "Nothing saved: no serial number was changed.",
    ]
    assert [item.serial_number for item in items(order)] == ["", "", ""]
    lines = order_row(company=order.company, order_id=order.id)["hardwares"]
    assert [line["serialNumbers"] for line in lines] == [[], []]
    assert events_recorded("hardware.updated") == []


def test_a_serial_typed_twice_is_refused_on_the_second_item_and_nothing_is_saved(
    admin_client, order
):
    response = save(admin_client, order, typed(order, "SAME", "LAT-2", "SAME"))

    assert message_texts(response) == [
        f"Item 3 (U2724D), serial SAME: {TAKEN}",
        "Nothing saved: no serial number was changed.",
    ]
    assert [item.serial_number for item in items(order)] == ["", "", ""]


def test_a_reason_the_trail_refuses_saves_nothing(admin_client, order):
    response = save(admin_client, order, typed(order, "LAT-1", "LAT-2", "MON-1", reason="a\nb"))

    [message] = message_texts(response)
    assert message.startswith("reason: ")
    assert [item.serial_number for item in items(order)] == ["", "", ""]


def test_a_serial_changed_since_the_page_was_opened_is_not_written_back(admin_client, order):
    """The client corrected item 2 (PATCH) while the operator typed item 1 on a page opened
    before: item 1 is saved, item 2 keeps the client's value. Typing over it is refused."""
    opened = typed(order, "LAT-1", "", "")
    second = items(order)[1]
    Hardware.objects.filter(pk=second.pk).update(serial_number="BY-CLIENT")

    saved = save(admin_client, order, opened)

    assert message_texts(saved) == ["Saved 1 serial number(s)."]
    assert [item.serial_number for item in items(order)] == ["LAT-1", "BY-CLIENT", ""]

    overwrite = {**opened, f"serial_{second.pk}": "MINE"}
    refused = save(admin_client, order, overwrite)

    assert message_texts(refused) == [
        "Item 2 (Latitude), serial MINE: changed to BY-CLIENT since this page was opened: "
        "open it again",
        "Nothing saved: no serial number was changed.",
    ]
    assert [item.serial_number for item in items(order)] == ["LAT-1", "BY-CLIENT", ""]
