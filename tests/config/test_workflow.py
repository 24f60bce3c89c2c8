"""The one status mechanism (config.kernel.workflow): the status is never assigned directly, every
move goes through transition_apply, and orders and movement requests keep the same history."""

from datetime import date
from decimal import Decimal

import pytest
from django.db import transaction

from config.kernel.actors import Actor
from config.kernel.errors import ServiceError
from config.kernel.shipping import Shipping
from config.kernel.workflow import transition_apply
from logistics import services as movement_services
from logistics.models import MovementRequest
from orders import services as order_services
from orders.models import Order
from tests.factories import HardwareRequestFactory, MovementRequestFactory, OrderFactory

pytestmark = pytest.mark.django_db

OPERATOR = Actor.command("transition")
SHIPPING = Shipping(
    eta=date(2026, 12, 3), tracking_code="TRK-1", tracking_link="https://track.example.com/1"
)


@pytest.mark.parametrize("factory", [OrderFactory, MovementRequestFactory])
def test_assigning_the_status_directly_is_refused_and_nothing_changes(factory):
    record = factory()
    status = record.status

    with pytest.raises(AttributeError, match=r"changes only through .*transition_apply"):
        record.status = "DONE"

    assert record.status == status
    record.save()
    assert type(record).objects.get(pk=record.pk).status == status


def test_a_status_loaded_later_is_protected_too():
    order = OrderFactory()
    deferred = Order.objects.only("id").get(pk=order.pk)

    with pytest.raises(AttributeError, match="transition_apply"):
        deferred.status = "DELIVERED"

    assert deferred.status == "PENDING"  # loaded now, from the database
    assert Order.objects.get(pk=order.pk).status == "PENDING"


def test_setting_the_status_a_record_has_is_no_change_so_full_clean_works():
    order = OrderFactory()

    order.status = "PENDING"
    order.full_clean(exclude=["order_number"])

    assert order.status == "PENDING"


def test_a_stale_copy_moves_from_the_status_the_locked_row_has():
    """transition_apply locks the row and reads it again: a copy read before a concurrent
    cancellation cannot be quoted."""
    order = OrderFactory()
    stale = Order.objects.get(pk=order.pk)
    Order.objects.filter(pk=order.pk).update(status="CANCELLED")

    with pytest.raises(ServiceError) as refused, transaction.atomic():
        transition_apply(stale, "QUOTED", actor=OPERATOR)

    assert refused.value.message.startswith(
        f"Order {order.order_number} cannot move from CANCELLED to QUOTED"
    )
    assert not order.status_history.exists()


def test_a_loaded_record_can_be_refreshed_with_its_stored_status():
    order = OrderFactory()
    stored = Order.objects.get(pk=order.pk)
    order_services.order_cancel(company=order.company, order_id=order.pk, actor=OPERATOR)

    stored.refresh_from_db()

    assert stored.status == "CANCELLED"


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_a_move_outside_a_transaction_is_refused_before_anything_is_written():
    order = OrderFactory()

    with pytest.raises(RuntimeError, match="inside the caller's transaction"):
        transition_apply(order, "CANCELLED", actor=OPERATOR)

    assert Order.objects.get(pk=order.pk).status == "PENDING"
    assert not order.status_history.exists()


def test_a_forbidden_move_names_the_record_and_the_allowed_moves():
    movement = MovementRequestFactory(status="DONE")

    with pytest.raises(ServiceError) as refused, transaction.atomic():
        transition_apply(movement, "COORDINATED", actor=OPERATOR)

    assert refused.value.message == (
        f"Movement request {movement.movement_request_number} cannot move from DONE to "
        "COORDINATED (allowed: none, it makes no more moves)"
    )


def history_row(change) -> dict:
    return {
        "status_from": change.status_from,
        "status_to": change.status_to,
        "actor_kind": change.actor_kind,
        "actor_name": change.actor_name,
        "eta": change.eta,
        "tracking_code": change.tracking_code,
        "tracking_link": change.tracking_link,
        "note": change.note,
    }


def test_orders_and_movements_write_the_same_history_of_a_move():
    order = OrderFactory()
    HardwareRequestFactory(order=order, quoted_unit_price=Decimal("5.00"))
    movement = MovementRequestFactory()

    order_services.order_move(
        order_id=order.pk, to_status="QUOTED", actor=OPERATOR, shipping=SHIPPING
    )
    movement_services.movement_request_move(
        movement_request_id=movement.pk, to_status="COORDINATED", actor=OPERATOR, shipping=SHIPPING
    )

    order_change = order.status_history.get(status_to="QUOTED")
    movement_change = movement.status_history.get(status_to="COORDINATED")
    common = {
        "actor_kind": "COMMAND",
        "actor_name": "transition",
        "eta": date(2026, 12, 3),
        "tracking_code": "TRK-1",
        "tracking_link": "https://track.example.com/1",
        "note": None,
    }
    assert history_row(order_change) == {"status_from": "PENDING", "status_to": "QUOTED"} | common
    assert (
        history_row(movement_change)
        == {
            "status_from": "PROCESSING",
            "status_to": "COORDINATED",
        }
        | common
    )
    fields = {field.name for field in order_change._meta.concrete_fields} - {"order"}
    assert fields == {field.name for field in movement_change._meta.concrete_fields} - {
        "movement_request"
    }


def test_the_graph_and_the_number_come_from_the_model():
    assert Order.status_targets() == ["QUOTED", "CANCELLED", "ACCEPTED", "DELIVERED"]
    assert MovementRequest.status_targets() == ["COORDINATED", "DONE", "CANCELLED"]
    assert OrderFactory(status="QUOTED").allowed_moves() == ("ACCEPTED", "CANCELLED")
