"""autoQuote: what the provider would do to a new order at once, for sandbox clients
(CONTRACT.md, Alternatives offered by the operator): price every line and offer an in-stock
alternative for a catalog line short of stock."""

from decimal import Decimal

from config.kernel.countries import storage_country_code
from orders.models import AlternativeGroup, HardwareRequest, Order
from orders.services.lines import catalog_items, line_from_catalog_item

# autoQuote's unit price of a free-form line whose type the catalog of the order's country
# does not sell: a list price per type, so sandbox quotes look like real ones.
AUTO_QUOTE_LIST_PRICES = {
    "MACBOOK": Decimal("1999.00"),
    "PC": Decimal("1299.00"),
    "MONITOR": Decimal("299.00"),
    "PHONE": Decimal("699.00"),
    "IPHONE": Decimal("899.00"),
    "CHAIR": Decimal("349.00"),
    "HEADPHONES": Decimal("149.00"),
    "TRACKPAD": Decimal("129.00"),
    "WEBCAM": Decimal("89.00"),
    "KEYBOARD": Decimal("79.00"),
    "MOUSE": Decimal("39.00"),
    "ACCESSORY": Decimal("29.00"),
    "EXTENDED_WARRANTY_MAC": Decimal("299.00"),
    "EXTENDED_WARRANTY_WINDOWS": Decimal("199.00"),
}
# ... and of a type registered after this table was written.
AUTO_QUOTE_OTHER_TYPE_PRICE = Decimal("99.00")


def auto_quote_lines(
    requests: list[HardwareRequest], country_code: str
) -> list[tuple[HardwareRequest, HardwareRequest]]:
    """Price every line and find alternatives, as autoQuote does (CONTRACT.md, Alternatives
    offered by the operator). A catalog line costs its item's price and is available when the
    item's stock covers its amount; when it does not, the cheapest non-deprecated item of the
    same type and country whose stock does is offered for it. A free-form line costs the
    cheapest non-deprecated item of its type sold for the order's country (or its warehouse),
    else the list price of its type. Answers the (line, candidate) pairs, unsaved."""
    local = {country_code, storage_country_code(country_code)}
    items = [request.catalog_item for request in requests if request.catalog_item]
    offers = list(
        catalog_items()
        .filter(
            deprecated=False,
            hardware_type__in={request.hardware_type for request in requests},
            country_code__in=local | {item.country_code for item in items},
        )
        .order_by("price", "name", "id")
    )
    offered = []
    for request in requests:
        item = request.catalog_item
        if item is None:
            cheapest = next(
                (
                    offer
                    for offer in offers
                    if offer.hardware_type == request.hardware_type and offer.country_code in local
                ),
                None,
            )
            request.quoted_unit_price = (
                cheapest.price
                if cheapest
                else AUTO_QUOTE_LIST_PRICES.get(request.hardware_type, AUTO_QUOTE_OTHER_TYPE_PRICE)
            )
            continue
        request.quoted_unit_price = item.price
        request.is_available = item.stock >= request.amount
        if request.is_available:
            continue
        alternative = next(
            (
                offer
                for offer in offers
                if offer.hardware_type == item.hardware_type
                and offer.country_code == item.country_code
                and offer.stock >= request.amount
            ),
            None,
        )
        if alternative is not None:
            request.is_recommended = False
            candidate = line_from_catalog_item(
                alternative,
                amount=request.amount,
                # The client's reference follows the need, whichever candidate they pick.
                external_item_id=request.external_item_id,
                quoted_unit_price=alternative.price,
                is_available=True,
                is_recommended=True,
            )
            offered.append((request, candidate))
    return offered


def offer_alternatives(
    order: Order, offered: list[tuple[HardwareRequest, HardwareRequest]]
) -> None:
    """Each line with its candidate in a new group, the line (saved first, so the earliest:
    the original request) selected."""
    for line, candidate in offered:
        group = AlternativeGroup.objects.create(order=order, selected=line)
        line.alternative_group = group
        line.save(update_fields=["alternative_group"])
        candidate.order = order
        candidate.alternative_group = group
        candidate.save(force_insert=True)
