"""Orders in the operator's `transition` command (config/management/commands/transition.py)."""

from config.kernel.commands import Move, record_id
from orders import services
from orders.choices import OrderStatus
from orders.models import Order

INVALID_ID = "Invalid order ID format"


def order_transition(move: Move) -> str:
    """Through the admin's service; an operator at the command line has no price fields to
    fill, so a move to QUOTED first prices unpriced catalog lines from the catalog."""
    to_status = move.status_in(OrderStatus)
    order = services.order_move(
        order_id=record_id(Order, move.record_id, invalid_message=INVALID_ID),
        to_status=to_status,
        actor=move.actor,
        shipping=move.shipping,
        price_from_catalog=to_status == OrderStatus.QUOTED,
    )
    return order.status
