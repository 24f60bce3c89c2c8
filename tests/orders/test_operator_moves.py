"""Operator moves of orders (CONTRACT.md, Operator moves) through orders.services.order_move,
the service behind the admin's buttons and `transition order`."""

import uuid
from datetime import date
from decimal import Decimal

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.db import DatabaseError
from django.utils import timezone

from config.kernel.actors import Actor
from config.kernel.errors import NotFound, ServiceError
from config.kernel.shipping import Shipping
from hardware.models import Hardware, HardwareNote, Storage
from orders import services
from orders.models import Order
from orders.selectors import order_row
from tests.factories import (
    CatalogItemFactory,
    CompanyFactory,
    EmployeeFactory,
    HardwareRequestFactory,
    OrderFactory,
    alternatives,
)
from tests.support import EVENTS_REFUSED, events_recorded, failing_event_inserts, run_together

pytestmark = pytest.mark.django_db

OPERATOR = Actor.command("transition")
CONTACT = "buyer@acme.example.com"
ALL_STATUSES = ("PENDING", "QUOTED", "ACCEPTED", "CANCELLED", "DELIVERED")
ALLOWED = {
    "PENDING": {"QUOTED", "CANCELLED"},
    "QUOTED": {"ACCEPTED", "CANCELLED"},
    "ACCEPTED": {"DELIVERED"},
    "CANCELLED": set(),
    "DELIVERED": set(),
}
REFUSED = [
    (status_from, status_to)
    for status_from in ALL_STATUSES
    for status_to in ALL_STATUSES
    if status_to not in ALLOWED[status_from]
]


def move(order, status, price_from_catalog=False, **shipping) -> Order:
    return services.order_move(
        order_id=order.id,
        to_status=status,
        actor=OPERATOR,
        shipping=Shipping(**shipping),
        price_from_catalog=price_from_catalog,
    )


def priced_order(status="PENDING", **fields) -> Order:
    order = OrderFactory(status=status, **fields)
    HardwareRequestFactory(order=order, amount=2, quoted_unit_price=Decimal("349.00"))
    return order


def history(order) -> list[tuple]:
    return list(
        order.status_history.values_list("status_from", "status_to", "actor_kind", "actor_name")
    )


def snapshot(order) -> tuple:
    """What a refused move must leave as it was: the order, its lines, history and hardware."""
    stored = Order.objects.get(pk=order.pk)
    return (
        stored.status,
        stored.updated_at,
        stored.date_completed,
        stored.eta,
        list(stored.hardware_requests.values_list("id", "quoted_unit_price")),
        order.status_history.count(),
        Hardware.objects.count(),
    )


@pytest.mark.parametrize(
    ("status_from", "status_to"),
    [
        ("PENDING", "QUOTED"),
        ("PENDING", "CANCELLED"),
        ("QUOTED", "ACCEPTED"),
        ("QUOTED", "CANCELLED"),
        ("ACCEPTED", "DELIVERED"),
    ],
)
def test_each_allowed_move_changes_the_status_and_records_who_made_it(status_from, status_to):
    order = priced_order(status_from)

    moved = move(order, status_to)

    assert moved.status == status_to
    assert Order.objects.get(pk=order.pk).status == status_to
    assert history(order) == [(status_from, status_to, "COMMAND", "transition")]


@pytest.mark.parametrize(("status_from", "status_to"), REFUSED)
def test_each_other_move_is_refused_naming_the_allowed_ones_and_changes_nothing(
    status_from, status_to
):
    order = priced_order(status_from)
    before = snapshot(order)

    with pytest.raises(ServiceError) as refused:
        move(order, status_to)

    allowed = (
        ", ".join(s for s in ALL_STATUSES if s in ALLOWED[status_from])
        or "none, it makes no more moves"
    )
    assert refused.value.message == (
        f"Order {order.order_number} cannot move from {status_from} to {status_to} "
        f"(allowed: {allowed})"
    )
    assert refused.value.status_code == 400
    assert snapshot(order) == before


def test_an_unknown_order_is_not_found():
    with pytest.raises(NotFound, match="Order not found"):
        services.order_move(order_id=uuid.uuid4(), to_status="QUOTED", actor=OPERATOR)


def test_a_full_path_keeps_every_move_in_the_history_with_its_actor():
    order = priced_order()
    staff = Actor.staff(User(username="ops@example.com"))

    move(order, "QUOTED")
    services.order_move(order_id=order.id, to_status="ACCEPTED", actor=staff)
    move(order, "DELIVERED")

    assert history(order) == [
        ("PENDING", "QUOTED", "COMMAND", "transition"),
        ("QUOTED", "ACCEPTED", "STAFF", "ops@example.com"),
        ("ACCEPTED", "DELIVERED", "COMMAND", "transition"),
    ]


def test_eta_and_tracking_sent_with_a_move_are_kept_on_the_order():
    order = priced_order("ACCEPTED")

    moved = move(
        order,
        "DELIVERED",
        eta=date(2026, 5, 4),
        tracking_code="TRK-4",
        tracking_link="https://track.example.com/TRK-4",
    )

    stored = Order.objects.get(pk=order.pk)
    assert (stored.eta, stored.tracking_code, stored.tracking_link) == (
        date(2026, 5, 4),
        "TRK-4",
        "https://track.example.com/TRK-4",
    )
    assert moved.eta == stored.eta


def test_a_move_with_a_bad_tracking_link_or_an_overlong_code_is_refused():
    order = priced_order()
    before = snapshot(order)

    with pytest.raises(ServiceError) as refused:
        move(order, "QUOTED", tracking_code="X" * 101, tracking_link="not a link")

    assert refused.value.message == "Invalid request data"
    assert [detail["field"] for detail in refused.value.details] == [
        "trackingCode",
        "trackingLink",
    ]
    assert snapshot(order) == before


def test_the_moves_own_rule_is_heard_before_a_bad_tracking_link():
    """What the operator must do about the order (price its lines) comes before how the
    tracking was typed, as it always has."""
    order = OrderFactory()
    HardwareRequestFactory(order=order, quoted_unit_price=None)

    with pytest.raises(ServiceError) as refused:
        move(order, "QUOTED", tracking_link="not a link")

    assert refused.value.message == (
        f"Order {order.order_number} cannot be QUOTED: every selected line needs a quotedUnitPrice"
    )


# --- PENDING -> QUOTED needs a price on every selected line ----------------------------------


def test_quoted_needs_prices_on_selected_lines_only():
    order = OrderFactory()
    HardwareRequestFactory(order=order, quoted_unit_price=Decimal("10.00"))
    chosen = HardwareRequestFactory(order=order, quoted_unit_price=Decimal("20.00"))
    alternatives(chosen, HardwareRequestFactory(order=order, quoted_unit_price=None))

    assert move(order, "QUOTED").status == "QUOTED"


def test_quoted_is_refused_naming_each_unpriced_selected_line_as_the_order_lists_it():
    order = OrderFactory()
    HardwareRequestFactory(order=order, quoted_unit_price=Decimal("10.00"))
    unpriced = HardwareRequestFactory(order=order, amount=3, model="P2425H")
    original = HardwareRequestFactory(order=order, quoted_unit_price=Decimal("20.00"))
    chosen = HardwareRequestFactory(order=order, model="U2724D")
    alternatives(original, chosen)
    order.alternative_groups.update(selected=chosen)
    before = snapshot(order)

    with pytest.raises(ServiceError) as refused:
        move(order, "QUOTED")

    assert refused.value.message == (
        f"Order {order.order_number} cannot be QUOTED: every selected line needs a quotedUnitPrice"
    )
    # The indexes are those of GET /orders/{orderId}'s hardwares: the group sits where its
    # selected candidate does.
    shown = order_row(company=order.company, order_id=order.id)["hardwares"]
    shown = [line["id"] for line in shown]
    assert shown.index(unpriced.id) == 1
    assert shown.index(chosen.id) == 2
    assert refused.value.details == [
        {
            "field": "hardwares[1].quotedUnitPrice",
            "message": "3 x P2425H has no quotedUnitPrice",
        },
        {
            "field": "hardwares[2].quotedUnitPrice",
            "message": "1 x U2724D has no quotedUnitPrice",
        },
    ]
    assert snapshot(order) == before


def test_quoted_from_the_admin_never_takes_catalog_prices():
    order = OrderFactory()
    line = HardwareRequestFactory(order=order, catalog_item=CatalogItemFactory())

    with pytest.raises(ServiceError, match="every selected line needs a quotedUnitPrice"):
        move(order, "QUOTED")

    line.refresh_from_db()
    assert line.quoted_unit_price is None


def test_quoted_with_catalog_pricing_prices_only_the_unpriced_catalog_lines():
    order = OrderFactory()
    model = CatalogItemFactory(price=Decimal("1299.00"))
    from_catalog = HardwareRequestFactory(order=order, catalog_item=model)
    set_by_hand = HardwareRequestFactory(
        order=order, catalog_item=model, quoted_unit_price=Decimal("1100.00")
    )

    move(order, "QUOTED", price_from_catalog=True)

    from_catalog.refresh_from_db()
    set_by_hand.refresh_from_db()
    assert from_catalog.quoted_unit_price == Decimal("1299.00")
    assert set_by_hand.quoted_unit_price == Decimal("1100.00")


def test_catalog_pricing_refuses_free_form_lines_and_prices_nothing():
    order = OrderFactory()
    catalog_line = HardwareRequestFactory(order=order, catalog_item=CatalogItemFactory())
    HardwareRequestFactory(order=order, model="Ergo chair", hardware_type="CHAIR")
    before = snapshot(order)

    with pytest.raises(ServiceError) as refused:
        move(order, "QUOTED", price_from_catalog=True)

    assert refused.value.message == (
        f"Order {order.order_number} cannot be QUOTED: these free-form lines have no catalog "
        "price: set their quotedUnitPrice"
    )
    assert refused.value.details == [
        {
            "field": "hardwares[1].quotedUnitPrice",
            "message": "1 x Ergo chair has no quotedUnitPrice",
        }
    ]
    catalog_line.refresh_from_db()
    assert catalog_line.quoted_unit_price is None
    assert snapshot(order) == before


# --- CANCELLED -------------------------------------------------------------------------------


@pytest.mark.parametrize("status_from", ["PENDING", "QUOTED"])
def test_cancelling_notifies_the_company_inside_the_move(status_from, committing, mailoutbox):
    company = CompanyFactory(contact_email=CONTACT)
    order = OrderFactory(company=company, status=status_from)

    with committing():
        move(order, "CANCELLED")
        # Recorded by the move itself, before its commit, showing the order cancelled.
        assert events_recorded("order.cancelled") == [(company.id, str(order.id), "CANCELLED")]
        assert mailoutbox == []  # the e-mail leaves only once the move has committed

    [message] = mailoutbox
    assert message.to == [CONTACT]
    assert str(order.order_number) in message.subject


def test_a_refused_cancel_notifies_nobody(committing, mailoutbox):
    order = priced_order("ACCEPTED", company=CompanyFactory(contact_email=CONTACT))

    with committing() as callbacks, pytest.raises(ServiceError):
        move(order, "CANCELLED")

    assert events_recorded("order.cancelled") == []
    assert (callbacks, mailoutbox) == ([], [])


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_a_cancel_whose_notification_fails_is_not_made(mailoutbox, eager_tasks):
    order = OrderFactory(company=CompanyFactory(contact_email=CONTACT), status="QUOTED")

    with failing_event_inserts(), pytest.raises(DatabaseError, match=EVENTS_REFUSED):
        move(order, "CANCELLED")

    assert Order.objects.get(pk=order.pk).status == "QUOTED"
    assert not order.status_history.exists()
    assert mailoutbox == []


# --- DELIVERED makes the hardware ------------------------------------------------------------


def test_delivered_to_storage_makes_one_item_per_unit_of_each_selected_line():
    company = CompanyFactory()
    order = OrderFactory(
        company=company, status="ACCEPTED", send_to="STORAGE", country_code="FR", currency="EUR"
    )
    HardwareRequestFactory(
        order=order, amount=2, quoted_unit_price=Decimal("349.00"), external_item_id="ERP-7"
    )
    chosen = HardwareRequestFactory(
        order=order,
        amount=3,
        hardware_type="KEYBOARD",
        brand=None,
        model="MX Keys",
        quoted_unit_price=Decimal("99.90"),
    )
    alternatives(chosen, HardwareRequestFactory(order=order, amount=3, hardware_type="KEYBOARD"))
    before = timezone.now()

    delivered = move(order, "DELIVERED")

    items = Hardware.objects.filter(created_order_id=order.id).order_by("name")
    eu = Storage.objects.get(country_code="EU")
    assert [(item.name, item.hardware_type.name) for item in items] == [
        ("MX Keys", "KEYBOARD"),
        ("MX Keys", "KEYBOARD"),
        ("MX Keys", "KEYBOARD"),
        ("U2723QE", "MONITOR"),
        ("U2723QE", "MONITOR"),
    ]
    assert Hardware.objects.count() == 5
    for item in items:
        assert (item.company_id, item.status, item.storage_id, item.employee_id) == (
            company.id,
            "STORAGE",
            eu.id,
            None,
        )
        assert (item.created_through, item.serial_number, item.country_code) == ("ORDER", "", "FR")
        assert item.cost_currency == "EUR"
        assert before <= item.date_bought <= timezone.now()
    assert {(item.name, item.cost, item.external_reference) for item in items} == {
        ("MX Keys", Decimal("99.90"), None),
        ("U2723QE", Decimal("349.00"), "ERP-7"),
    }
    assert delivered.date_completed is not None
    assert Order.objects.get(pk=order.pk).date_completed == delivered.date_completed


def test_delivered_to_an_office_puts_the_items_in_the_storage_of_the_orders_country():
    order = priced_order("ACCEPTED", send_to="OFFICE", country_code="BR")

    move(order, "DELIVERED")

    assert set(Hardware.objects.values_list("status", "storage__country_code")) == {
        ("STORAGE", "BR")
    }


def test_delivered_to_an_employee_assigns_the_items_to_them():
    employee = EmployeeFactory()
    order = priced_order(
        "ACCEPTED", company=employee.company, send_to="EMPLOYEE", employee=employee
    )

    move(order, "DELIVERED")

    assert list(Hardware.objects.values_list("status", "employee_id", "storage_id")) == [
        ("EMPLOYEE", employee.id, None),
        ("EMPLOYEE", employee.id, None),
    ]


def test_a_delivered_catalog_line_makes_items_of_the_catalog_model():
    model = CatalogItemFactory(hardware_type="PC", name="Latitude 5440", ram="16GB")
    order = OrderFactory(status="ACCEPTED")
    HardwareRequestFactory(
        order=order,
        catalog_item=model,
        hardware_type="PC",
        brand="DELL",
        model="Latitude 5440",
        ram="16GB",
        quoted_unit_price=Decimal("1299.00"),
    )

    move(order, "DELIVERED")

    [item] = Hardware.objects.all()
    assert (item.common_model_id, item.hardware_type.name, item.name, item.ram) == (
        model.id,
        "PC",
        "Latitude 5440",
        "16GB",
    )


def test_free_form_items_keep_specs_only_where_items_carry_them():
    order = OrderFactory(status="ACCEPTED")
    HardwareRequestFactory(
        order=order, hardware_type="MACBOOK", brand="APPLE", model="MacBook Air", ram="16GB"
    )
    HardwareRequestFactory(order=order, hardware_type="MONITOR", display_size='27"')

    move(order, "DELIVERED")

    assert dict(Hardware.objects.values_list("hardware_type__name", "ram")) == {
        "MACBOOK": "16GB",
        "MONITOR": None,
    }
    assert Hardware.objects.get(hardware_type__name="MONITOR").display_size is None


def test_extended_warranty_lines_make_no_items():
    order = priced_order("ACCEPTED")
    HardwareRequestFactory(
        order=order, hardware_type="EXTENDED_WARRANTY_MAC", brand=None, model=None, amount=4
    )

    move(order, "DELIVERED")

    assert Hardware.objects.count() == 2


def test_delivered_notes_the_client_name_on_each_item():
    order = priced_order("ACCEPTED", client_name="Acme Retail")

    move(order, "DELIVERED")

    notes = HardwareNote.objects.values_list(
        "hardware__created_order_id", "content", "author_email"
    )
    assert list(notes) == [(order.id, "Client Name: Acme Retail", settings.DEFAULT_FROM_EMAIL)] * 2


def test_delivered_without_a_client_name_writes_no_note():
    order = priced_order("ACCEPTED", client_name=None)

    move(order, "DELIVERED")

    assert Hardware.objects.count() == 2
    assert not HardwareNote.objects.exists()


def test_delivered_hardware_is_listed_in_get_hardwares_and_in_the_orders_created_hardwares(caller):
    company = CompanyFactory(api_client=caller.api_client, code="DLV")
    order = priced_order("ACCEPTED", company=company, client_name="Acme Retail")

    move(order, "DELIVERED")

    listed = caller.get("/hardwares", {"companyCode": "DLV"}).json()
    assert listed["message"] == "Request successful"
    assert len(listed["envelop"]) == 2
    for item in listed["envelop"]:
        assert (item["createdThrough"], item["createdOrderId"], item["serialNumber"]) == (
            "ORDER",
            str(order.id),
            "",
        )
        assert (item["status"], item["cost"], item["storage"]["countryCode"]) == (
            "STORAGE",
            349.0,
            "US",
        )
        assert [note["content"] for note in item["hardwareNote"]] == ["Client Name: Acme Retail"]
    row = order_row(company=company, order_id=order.id)
    assert row["status"] == "DELIVERED"
    assert row["dateCompleted"] is not None
    assert sorted(str(item["id"]) for item in row["createdHardwares"]) == sorted(
        item["id"] for item in listed["envelop"]
    )
    created = row["createdHardwares"]
    assert {(item["name"], item["cost"], item["serialNumber"]) for item in created} == {
        ("U2723QE", "349.00", "")
    }


def test_a_quote_only_order_is_never_delivered():
    order = priced_order("ACCEPTED", send_to="QUOTE_ONLY")
    before = snapshot(order)

    with pytest.raises(ServiceError) as refused:
        move(order, "DELIVERED")

    assert refused.value.message == (
        f"Order {order.order_number} is a quote only (sendTo QUOTE_ONLY): it is never delivered"
    )
    assert snapshot(order) == before


def test_a_quote_only_order_still_moves_up_to_accepted_and_may_be_cancelled():
    order = priced_order(send_to="QUOTE_ONLY")

    move(order, "QUOTED")
    move(order, "ACCEPTED")

    cancelled = priced_order("QUOTED", send_to="QUOTE_ONLY")
    assert move(cancelled, "CANCELLED").status == "CANCELLED"


def test_a_refused_delivery_leaves_no_hardware_behind():
    order = OrderFactory(status="ACCEPTED")
    HardwareRequestFactory(order=order, amount=2)
    HardwareRequestFactory(order=order, hardware_type="NOT_A_TYPE")
    before = snapshot(order)

    with pytest.raises(ServiceError, match="Invalid request data"):
        move(order, "DELIVERED")

    assert snapshot(order) == before


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_concurrent_deliveries_of_one_order_make_its_hardware_once():
    order = priced_order("ACCEPTED")

    outcomes = run_together(*[lambda: move(order, "DELIVERED")] * 5)

    refusal = (
        f"Order {order.order_number} cannot move from DELIVERED to DELIVERED "
        "(allowed: none, it makes no more moves)"
    )
    assert sorted(
        outcome.message if isinstance(outcome, ServiceError) else outcome.status
        for outcome in outcomes
    ) == sorted(["DELIVERED"] + [refusal] * 4)
    assert Hardware.objects.filter(created_order_id=order.id).count() == 2
    assert order.status_history.count() == 1


def test_only_delivered_sets_the_completion_date():
    order = priced_order("PENDING")

    for status in ("QUOTED", "ACCEPTED"):
        move(order, status)

    assert Order.objects.get(pk=order.pk).date_completed is None


def test_delivery_sets_the_delivery_date_and_the_completion_time():
    order = priced_order("PENDING")

    for status in ("QUOTED", "ACCEPTED", "DELIVERED"):
        move(order, status)

    delivered = Order.objects.get(pk=order.pk)
    assert delivered.date_completed is not None
    assert delivered.date == delivered.date_completed.date()
