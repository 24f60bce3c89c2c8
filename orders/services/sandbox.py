"""The sandbox's operator (issue 12; docs/decisions/0043-sandbox-moves-and-webhook-test.md):
outside production an API client makes the operator's moves of its own orders itself, to see
an order reach QUOTED, DELIVERED or CANCELLED and its webhooks arrive without waiting for one.

Nothing here is a rule of its own: the move is `order_move`, the admin's and the `transition`
command's, with only what a person would type filled in (prices, serial numbers)."""

from decimal import Decimal
from uuid import UUID, uuid4

from django.db import transaction

from companies.models import Company
from config.kernel.actors import Actor
from config.kernel.errors import NotFound
from config.kernel.shipping import NO_SHIPPING, Shipping
from orders.choices import OrderStatus
from orders.models import Order
from orders.selectors import ORDER_NOT_FOUND
from orders.services.operator_moves import order_move

# The unit price the sandbox gives a free-form line (no catalog item) at QUOTED, where an
# operator would type one; catalog lines take their catalog price, as `transition` gives them.
SANDBOX_FREE_FORM_UNIT_PRICE = Decimal("100.00")
# Serial numbers of the items a sandbox delivery makes: `SBX-` and 16 random hex digits.
SANDBOX_SERIAL_PREFIX = "SBX-"


def sandbox_serial_number() -> str:
    return f"{SANDBOX_SERIAL_PREFIX}{uuid4().hex[:16].upper()}"


@transaction.atomic
def order_sandbox_advance(
    *,
    company: Company,
    order_id: UUID,
    to_status: OrderStatus,
    actor: Actor,
    shipping: Shipping = NO_SHIPPING,
) -> Order:
    """The operator's move of the company's order to `to_status`, made by the API client:
    QUOTED prices every unpriced selected line (its catalog price, or
    SANDBOX_FREE_FORM_UNIT_PRICE), DELIVERED gives each item made a `SBX-…` serial number.
    Another company's order is not found; a move the graph forbids is refused by order_move
    with its reason."""
    if not Order.objects.filter(pk=order_id, company=company).exists():
        raise NotFound(ORDER_NOT_FOUND)
    return order_move(
        order_id=order_id,
        to_status=to_status,
        actor=actor,
        shipping=shipping,
        price_from_catalog=True,
        free_form_price=SANDBOX_FREE_FORM_UNIT_PRICE,
        serial_number=sandbox_serial_number,
    )
