"""Reads of orders, always within one company.

Orders are read as plain rows named as the interface names them: one query for the orders
with their employee, one for every line of them (grouped into alternatives here), one for the
hardware they created and one for the resellers of their countries, however many there are.
"""

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from uuid import UUID

from django.db.models import F, OuterRef, Q, QuerySet, Subquery

from catalog.models import CatalogItem
from companies.models import Company
from config.kernel.errors import NotFound
from config.kernel.filtering import apply_filters
from config.kernel.keyset import WHOLE_LIST, Keyset, Page
from config.kernel.links import absolute_url, url_base
from config.kernel.rows import Nested, Row, sorted_as
from config.kernel.specs import specs_applicable
from hardware.models import Hardware
from orders.answers import (
    CreatedHardwareSerializer,
    LineFieldsSerializer,
    OrderEmployeeSerializer,
    OrderSerializer,
    ResellerSerializer,
)
from orders.choices import OrderStatus
from orders.filters import OrderFilter
from orders.models import HardwareRequest, Order, Reseller
from tracking.selectors import shipment_summaries, shipments_of

ORDER_NOT_FOUND = "Order not found"

# The answer's fields and their columns are those of the output serializers.
ORDER = Row(OrderSerializer)
EMPLOYEE = Nested("employeeProfile", OrderEmployeeSerializer, through="employee")
LINE = Row(LineFieldsSerializer)
LINE_ORDER = ("created_at", "id")
# What a line is read with to group it: its order, and its group with the group's selection.
LINE_LINKS = ("order_id", "alternative_group_id")
LINE_SELECTED = {"selected_id": F("alternative_group__selected_id")}
# Read under a prefix, so the item keeps the serializer's order of its fields.
CREATED_HARDWARE = Nested("item", CreatedHardwareSerializer)
RESELLER = Row(ResellerSerializer)
# The list's order (Order.Meta.ordering), by columns that never change: it pages by it.
ORDERS = Keyset("orders", ("-created_at", "-order_number"))


def order_list(*, company: Company) -> QuerySet[Order]:
    return Order.objects.filter(company=company)


def order_rows(
    *,
    company: Company,
    filters: Mapping | None = None,
    order_id: UUID | None = None,
    page: Page = WHOLE_LIST,
    delivered: bool = True,
) -> list[dict]:
    """The company's orders as the interface shows them, newest first. `filters` are the
    OrderFilter criteria (`countryCode`, `updatedSince`); `page` a page of ORDERS.
    `delivered=False` says none of them is delivered: none has created hardware to read."""
    orders = apply_filters(OrderFilter, order_list(company=company), filters)
    if order_id is not None:
        orders = orders.filter(pk=order_id)
    orders = page.narrow(orders)
    rows = list(ORDER.values(orders, **EMPLOYEE.expressions, **page.columns))
    if not rows:
        return rows
    lines = HardwareRequest.objects.filter(order__in=orders.values("pk"))
    line_rows = LINE.values(lines.order_by(*LINE_ORDER), *LINE_LINKS, **LINE_SELECTED)
    lines_by_order = _lines_by_order(line_rows)
    created = _created_hardware_by_order(orders) if delivered else {}
    resellers = _resellers_by_country({row["countryCode"] for row in rows})
    shipments = shipment_summaries(holder="order", record_ids=orders.values("pk"))
    for row in rows:
        _order_shape(row, lines_by_order, created, resellers, shipments)
    return rows


def order_row(*, company: Company, order_id: UUID, delivered: bool = True) -> dict:
    rows = order_rows(company=company, order_id=order_id, delivered=delivered)
    if not rows:
        raise NotFound(ORDER_NOT_FOUND)
    return rows[0]


def order_shipments(*, company: Company, order_id: UUID) -> list[dict]:
    """The company's order's shipments, each with its events (tracking.selectors)."""
    if not order_list(company=company).filter(pk=order_id).exists():
        raise NotFound(ORDER_NOT_FOUND)
    return shipments_of(company=company, holder="order", record_id=order_id)


def order_payload(order: Order) -> dict:
    """The order as GET /orders/{orderId} shows it: the data of its events. Only its delivery
    creates hardware (orders.services.delivery, in the transaction that makes it DELIVERED),
    so the event of an order in another status has none to read: a quote's is one read less."""
    delivered = order.status == OrderStatus.DELIVERED
    return order_row(company=order.company, order_id=order.pk, delivered=delivered)


def order_payload_quoted(order: Order, lines: Sequence[HardwareRequest]) -> dict:
    """The order a quote has just written, as order_payload would read it, taken from what the
    quote holds: the order with its company and employee, and the `lines` it inserted (no
    hardware is created before delivery). Only the resellers of its country are read."""
    row = ORDER.of(order, **EMPLOYEE.expressions)
    line_rows = [
        LINE.of(line, *LINE_LINKS, **LINE_SELECTED) for line in sorted_as(lines, LINE_ORDER)
    ]
    resellers = _resellers_by_country({row["countryCode"]})
    _order_shape(row, _lines_by_order(line_rows), {}, resellers, {})
    return row


def _order_shape(
    row: dict,
    lines: Mapping[UUID, list[dict]],
    created: Mapping[UUID, list[dict]],
    resellers: Mapping[str, list[dict]],
    shipments: Mapping[UUID, list[dict]],
) -> None:
    """An order's row as the interface shows it, in place: its employee lifted out, its lines,
    created hardware, shipments and resellers put in."""
    employee = EMPLOYEE.take(row)
    row["employeeProfile"] = employee if employee["id"] is not None else None
    row["hardwares"] = lines.get(row["id"], [])
    row["createdHardwares"] = created.get(row["id"], [])
    # Only orders an API client made show resellers (interface, Order).
    made_by_client = row["apiClientRequesterName"] is not None
    row["resellerIds"] = resellers.get(row["countryCode"], []) if made_by_client else []
    row["shipments"] = shipments.get(row["id"], [])


def _lines_by_order(line_rows: Iterable[dict]) -> dict[UUID, list[dict]]:
    """Each order's top-level lines, from its lines' rows (LINE with LINE_LINKS and
    LINE_SELECTED) in LINE_ORDER: the lines in no group, and the selected candidate of each
    group carrying the group with all its candidates.

    LINE_ORDER is the order the interface ranks lines by (createdAt, ties by id): a group's
    first line is its original request, and a need stands where its first line does, so that
    selecting another candidate does not move it."""
    needs_by_order = defaultdict(list)  # order id -> its lines in no group, and its group ids
    members_by_group = {}
    selected_by_group = {}
    base = url_base()
    for line in line_rows:
        _shape_line(line, base)
        group_id = line.pop("alternative_group_id")
        selected_id = line.pop("selected_id")
        order_id = line.pop("order_id")
        if group_id is None:
            line["isAvailable"] = line["isRecommended"] = line["isSelected"] = None
            line["alternativeGroup"] = None
            needs_by_order[order_id].append(line)
            continue
        line["isSelected"] = line["id"] == selected_id
        members = members_by_group.get(group_id)
        if members is None:
            members = members_by_group[group_id] = []
            needs_by_order[order_id].append(group_id)
        members.append(line)
        if line["isSelected"]:
            selected_by_group[group_id] = line
    top_lines_by_order = {}
    for order_id, needs in needs_by_order.items():
        top_lines = top_lines_by_order[order_id] = []
        for need in needs:
            if isinstance(need, dict):
                top_lines.append(need)
            elif need in selected_by_group:  # a group with no line selected is not shown
                top_lines.append(_top_line(need, selected_by_group[need], members_by_group[need]))
    return top_lines_by_order


def _top_line(group_id: UUID, selected: dict, members: list[dict]) -> dict:
    """A group's line among the order's: its selected candidate, carrying the group, whose
    candidates are its members. The original request is the first (LINE_ORDER)."""
    line = {**selected, "alternativeGroup": {"id": group_id, "selectedId": selected["id"]}}
    for member in members:
        member["isOriginalRequest"] = member is members[0]
    line["alternativeGroup"]["candidates"] = members
    return line


def _shape_line(line: dict, base: str) -> None:
    line["image"] = absolute_url(line["image"], base)
    if line["quotedUnitPrice"] is not None:
        line["quotedUnitPrice"] = f"{line['quotedUnitPrice']:.2f}"
    specs_applicable(line)


def _created_hardware_by_order(orders: QuerySet[Order]) -> dict[UUID, list[dict]]:
    created = defaultdict(list)
    items = Hardware.objects.filter(created_order_id__in=orders.values("pk")).order_by(
        "created_at", "id"
    )
    base = url_base()
    for item in items.values("created_order_id", **CREATED_HARDWARE.expressions):
        shaped = CREATED_HARDWARE.take(item)
        shaped["image"] = absolute_url(shaped["image"], base)
        shaped["cost"] = None if shaped["cost"] is None else f"{shaped['cost']:.2f}"
        specs_applicable(shaped)
        created[item["created_order_id"]].append(shaped)
    return created


def order_items_made(*, company: Company, order_id: UUID) -> QuerySet[Hardware]:
    """The items the company's order made when delivered, in the order of its lines
    (LINE_ORDER), then as they were made; items made before lines were remembered last."""
    line = HardwareRequest.objects.filter(pk=OuterRef("created_line_id"))
    return (
        Hardware.objects.filter(company=company, created_order_id=order_id)
        .annotate(line_created_at=Subquery(line.values("created_at")[:1]))
        .order_by(F("line_created_at").asc(nulls_last=True), "created_line_id", "created_at", "id")
    )


def _resellers_by_country(country_codes: set[str]) -> dict[str, list[dict]]:
    resellers = defaultdict(list)
    for reseller in RESELLER.values(Reseller.objects.filter(country_code__in=country_codes)):
        resellers[reseller["countryCode"]].append(reseller)
    return resellers


# The back office's dashboard (registered by orders.apps): the operator works across companies,
# so these read every company's orders.

# The orders still to be quoted, answered or delivered.
OPEN_STATUSES = (OrderStatus.PENDING, OrderStatus.QUOTED, OrderStatus.ACCEPTED)


def orders_in_status_count(status: OrderStatus, **narrower) -> int:
    """Orders in `status` (and matching `narrower`, the changelist's own lookups), in one
    query."""
    return Order.objects.filter(status=status, **narrower).count()


def catalog_items_short(items: QuerySet[CatalogItem]) -> QuerySet[CatalogItem]:
    """Of `items`, those out of stock that a line an open order buys (its selected candidate,
    or a line with no alternatives) asks for: the provider must restock or offer another."""
    asked = HardwareRequest.objects.filter(
        Q(alternative_group__isnull=True) | Q(alternative_group__selected=F("pk")),
        order__status__in=OPEN_STATUSES,
        catalog_item__isnull=False,
    )
    return items.filter(stock=0, pk__in=asked.values("catalog_item_id"))
