"""The demo company's orders (`manage.py seed_demo`): one in each status, each made and moved the
way a client and an operator make and move them, so each has its history and events."""

from catalog.models import CatalogItem
from config.kernel.actors import Actor
from config.kernel.shipping import NO_SHIPPING, Shipping
from orders.choices import OrderStatus, SendTo
from orders.models import Order
from orders.services import Quote, QuoteLine, order_cancel, order_confirm, order_move, order_quote

OPERATOR = Actor.command("seed_demo")
# The statuses an order passes through to reach each, after PENDING.
PATHS = {
    OrderStatus.PENDING: (),
    OrderStatus.QUOTED: (OrderStatus.QUOTED,),
    OrderStatus.ACCEPTED: (OrderStatus.QUOTED, OrderStatus.ACCEPTED),
    OrderStatus.DELIVERED: (OrderStatus.QUOTED, OrderStatus.ACCEPTED, OrderStatus.DELIVERED),
    OrderStatus.CANCELLED: (OrderStatus.CANCELLED,),
}
LAPTOP, MONITOR = "MC8K4LL/A", "DELL-U2724D-US"


def demo_orders_seed(company) -> str:
    """The demo's orders, made unless the company has some; the line says how many it has."""
    existing = Order.objects.filter(company=company).count()
    if existing:
        return f"Orders: {existing} (0 new: the demo company had some already)."
    client = company.api_client
    items = dict(
        CatalogItem.objects.filter(
            country_code="US", manufacturer_part_number__in=[LAPTOP, MONITOR]
        ).values_list("manufacturer_part_number", "id")
    )
    for status, path in PATHS.items():
        to_employee = status == OrderStatus.DELIVERED
        quote = Quote(
            country_code="US",
            send_to=SendTo.EMPLOYEE if to_employee else SendTo.STORAGE,
            employee_email="sam.carter@demo.example" if to_employee else None,
            lines=[
                QuoteLine(amount=1, catalog_model_id=items[LAPTOP]),
                QuoteLine(amount=1, catalog_model_id=items[MONITOR]),
            ],
            po_number=f"DEMO-{status}",
        )
        order, _ = order_quote(api_client=client, company=company, quote=quote)
        for step in path:
            _move(company, order, step, client)
    return f"Orders: {len(PATHS)} ({len(PATHS)} new, one in each status: {', '.join(PATHS)})."


def _move(company, order: Order, status: OrderStatus, client) -> None:
    """The client confirms and cancels; the operator quotes (at catalog prices) and delivers."""
    if status == OrderStatus.ACCEPTED:
        order_confirm(company=company, order_id=order.pk, actor=Actor.api_client(client))
    elif status == OrderStatus.CANCELLED:
        order_cancel(company=company, order_id=order.pk, actor=Actor.api_client(client))
    else:
        delivered = status == OrderStatus.DELIVERED
        shipping = Shipping(tracking_code="1Z999AA10123456784") if delivered else NO_SHIPPING
        order_move(
            order_id=order.pk,
            to_status=status,
            actor=OPERATOR,
            shipping=shipping,
            price_from_catalog=True,
        )
