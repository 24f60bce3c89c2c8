"""A record's page offers ETA and tracking inputs only where its moves carry a shipment: not on
a PENDING order (whose moves are a price or a cancellation), nor on a finished record. The
reason for a move is asked for on every one (issue 28)."""

import pytest
from django.urls import reverse

from logistics.choices import MovementStatus
from orders.choices import OrderStatus
from tests.factories import MovementRequestFactory, OrderFactory

pytestmark = pytest.mark.django_db


def move_fields(admin_client, url: str) -> set[str]:
    page = admin_client.get(url)
    assert page.status_code == 200
    return set(page.context["move_form"].fields)


@pytest.mark.parametrize(
    ("status", "fields"),
    [
        (OrderStatus.PENDING, {"status", "reason"}),
        (OrderStatus.QUOTED, {"status", "eta", "tracking_code", "tracking_link", "reason"}),
        (OrderStatus.ACCEPTED, {"status", "eta", "tracking_code", "tracking_link", "reason"}),
        (OrderStatus.DELIVERED, {"status", "reason"}),
    ],
)
def test_an_orders_page_offers_shipping_inputs_only_where_its_moves_ship(
    admin_client, status, fields
):
    order = OrderFactory(status=status)
    page = reverse("admin:orders_order_change", args=[order.pk])

    assert move_fields(admin_client, page) == fields
    assert ('name="tracking_code"' in admin_client.get(page).text) is ("eta" in fields)


@pytest.mark.parametrize(
    ("status", "shipping"),
    [
        (MovementStatus.PROCESSING, True),
        (MovementStatus.COORDINATED, True),
        (MovementStatus.DONE, False),
    ],
)
def test_a_movements_page_offers_shipping_inputs_while_it_moves(admin_client, status, shipping):
    movement = MovementRequestFactory(status=status)
    page = reverse("admin:logistics_movementrequest_change", args=[movement.pk])

    assert ("eta" in move_fields(admin_client, page)) is shipping
