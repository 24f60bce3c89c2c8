"""Operators name records on the command line by the numbers clients quote on the phone, as
well as by their ids: `transition order 3 QUOTED`, `transition movement 12 DONE`,
`offer_alternative 3 <line> <item>`."""

from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.factories import (
    CatalogItemFactory,
    HardwareRequestFactory,
    MovementRequestFactory,
    OrderFactory,
)

pytestmark = pytest.mark.django_db


def run(*args) -> list[str]:
    out = StringIO()
    call_command(*map(str, args), stdout=out)
    return out.getvalue().splitlines()


@pytest.mark.parametrize("named_by", ["number", "id"])
def test_transition_moves_an_order_named_by_number_or_id(named_by):
    order = OrderFactory()
    OrderFactory()  # another, which must not move
    HardwareRequestFactory(order=order, catalog_item=CatalogItemFactory())
    reference = order.order_number if named_by == "number" else order.pk

    assert run("transition", "order", reference, "QUOTED") == ["QUOTED"]

    order.refresh_from_db()
    assert order.status == "QUOTED"


@pytest.mark.parametrize("named_by", ["number", "id"])
def test_transition_moves_a_movement_named_by_number_or_id(named_by):
    movement = MovementRequestFactory()
    reference = movement.movement_request_number if named_by == "number" else movement.pk

    assert run("transition", "movement", reference, "COORDINATED") == ["COORDINATED"]

    movement.refresh_from_db()
    assert movement.status == "COORDINATED"


@pytest.mark.parametrize(
    ("kind", "status", "message"),
    [
        ("order", "QUOTED", "Order 999999 not found"),
        ("movement", "DONE", "Movement request 999999 not found"),
    ],
)
def test_an_unknown_number_is_an_error_naming_it(kind, status, message):
    OrderFactory()
    MovementRequestFactory()

    with pytest.raises(CommandError, match=rf"^{message}$"):
        run("transition", kind, 999999, status)


@pytest.mark.parametrize("named_by", ["number", "id"])
def test_offer_alternative_takes_the_order_by_number_or_id(named_by):
    order = OrderFactory()
    line = HardwareRequestFactory(order=order, hardware_type="PC")
    item = CatalogItemFactory(hardware_type="PC")
    reference = order.order_number if named_by == "number" else order.pk

    printed = run("offer_alternative", reference, line.pk, item.pk)

    candidate = order.hardware_requests.get(catalog_item=item)
    assert printed[-1] == str(candidate.pk)


def test_offer_alternative_names_an_unknown_order_number():
    with pytest.raises(CommandError, match=r"^Order 999999 not found$"):
        run("offer_alternative", 999999, CatalogItemFactory().pk, CatalogItemFactory().pk)


def test_a_reference_of_non_ascii_digits_is_refused_as_an_invalid_id_not_a_crash():
    OrderFactory()

    with pytest.raises(CommandError, match=r"^Invalid order ID format$"):
        run("transition", "order", "²", "QUOTED")
