"""What an operator's move of an order will do, told before it is made (the admin's confirmation
of final moves), read from what the move itself reads: the lines delivered as hardware, where
the items go, who is e-mailed. The event each move records is read from the status graph by the
admin (config.backoffice.moves)."""

from config.kernel.countries import storage_country_code
from orders.choices import OrderStatus, SendTo
from orders.models import Order
from orders.services.delivery import delivered_lines_by_order
from orders.services.records import order_cancelled_email_recipient


def order_move_previews(orders: list[Order], to_status: str) -> list[list[str]]:
    """For each order, sentences, one per thing the move to `to_status` does besides changing
    the status; read for all the orders at once, so a bulk page costs the same for any number."""
    delivered = delivered_lines_by_order(orders) if to_status == OrderStatus.DELIVERED else {}
    return [_effects(order, to_status, delivered.get(order.pk, [])) for order in orders]


def _effects(order: Order, to_status: str, delivered: list) -> list[str]:
    effects = []
    if to_status == OrderStatus.DELIVERED:
        if order.send_to == SendTo.EMPLOYEE and order.employee is not None:
            where = f"assigned to {order.employee.email}"
        else:
            where = f"in the {storage_country_code(order.country_code)} storage"
        effects += [
            f"{line.amount} hardware item(s) {line.model or line.hardware_type} created, {where}"
            for line in delivered
        ]
    if to_status == OrderStatus.CANCELLED:
        recipient = order_cancelled_email_recipient(order)
        if recipient:
            effects.append(f"An e-mail tells {recipient} of the cancellation")
    return effects
