"""Writes of orders: quoting, the moves through the statuses, and changes to their lines."""

from config.actors import Actor
from config.errors import ServiceError
from orders.choices import OrderStatus
from orders.models import Order, OrderStatusChange


def order_transition(*, order: Order, to_status: OrderStatus, actor: Actor) -> None:
    """Move `order` (locked by the caller) to `to_status` if the status graph allows it, and
    record who moved it. The rules of each move (prices before QUOTED, hardware at DELIVERED)
    belong to the service that calls this."""
    if not order.can_move_to(to_status):
        allowed = ", ".join(order.allowed_moves()) or "none"
        raise ServiceError(
            f"Order {order.order_number} cannot move from {order.status} to {to_status} "
            f"(allowed: {allowed})"
        )
    status_from = order.status
    order.status = to_status
    order.save(update_fields=["status", "updated_at"])
    order_record_move(order=order, status_from=status_from, actor=actor)


def order_record_move(*, order: Order, status_from: str | None, actor: Actor) -> None:
    OrderStatusChange.objects.create(
        order=order,
        status_from=status_from,
        status_to=order.status,
        actor_kind=actor.kind,
        actor_name=actor.name,
    )


def order_cancelled_notify(*, order: Order) -> None:
    """Tell the order's company that it was cancelled. The events work (signed webhooks and
    the e-mail to the company's contact) fills this in; it runs inside the cancelling
    transaction, so whatever it writes commits or rolls back with the cancellation."""
