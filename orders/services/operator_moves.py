"""What operators do to orders (admin and commands): move them through their statuses, price
their lines and mark their availability, offer alternatives."""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from functools import partial
from uuid import UUID

from django.db import transaction

from catalog.models import CatalogItem
from config.kernel.actors import Actor
from config.kernel.errors import NotFound, ServiceError
from config.kernel.shipping import NO_SHIPPING, Shipping
from config.kernel.workflow import transition_apply
from orders.choices import EDITABLE_STATUSES, OrderStatus
from orders.models import AlternativeGroup, HardwareRequest, Order
from orders.services.delivery import order_deliver
from orders.services.lines import (
    catalog_items,
    catalog_price_if_unpriced,
    line_from_catalog_item,
    orderability_problems,
)
from orders.services.records import (
    ALTERNATIVES_NOT_EDITABLE,
    order_cancelled_email_queue,
    order_line,
    order_lines_editable_locked,
    order_locked,
    order_touched,
    selected_lines,
)
from tracking.choices import Direction
from tracking.services import shipment_kept_updates_take, shipment_open


@transaction.atomic
def order_move(
    *,
    order_id: UUID,
    to_status: OrderStatus,
    actor: Actor,
    shipping: Shipping = NO_SHIPPING,
    price_from_catalog: bool = False,
    free_form_price: Decimal | None = None,
    serial_number: Callable[[], str] | None = None,
) -> Order:
    """An operator's move (admin, command or sandbox): PENDING -> QUOTED once every selected
    line is priced (with `price_from_catalog`, unpriced catalog lines first take their catalog
    price, and with `free_form_price` unpriced free-form lines take that one), QUOTED ->
    ACCEPTED, ACCEPTED -> DELIVERED (the hardware is made, each item's serial number from
    `serial_number` when given, else empty), PENDING/QUOTED -> CANCELLED (the company's contact
    is e-mailed). `shipping`, when sent, is kept on the order."""
    order = order_locked(order_id)
    to_status = OrderStatus(to_status)
    rules = {
        OrderStatus.QUOTED: lambda order: _check_priced(
            order, price_from_catalog=price_from_catalog, free_form_price=free_form_price
        ),
        OrderStatus.DELIVERED: partial(order_deliver, serial_number=serial_number),
    }
    rule = rules.get(to_status)
    ships = to_status in Order.shipping_statuses and bool(shipping.tracking_code)
    if ships:
        rule = partial(_shipment_open, then=rule, shipping=shipping, actor=actor)
    transition_apply(order, to_status, actor=actor, shipping=shipping, rule=rule)
    if ships:
        # What the carrier said before the code was known follows this move.
        shipment_kept_updates_take(record=order, tracking_code=shipping.tracking_code)
    if to_status == OrderStatus.CANCELLED:
        order_cancelled_email_queue(order)
    return order


def _shipment_open(
    order: Order,
    *,
    then: Callable[[Order], None] | None,
    shipping: Shipping,
    actor: Actor,
) -> None:
    """A move to ACCEPTED or DELIVERED with a tracking code, after the move's own rule: the
    parcel the order's hardware goes out in."""
    if then is not None:
        then(order)
    shipping.check(Order)
    shipment_open(
        record=order,
        direction=Direction.OUTBOUND,
        tracking_code=shipping.tracking_code,
        tracking_link=shipping.tracking_link,
        eta=shipping.eta,
        actor=actor,
    )


def _check_priced(
    order: Order, *, price_from_catalog: bool, free_form_price: Decimal | None = None
) -> None:
    """Every selected line has a quotedUnitPrice, or the move is refused naming the lines as
    GET /orders/{orderId} lists them (`hardwares[<index>]`). With `price_from_catalog`,
    unpriced catalog lines take their catalog item's price first; with `free_form_price`,
    unpriced free-form lines take it."""
    lines = list(selected_lines(order))
    priced = []
    if price_from_catalog:
        priced = [line for line in lines if catalog_price_if_unpriced(line)]
    if free_form_price is not None:
        for line in lines:
            if line.quoted_unit_price is None and line.catalog_item_id is None:
                line.quoted_unit_price = free_form_price
                priced.append(line)
    if priced:
        HardwareRequest.objects.bulk_update(priced, ["quoted_unit_price"])
    unpriced = [
        {
            "field": f"hardwares[{index}].quotedUnitPrice",
            # Named by what it is (`2 x MX Master 3S`); `field` addresses it for API clients.
            "message": f"{line} has no quotedUnitPrice",
        }
        for index, line in enumerate(lines)
        if line.quoted_unit_price is None
    ]
    if not unpriced:
        return
    if price_from_catalog:
        problem = "these free-form lines have no catalog price: set their quotedUnitPrice"
    else:
        problem = "every selected line needs a quotedUnitPrice"
    raise ServiceError(f"Order {order.order_number} cannot be QUOTED: {problem}", details=unpriced)


@dataclass(frozen=True)
class LinePricing:
    """An operator's price and availability for one line; None prices leave it unpriced."""

    hardware_request_id: UUID
    quoted_unit_price: Decimal | None
    is_available: bool | None


@transaction.atomic
def order_lines_price(*, order_id: UUID, pricings: Sequence[LinePricing]) -> Order:
    """Set the prices and availability of lines of a PENDING or QUOTED order. The company
    hears `order.updated` when anything changed."""
    order = order_lines_editable_locked(order_id)
    lines = HardwareRequest.objects.filter(order=order).in_bulk(
        [pricing.hardware_request_id for pricing in pricings]
    )
    changed = []
    for pricing in pricings:
        line = lines.get(pricing.hardware_request_id)
        if line is None:
            raise NotFound(f"Hardware request {pricing.hardware_request_id} is not in this order")
        if pricing.quoted_unit_price is not None and pricing.quoted_unit_price < 0:
            raise ServiceError(f"{line}: a price is 0 or more.")
        sent = (pricing.quoted_unit_price, pricing.is_available)
        if (line.quoted_unit_price, line.is_available) != sent:
            line.quoted_unit_price, line.is_available = sent
            changed.append(line)
    if changed:
        HardwareRequest.objects.bulk_update(changed, ["quoted_unit_price", "is_available"])
        order_touched(order)
    return order


@transaction.atomic
def order_offer_alternative(
    *,
    order_id: UUID,
    hardware_request_id: UUID,
    catalog_item_id: UUID,
    recommended: bool = False,
) -> HardwareRequest:
    """Offer catalog item `catalog_item_id` as a candidate for a top-level line of a PENDING or
    QUOTED order: same amount, in the line's alternative group, made on the first offer with
    the line as its selected candidate. The company hears `order.updated`. Answers the new
    candidate."""
    order = order_locked(order_id)
    if order.status not in EDITABLE_STATUSES:
        raise ServiceError(ALTERNATIVES_NOT_EDITABLE.format(status=order.status))
    line = order_line(order, hardware_request_id)
    group = line.alternative_group
    if group is not None and group.selected_id != line.pk:
        raise ServiceError(
            f"Hardware request {line.pk} is a candidate, not a top-level line: offer "
            f"alternatives for the group's selected line {group.selected_id}"
        )
    item = _catalog_item_for(order, line, catalog_item_id)
    if group is None:
        group = AlternativeGroup.objects.create(order=order, selected=line)
        line.alternative_group = group
        line.save(update_fields=["alternative_group"])
    candidate = line_from_catalog_item(
        item,
        amount=line.amount,
        # The client's reference follows the need, whichever candidate they pick.
        external_item_id=line.external_item_id,
        order=order,
        alternative_group=group,
        # A quoted order shows a price on every candidate; a pending one is priced at quoting.
        quoted_unit_price=item.price if order.status == OrderStatus.QUOTED else None,
        is_available=item.stock >= line.amount,
        is_recommended=True if recommended else None,
    )
    candidate.save(force_insert=True)
    order_touched(order)
    return candidate


def _catalog_item_for(order: Order, line: HardwareRequest, catalog_item_id: UUID) -> CatalogItem:
    item = catalog_items().filter(pk=catalog_item_id).first()
    if item is None:
        raise NotFound("Catalog item not found")
    problems = orderability_problems(item, country_code=order.country_code)
    if problems:
        raise ServiceError(problems[0])
    if item.hardware_type != line.hardware_type:
        raise ServiceError(
            f"Catalog item {item.pk} is a {item.hardware_type}, not an alternative for a "
            f"{line.hardware_type} line"
        )
    if item.deprecated:
        raise ServiceError(f"Catalog item {item.pk} is deprecated: offer a current one")
    same_need = HardwareRequest.objects.filter(catalog_item=item)
    if line.alternative_group_id is None:
        same_need = same_need.filter(pk=line.pk)
    else:
        same_need = same_need.filter(alternative_group=line.alternative_group_id)
    if same_need.exists():
        raise ServiceError(f"Catalog item {item.pk} is already a candidate for this line")
    return item


@transaction.atomic
def order_quote_priced(*, order_id: UUID, pricings: Sequence[LinePricing], actor: Actor) -> Order:
    """The operator's quote in one step (the admin's "Save and mark QUOTED"): the lines' prices
    and availability as sent, then the move to QUOTED, unpriced catalog lines taking their
    catalog price as `manage.py transition` gives it. One transaction: a refused move keeps
    none of the prices either."""
    if pricings:
        order_lines_price(order_id=order_id, pricings=pricings)
    return order_move(
        order_id=order_id, to_status=OrderStatus.QUOTED, actor=actor, price_from_catalog=True
    )
