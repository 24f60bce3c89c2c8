"""The operator's commands for orders: `transition order <id> <STATUS>` (CONTRACT.md, Operator
moves) and `offer_alternative` (CONTRACT.md, Alternatives offered by the operator)."""

import re
import uuid
from decimal import Decimal
from io import StringIO

import pytest
from django.core.management import ManagementUtility, call_command
from django.core.management.base import CommandError

from config.kernel.errors import ServiceError
from config.management.commands.transition import TRANSITIONS
from hardware.models import Hardware
from orders import services
from orders.models import AlternativeGroup, HardwareRequest, Order
from orders.selectors import order_row
from tests.factories import (
    CatalogItemFactory,
    HardwareRequestFactory,
    OrderFactory,
    alternatives,
)

pytestmark = pytest.mark.django_db


def transition(*args) -> str:
    out = StringIO()
    call_command("transition", "order", *map(str, args), stdout=out)
    return out.getvalue()


def offer(*args) -> list[str]:
    out = StringIO()
    call_command("offer_alternative", *map(str, args), stdout=out)
    return out.getvalue().splitlines()


# --- transition order ------------------------------------------------------------------------


def test_the_transition_command_moves_orders_and_movements():
    assert set(TRANSITIONS) == {"order", "movement"}


def test_quoted_prices_unpriced_catalog_lines_from_the_catalog_and_prints_the_status():
    order = OrderFactory()
    laptop = HardwareRequestFactory(
        order=order, catalog_item=CatalogItemFactory(price=Decimal("1299.00")), amount=2
    )
    priced = HardwareRequestFactory(order=order, quoted_unit_price=Decimal("80.00"))

    assert transition(order.id, "quoted") == "QUOTED\n"

    laptop.refresh_from_db()
    priced.refresh_from_db()
    assert (laptop.quoted_unit_price, priced.quoted_unit_price) == (
        Decimal("1299.00"),
        Decimal("80.00"),
    )
    change = order.status_history.get()
    assert (change.status_from, change.status_to, change.actor_kind, change.actor_name) == (
        "PENDING",
        "QUOTED",
        "COMMAND",
        "transition",
    )


def test_quoted_prices_the_selected_candidate_of_a_group_and_not_the_others():
    order = OrderFactory()
    original = HardwareRequestFactory(order=order, quoted_unit_price=Decimal("10.00"))
    chosen = HardwareRequestFactory(order=order, catalog_item=CatalogItemFactory())
    other = HardwareRequestFactory(order=order, catalog_item=CatalogItemFactory())
    alternatives(original, chosen, other)
    order.alternative_groups.update(selected=chosen)

    transition(order.id, "QUOTED")

    chosen.refresh_from_db()
    other.refresh_from_db()
    assert (chosen.quoted_unit_price, other.quoted_unit_price) == (Decimal("1299.00"), None)


def test_quoted_fails_naming_the_free_form_lines_it_cannot_price_and_prices_nothing():
    order = OrderFactory()
    catalog_line = HardwareRequestFactory(order=order, catalog_item=CatalogItemFactory())
    HardwareRequestFactory(order=order, hardware_type="CHAIR", model="Aeron", amount=4)

    with pytest.raises(CommandError) as failed:
        transition(order.id, "QUOTED")

    assert str(failed.value) == (
        f"Order {order.order_number} cannot be QUOTED: these free-form lines have no catalog "
        "price: set their quotedUnitPrice\n"
        "  hardwares[1].quotedUnitPrice: 4 x Aeron has no "
        "quotedUnitPrice"
    )
    catalog_line.refresh_from_db()
    assert catalog_line.quoted_unit_price is None
    assert Order.objects.get(pk=order.pk).status == "PENDING"


def test_delivered_from_the_command_makes_the_hardware():
    order = OrderFactory(status="ACCEPTED")
    HardwareRequestFactory(order=order, amount=3, quoted_unit_price=Decimal("9.99"))

    assert transition(order.id, "DELIVERED", "--tracking-code", "TRK-1") == "DELIVERED\n"

    assert Hardware.objects.filter(created_order_id=order.id).count() == 3
    assert Order.objects.get(pk=order.pk).tracking_code == "TRK-1"


@pytest.mark.parametrize(
    ("status_from", "status_to", "message"),
    [
        (
            "CANCELLED",
            "QUOTED",
            "cannot move from CANCELLED to QUOTED (allowed: none, it makes no more moves)",
        ),
        (
            "DELIVERED",
            "CANCELLED",
            "cannot move from DELIVERED to CANCELLED (allowed: none, it makes no more moves)",
        ),
        ("ACCEPTED", "CANCELLED", "cannot move from ACCEPTED to CANCELLED (allowed: DELIVERED)"),
    ],
)
def test_a_refused_move_is_an_error(status_from, status_to, message):
    order = OrderFactory(status=status_from)

    with pytest.raises(CommandError, match=re.escape(message)):
        transition(order.id, status_to)

    assert Order.objects.get(pk=order.pk).status == status_from


@pytest.mark.parametrize(
    ("record_id", "status", "message"),
    [
        ("not-a-uuid", "QUOTED", "Invalid order ID format"),
        (uuid.uuid4(), "QUOTED", "Order not found"),
        (None, "SHIPPED", "Unknown status SHIPPED: expected one of PENDING, QUOTED, ACCEPTED, "),
    ],
)
def test_a_bad_id_or_status_is_an_error(record_id, status, message):
    order = OrderFactory()

    with pytest.raises(CommandError, match=message):
        transition(record_id or order.id, status)


def test_a_refusal_exits_non_zero_from_the_command_line(capsys):
    order = OrderFactory(status="CANCELLED")

    with pytest.raises(SystemExit) as exited:
        ManagementUtility(["manage.py", "transition", "order", str(order.id), "QUOTED"]).execute()

    assert exited.value.code == 1
    assert "cannot move from CANCELLED to QUOTED" in capsys.readouterr().err


# --- offer_alternative -----------------------------------------------------------------------


def test_the_first_offer_makes_the_group_with_the_original_line_selected():
    order = OrderFactory()
    line = HardwareRequestFactory(
        order=order, hardware_type="PC", amount=3, external_item_id="ERP-1", notes="Urgent"
    )
    model = CatalogItemFactory(name="Latitude 7450", stock=5, price=Decimal("1499.00"))

    output = offer(order.id, line.id, model.id)

    candidate = HardwareRequest.objects.get(pk=output[-1])
    group = AlternativeGroup.objects.get(order=order)
    line.refresh_from_db()
    assert (line.alternative_group_id, group.selected_id) == (group.id, line.id)
    assert candidate.alternative_group_id == group.id
    assert (candidate.order_id, candidate.amount, candidate.catalog_item_id) == (
        order.id,
        3,
        model.id,
    )
    assert (candidate.hardware_type, candidate.brand, candidate.model) == (
        "PC",
        "DELL",
        "Latitude 7450",
    )
    assert (candidate.ram, candidate.image) == ("16GB", model.image)
    assert (candidate.external_item_id, candidate.notes) == ("ERP-1", None)
    # A pending order is priced at quoting; the catalog says whether it is in stock.
    assert (candidate.quoted_unit_price, candidate.is_available) == (None, True)
    assert candidate.is_recommended is None


def test_the_order_lists_the_offer_as_a_candidate_of_the_original_line():
    order = OrderFactory()
    line = HardwareRequestFactory(order=order, hardware_type="PC")
    candidate_id = offer(order.id, line.id, CatalogItemFactory().id)[-1]

    [shown] = order_row(company=order.company, order_id=order.id)["hardwares"]

    assert shown["id"] == line.id
    assert shown["isSelected"] is True
    candidates = shown["alternativeGroup"]["candidates"]
    assert [(str(c["id"]), c["isSelected"], c["isOriginalRequest"]) for c in candidates] == [
        (str(line.id), True, True),
        (candidate_id, False, False),
    ]


def test_the_last_line_of_output_is_the_new_candidates_id_alone():
    order = OrderFactory()
    line = HardwareRequestFactory(order=order, hardware_type="PC")

    output = offer(order.id, line.id, CatalogItemFactory().id)

    assert len(output) >= 2
    assert str(uuid.UUID(output[-1])) == output[-1]


def test_further_offers_join_the_same_group_and_keep_the_selection():
    order = OrderFactory()
    line = HardwareRequestFactory(order=order, hardware_type="PC")
    first = offer(order.id, line.id, CatalogItemFactory().id)[-1]
    order.alternative_groups.update(selected=first)

    second = offer(order.id, first, CatalogItemFactory().id, "--recommended")[-1]

    group = AlternativeGroup.objects.get(order=order)
    assert str(group.selected_id) == first
    assert set(group.candidates.values_list("id", flat=True)) == {
        line.id,
        uuid.UUID(first),
        uuid.UUID(second),
    }
    assert HardwareRequest.objects.get(pk=second).is_recommended is True


def test_an_offer_on_a_quoted_order_carries_the_catalog_price_and_stock():
    order = OrderFactory(status="QUOTED")
    line = HardwareRequestFactory(
        order=order, hardware_type="PC", amount=4, quoted_unit_price=Decimal("10.00")
    )
    model = CatalogItemFactory(price=Decimal("15.50"), stock=3)

    candidate = HardwareRequest.objects.get(pk=offer(order.id, line.id, model.id)[-1])

    assert (candidate.quoted_unit_price, candidate.is_available) == (Decimal("15.50"), False)


def test_an_offer_of_a_european_catalog_item_fits_an_order_to_an_eu_country():
    order = OrderFactory(country_code="FR")
    line = HardwareRequestFactory(order=order, hardware_type="PC")

    output = offer(order.id, line.id, CatalogItemFactory(country_code="EU").id)

    assert HardwareRequest.objects.filter(pk=output[-1]).exists()


@pytest.mark.parametrize("status", ["ACCEPTED", "CANCELLED", "DELIVERED"])
def test_an_offer_is_refused_once_the_order_is_past_quoting(status):
    order = OrderFactory(status=status)
    line = HardwareRequestFactory(order=order, hardware_type="PC")

    with pytest.raises(
        CommandError,
        match=re.escape(
            "Alternatives can only be modified when order is in PENDING or QUOTED status; "
            f"this order is {status}"
        )
        + "$",
    ):
        offer(order.id, line.id, CatalogItemFactory().id)

    assert HardwareRequest.objects.count() == 1
    assert not AlternativeGroup.objects.exists()


def test_an_offer_for_a_candidate_that_is_not_selected_is_refused():
    order = OrderFactory()
    line = HardwareRequestFactory(order=order, hardware_type="PC")
    candidate = HardwareRequestFactory(order=order, hardware_type="PC")
    group = alternatives(line, candidate)

    with pytest.raises(CommandError) as failed:
        offer(order.id, candidate.id, CatalogItemFactory().id)

    assert str(failed.value) == (
        f"Hardware request {candidate.id} is a candidate, not a top-level line: offer "
        f"alternatives for the group's selected line {line.id}"
    )
    assert group.candidates.count() == 2


def test_the_same_catalog_item_is_not_offered_twice_for_a_line():
    order = OrderFactory()
    model = CatalogItemFactory()
    line = HardwareRequestFactory(order=order, hardware_type="PC")
    offer(order.id, line.id, model.id)

    with pytest.raises(CommandError, match=f"Catalog item {model.id} is already a candidate"):
        offer(order.id, line.id, model.id)

    catalog_line = HardwareRequestFactory(order=order, hardware_type="PC", catalog_item=model)
    with pytest.raises(CommandError, match="is already a candidate for this line"):
        offer(order.id, catalog_line.id, model.id)


@pytest.mark.parametrize(
    ("case", "message"),
    [
        ("bad order id", "Invalid order ID format"),
        ("bad line id", "Invalid hardware request ID format"),
        ("bad catalog id", "Invalid catalog item ID format"),
        ("unknown order", "Order not found"),
        ("unknown line", "Hardware request not found"),
        ("line of another order", "Hardware request does not belong to this order"),
        ("unknown catalog item", "Catalog item not found"),
        ("catalog of another country", "is sold in BR, not for an order to US"),
        ("catalog item without a type", "has no hardware type: it cannot be ordered"),
    ],
)
def test_an_offer_names_what_is_wrong(case, message):
    order = OrderFactory()
    line = HardwareRequestFactory(order=order, hardware_type="PC")
    model = CatalogItemFactory()
    foreign = CatalogItemFactory(country_code="BR")
    untyped = CatalogItemFactory(hardware_type=None)
    args = {
        "bad order id": ("12x", line.id, model.id),
        "bad line id": (order.id, "abc", model.id),
        "bad catalog id": (order.id, line.id, "xyz"),
        "unknown order": (uuid.uuid4(), line.id, model.id),
        "unknown line": (order.id, uuid.uuid4(), model.id),
        "line of another order": (order.id, HardwareRequestFactory().id, model.id),
        "unknown catalog item": (order.id, line.id, uuid.uuid4()),
        "catalog of another country": (order.id, line.id, foreign.id),
        "catalog item without a type": (order.id, line.id, untyped.id),
    }[case]

    with pytest.raises(CommandError, match=message):
        offer(*args)

    assert not AlternativeGroup.objects.exists()


def test_the_service_answers_the_candidate_for_the_admin():
    order = OrderFactory()
    line = HardwareRequestFactory(order=order, hardware_type="PC")

    candidate = services.order_offer_alternative(
        order_id=order.id,
        hardware_request_id=line.id,
        catalog_item_id=CatalogItemFactory().id,
        recommended=True,
    )

    assert isinstance(candidate, HardwareRequest)
    assert (candidate.alternative_group.selected_id, candidate.is_recommended) == (line.id, True)
    with pytest.raises(ServiceError):
        services.order_offer_alternative(
            order_id=order.id,
            hardware_request_id=candidate.id,
            catalog_item_id=CatalogItemFactory().id,
        )


def test_an_offer_must_be_of_the_lines_type_and_current():
    order = OrderFactory()
    line = HardwareRequestFactory(order=order, hardware_type="MONITOR")
    laptop = CatalogItemFactory(hardware_type="PC")
    old_monitor = CatalogItemFactory(hardware_type="MONITOR", deprecated=True)

    with pytest.raises(CommandError, match="is a PC, not an alternative for a MONITOR line"):
        offer(order.id, line.id, laptop.id)
    with pytest.raises(CommandError, match="is deprecated: offer a current one"):
        offer(order.id, line.id, old_monitor.id)
    assert not AlternativeGroup.objects.exists()
