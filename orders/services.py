"""Writes of orders: quoting, the moves through the statuses, and changes to their lines."""

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from uuid import UUID

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F, Q, QuerySet
from django.utils import timezone

from catalog.models import CatalogItem
from companies.models import ApiClient, Company
from companies.services import company_create_or_update
from companies.webhooks import event_record
from config.actors import Actor
from config.api.serializers import camel_case
from config.countries import are_compatible, storage_country_code
from config.errors import Forbidden, NotFound, ServiceError
from config.moves import apply_shipping, check_move
from config.numbering import save_with_next_number
from employees.models import Employee
from employees.selectors import employee_get_by_email
from employees.services import employee_upsert
from hardware import services as hardware_services
from hardware.choices import TYPES_WITH_SPECS, CreatedThrough, type_image
from hardware.models import HardwareNote, HardwareType
from hardware.services import HardwareSpec
from orders.choices import EDITABLE_STATUSES, OrderStatus, SendTo
from orders.models import AlternativeGroup, HardwareRequest, Order, OrderStatusChange
from orders.selectors import ORDER_NOT_FOUND, order_row
from orders.tasks import order_cancelled_email


def order_transition(*, order: Order, to_status: OrderStatus, actor: Actor) -> None:
    """Move `order` (locked by the caller) to `to_status` if the status graph allows it, and
    record who moved it. The rules of each move (prices before QUOTED, hardware at DELIVERED)
    belong to the service that calls this."""
    check_move(order, to_status, label=f"Order {order.order_number}")
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
    """Tell the order's company that it was cancelled: an order.cancelled event, and an e-mail
    to its contact when it has one. Runs inside the cancelling transaction, so both happen
    exactly when the cancellation commits."""
    _order_event(order, "order.cancelled")
    if order.company.contact_email:
        # Robust: a broker that is down must not undo the cancellation.
        transaction.on_commit(lambda: order_cancelled_email.delay(str(order.pk)), robust=True)


def _order_event(order: Order, kind: str) -> None:
    """An event of `kind` about `order` as GET /orders/{orderId} shows it now, written in the
    caller's transaction (companies.events)."""
    event_record(
        company=order.company,
        kind=kind,
        payload=order_row(company=order.company, order_id=order.pk),
    )


# --- changes asked by the API client: cancel, confirm, select an alternative, remove lines ----

ORDER_REQUEST_NOT_FOUND = "Order request not found"
ORDER_OF_ANOTHER_COMPANY = "Order request does not belong to this company"
NOT_CANCELLABLE = "Only PENDING or QUOTED orders can be cancelled; this order is {status}"
NOT_CONFIRMABLE = "The Order cannot be confirmed"
HARDWARE_REQUEST_NOT_FOUND = "Hardware request not found"
LINE_OF_ANOTHER_ORDER = "Hardware request does not belong to this order"
LINE_NOT_GROUPED = "Hardware request is not part of an alternative group"
ALTERNATIVES_NOT_EDITABLE = (
    "Alternatives can only be modified when order is in PENDING or QUOTED status"
)
LINES_NOT_EDITABLE = "Cannot remove hardware requests from an order, only PENDING or QUOTED"
NO_REMOVALS = "At least one hardware request is required"
BAD_AMOUNT = "Amount must be a positive integer for hardware request {id}"
DUPLICATE_REMOVALS = "Duplicate hardware request IDs are not allowed"
LINES_NOT_IN_ORDER = "Hardware request(s) not found in this order: {ids}"
REMOVES_EVERYTHING = "Cannot remove all hardware requests from an order, cancel instead"


@transaction.atomic
def order_cancel(*, company: Company, order_id: UUID, actor: Actor) -> Order:
    """PENDING or QUOTED -> CANCELLED, notifying the company. Cancelling a cancelled order
    again answers it unchanged, so a client may retry safely."""
    order = _order_of_company_locked(company, order_id)
    if order.status == OrderStatus.CANCELLED:
        return order
    if not order.can_move_to(OrderStatus.CANCELLED):
        raise ServiceError(NOT_CANCELLABLE.format(status=order.status))
    order_transition(order=order, to_status=OrderStatus.CANCELLED, actor=actor)
    order_cancelled_notify(order=order)
    return order


@transaction.atomic
def order_confirm(*, company: Company, order_id: UUID, actor: Actor) -> Order:
    """QUOTED -> ACCEPTED. Confirming an accepted order again answers it unchanged."""
    order = _order_of_company_locked(company, order_id)
    if order.status == OrderStatus.ACCEPTED:
        return order
    if not order.can_move_to(OrderStatus.ACCEPTED):
        raise ServiceError(NOT_CONFIRMABLE)
    order_transition(order=order, to_status=OrderStatus.ACCEPTED, actor=actor)
    _order_event(order, "order.accepted")
    return order


@transaction.atomic
def order_alternative_select(
    *, company: Company, order_id: UUID, hardware_request_id: UUID
) -> Order:
    """Make the candidate `hardware_request_id` the selected one of its group. Only the
    selection changes: no status moves, so no history entry is written."""
    order = _order_of_client_locked(company, order_id)
    if order.status not in EDITABLE_STATUSES:
        raise ServiceError(ALTERNATIVES_NOT_EDITABLE)
    line = (
        HardwareRequest.objects.select_related("alternative_group")
        .filter(pk=hardware_request_id, order__company=company)
        .first()
    )
    if line is None:
        raise NotFound(HARDWARE_REQUEST_NOT_FOUND)
    if line.order_id != order.id:
        raise ServiceError(LINE_OF_ANOTHER_ORDER)
    group = line.alternative_group
    if group is None:
        raise ServiceError(LINE_NOT_GROUPED)
    if group.selected_id != line.id:
        group.selected = line
        group.save(update_fields=["selected"])
        _price_if_quoted(order, line)
        order.save(update_fields=["updated_at"])
        _order_event(order, "order.updated")
    return order


def _price_if_quoted(order: Order, line: HardwareRequest) -> None:
    """A quoted order prices every selected line. A candidate offered before quoting may have
    no price of its own; selected now, it takes its catalog item's, so the order stays quoted
    in full (and a delivery never makes items without a cost)."""
    if order.status == OrderStatus.QUOTED and line.quoted_unit_price is None and line.catalog_item:
        line.quoted_unit_price = line.catalog_item.price
        line.save(update_fields=["quoted_unit_price"])


@dataclass(frozen=True)
class LineRemoval:
    """One entry of a removal as the client sent it: a line id, and how many units to take
    off (None: the whole line). `order_lines_remove` checks both and words the refusals."""

    hardware_request_id: str
    amount: object = None


@transaction.atomic
def order_lines_remove(
    *, company: Company, order_id: UUID, removals: Sequence[LineRemoval]
) -> Order:
    """Take lines, or units of lines, off a PENDING or QUOTED order, all or none.

    A line in an alternative group is one need offered in several ways: naming any of its
    candidates names the need. Removing it removes every candidate of the group; an amount
    below the need's quantity (its selected candidate's amount) leaves each candidate with at
    most the remaining quantity. At least one need (top-level line) must remain. The order is
    locked before its lines are read, so two removals that would together empty it cannot
    both succeed."""
    ids = _check_removals(removals)
    order = _order_of_client_locked(company, order_id)
    if order.status not in EDITABLE_STATUSES:
        raise ServiceError(LINES_NOT_EDITABLE)
    lines = {
        line.id: line
        for line in HardwareRequest.objects.select_related("alternative_group").filter(order=order)
    }
    missing = [
        removal.hardware_request_id
        for removal, line_id in zip(removals, ids, strict=True)
        if line_id not in lines
    ]
    if missing:
        raise ServiceError(LINES_NOT_IN_ORDER.format(ids=", ".join(missing)))
    # A need is a line in no group, or a group with all its candidates.
    needs = defaultdict(list)
    for line in lines.values():
        needs[line.alternative_group_id or line.id].append(line)
    asked = {}
    for removal, line_id in zip(removals, ids, strict=True):
        need = lines[line_id].alternative_group_id or line_id
        if need in asked:  # two candidates of one group
            raise ServiceError(DUPLICATE_REMOVALS)
        asked[need] = removal.amount
    removed, reduced = [], []
    for need, amount in asked.items():
        members = needs[need]
        quantity = _need_quantity(members)
        if amount is None or amount >= quantity:
            removed += members
        else:
            for member in members:
                member.amount = min(member.amount, quantity - amount)
            reduced += members
    if len({line.alternative_group_id or line.id for line in removed}) == len(needs):
        raise ServiceError(REMOVES_EVERYTHING)
    groups = {line.alternative_group_id for line in removed} - {None}
    # A group's selected candidate cannot go while the group points at it.
    AlternativeGroup.objects.filter(pk__in=groups).update(selected=None)
    HardwareRequest.objects.filter(pk__in=[line.id for line in removed]).delete()
    AlternativeGroup.objects.filter(pk__in=groups).delete()
    HardwareRequest.objects.bulk_update(reduced, ["amount"])
    order.save(update_fields=["updated_at"])
    _order_event(order, "order.updated")
    return order


def _check_removals(removals: Sequence[LineRemoval]) -> list[UUID | None]:
    """The line ids the removals name (None for one that is no UUID, so names no line), once
    the request is seen to name each line once, with positive whole amounts."""
    if not removals:
        raise ServiceError(NO_REMOVALS)
    ids = [_as_uuid(removal.hardware_request_id) for removal in removals]
    named = [
        line_id or removal.hardware_request_id
        for removal, line_id in zip(removals, ids, strict=True)
    ]
    if len(set(named)) != len(named):
        raise ServiceError(DUPLICATE_REMOVALS)
    for removal in removals:
        amount = removal.amount
        # `type` rather than isinstance: JSON true is no amount.
        if amount is not None and (type(amount) is not int or amount < 1):
            raise ServiceError(BAD_AMOUNT.format(id=removal.hardware_request_id))
    return ids


def _as_uuid(value: str) -> UUID | None:
    try:
        return UUID(value)
    except ValueError:
        return None


def _need_quantity(members: list[HardwareRequest]) -> int:
    """How many units a need asks for: its line's amount, or in a group the amount of the
    selected candidate, the line the order shows."""
    group = members[0].alternative_group
    if group is None:
        return members[0].amount
    return next(member.amount for member in members if member.id == group.selected_id)


def _order_of_company_locked(company: Company, order_id: UUID) -> Order:
    """The company's order, locked; cancel and confirm refuse any other with a 400."""
    order = Order.objects.select_for_update().filter(pk=order_id, company=company).first()
    if order is None:
        raise ServiceError(ORDER_REQUEST_NOT_FOUND)
    return order


def _order_of_client_locked(company: Company, order_id: UUID) -> Order:
    """The order, locked, if it belongs to `company`. An order of another company of the
    same API client is forbidden (403); one of another client is not found (404), so nothing
    reveals that it exists."""
    order = (
        Order.objects.select_for_update(of=("self",))
        .filter(pk=order_id, company__api_client_id=company.api_client_id)
        .first()
    )
    if order is None:
        raise NotFound(ORDER_REQUEST_NOT_FOUND)
    if order.company_id != company.id:
        raise Forbidden(ORDER_OF_ANOTHER_COMPANY)
    return order


# --- operator moves and alternatives (admin and commands) ----------------------------------

# The specs a line and a computer item share (items also have a gpu, lines do not).
LINE_SPEC_FIELDS = ("ram", "disk_space", "display_size", "processor")


# The event of each operator move but cancelling, which order_cancelled_notify records.
MOVE_EVENTS = {
    OrderStatus.QUOTED: "order.quoted",
    OrderStatus.ACCEPTED: "order.accepted",
    OrderStatus.DELIVERED: "order.delivered",
}


@transaction.atomic
def order_move(
    *,
    order_id: UUID,
    to_status: OrderStatus,
    actor: Actor,
    eta: date | None = None,
    tracking_code: str | None = None,
    tracking_link: str | None = None,
    price_from_catalog: bool = False,
) -> Order:
    """An operator's move (admin or command): PENDING -> QUOTED once every selected line is
    priced (with `price_from_catalog`, unpriced catalog lines first take their catalog price),
    QUOTED -> ACCEPTED, ACCEPTED -> DELIVERED (the hardware is made), PENDING/QUOTED ->
    CANCELLED (the company is told). `eta` and tracking, when given, are kept on the order."""
    order = _order_locked(order_id)
    to_status = OrderStatus(to_status)
    # A move the graph refuses is refused by order_transition, naming the allowed ones.
    if order.can_move_to(to_status):
        if to_status == OrderStatus.QUOTED:
            _check_priced(order, price_from_catalog=price_from_catalog)
        elif to_status == OrderStatus.DELIVERED:
            _check_deliverable(order)
    # Checked before the move is written, so a bad tracking link refuses the whole move.
    apply_shipping(order, eta=eta, tracking_code=tracking_code, tracking_link=tracking_link)
    order_transition(order=order, to_status=to_status, actor=actor)
    if to_status == OrderStatus.DELIVERED:
        _deliver(order)
        order.date_completed = timezone.now()
        order.date = order.date_completed.date()  # the interface's delivery date
    order.save(update_fields=["eta", "tracking_code", "tracking_link", "date_completed", "date"])
    if to_status == OrderStatus.CANCELLED:
        order_cancelled_notify(order=order)
    else:
        _order_event(order, MOVE_EVENTS[to_status])
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
    the line as its selected candidate. Answers the new candidate."""
    order = _order_locked(order_id)
    if order.status not in EDITABLE_STATUSES:
        raise ServiceError(ALTERNATIVES_NOT_EDITABLE)
    lines = HardwareRequest.objects.select_related("alternative_group")
    line = lines.filter(pk=hardware_request_id).first()
    if line is None:
        raise NotFound(HARDWARE_REQUEST_NOT_FOUND)
    if line.order_id != order.pk:
        raise ServiceError(LINE_OF_ANOTHER_ORDER)
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
    return HardwareRequest.objects.create(
        order=order,
        alternative_group=group,
        amount=line.amount,
        # The client's reference follows the need, whichever candidate they pick.
        external_item_id=line.external_item_id,
        catalog_item=item,
        hardware_type=item.hardware_type,
        manufacturer_part_number=item.manufacturer_part_number,
        brand=item.brand,
        model=item.name,
        ram=item.ram,
        disk_space=item.disk_space,
        display_size=item.display_size,
        processor=item.processor,
        image=item.image or type_image(item.hardware_type),
        # A quoted order shows a price on every candidate; a pending one is priced at quoting.
        quoted_unit_price=item.price if order.status == OrderStatus.QUOTED else None,
        is_available=item.stock >= line.amount,
        is_recommended=True if recommended else None,
    )


def _selected_lines(order: Order) -> QuerySet[HardwareRequest]:
    """The lines the order buys: those in no group and each group's selected candidate, in
    the order GET /orders/{orderId} lists them."""
    return (
        HardwareRequest.objects.filter(order=order)
        .filter(Q(alternative_group__isnull=True) | Q(alternative_group__selected=F("pk")))
        .select_related("catalog_item")
        .order_by("created_at", "id")
    )


def _order_locked(order_id: UUID) -> Order:
    order = Order.objects.select_for_update().filter(pk=order_id).first()
    if order is None:
        raise NotFound(ORDER_NOT_FOUND)
    return order


def _check_priced(order: Order, *, price_from_catalog: bool) -> None:
    """Every selected line has a quotedUnitPrice, or the move is refused naming the lines as
    GET /orders/{orderId} lists them (`hardwares[<index>]`). With `price_from_catalog`,
    unpriced catalog lines take their catalog item's price first."""
    lines = list(_selected_lines(order))
    if price_from_catalog:
        from_catalog = [
            line for line in lines if line.quoted_unit_price is None and line.catalog_item
        ]
        for line in from_catalog:
            line.quoted_unit_price = line.catalog_item.price
        HardwareRequest.objects.bulk_update(from_catalog, ["quoted_unit_price"])
    unpriced = [
        {
            "field": f"hardwares[{index}].quotedUnitPrice",
            "message": f"Hardware request {line.pk} ({line}) has no quotedUnitPrice",
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


def _check_deliverable(order: Order) -> None:
    if order.send_to == SendTo.QUOTE_ONLY:
        raise ServiceError(
            f"Order {order.order_number} is a quote only (sendTo QUOTE_ONLY): it is never delivered"
        )
    if order.send_to == SendTo.EMPLOYEE and order.employee_id is None:
        raise ServiceError(
            f"Order {order.order_number} goes to an employee but names none: it cannot be delivered"
        )


def _deliver(order: Order) -> None:
    """One hardware item per unit of each selected line, on the employee (sendTo EMPLOYEE) or
    in the storage of the order's country, without serial numbers; the order's clientName is
    noted on each. Extended warranties are sold on lines but are never items."""
    services_only = set(HardwareType.objects.filter(order_only=True).values_list("name", flat=True))
    bought = timezone.now()
    notes = []
    for line in _selected_lines(order):
        if line.hardware_type in services_only:
            continue
        spec = _hardware_spec(order, line, bought)
        for _ in range(line.amount):
            item = hardware_services.hardware_create(
                company=order.company,
                spec=spec,
                employee_id=order.employee_id if order.send_to == SendTo.EMPLOYEE else None,
                created_through=CreatedThrough.ORDER,
                created_order_id=order.pk,
            )
            if order.client_name:
                notes.append(
                    HardwareNote(
                        hardware=item,
                        content=f"Client Name: {order.client_name}",
                        # Written by the service, from what the client sent with the order.
                        author_email=settings.DEFAULT_FROM_EMAIL,
                    )
                )
    HardwareNote.objects.bulk_create(notes)


def _hardware_spec(order: Order, line: HardwareRequest, bought: datetime) -> HardwareSpec:
    """A line's items: a catalog line's take the catalog model (its type, name and specs); a
    free-form line's take the line's type, brand and model, and its specs where items carry
    specs (computers)."""
    common = {
        "country_code": order.country_code,
        "brand": line.brand,
        "model": line.model,
        "date_bought": bought,
        "external_reference": line.external_item_id,
        "cost": line.quoted_unit_price,
        "cost_currency": order.currency,
    }
    if line.catalog_item_id is not None:
        return HardwareSpec(common_model_id=line.catalog_item_id, **common)
    specs = {}
    if line.hardware_type in TYPES_WITH_SPECS:
        specs = {field: getattr(line, field) for field in LINE_SPEC_FIELDS}
    return HardwareSpec(hardware_type=line.hardware_type, **common, **specs)


def _catalog_item_for(order: Order, line: HardwareRequest, catalog_item_id: UUID) -> CatalogItem:
    item = CatalogItem.objects.filter(pk=catalog_item_id).first()
    if item is None:
        raise NotFound("Catalog item not found")
    if not are_compatible(item.country_code, order.country_code):
        raise ServiceError(
            f"Catalog item {item.pk} is sold in {item.country_code}, not for an order to "
            f"{order.country_code}"
        )
    if item.hardware_type is None:
        raise ServiceError(f"Catalog item {item.pk} has no hardware type: it cannot be ordered")
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


# --- quoting: POST /orders/quote ------------------------------------------------------------

AUTO_QUOTE_IN_PRODUCTION = "autoQuote is only available in sandbox environments"
# Type rule 1: what a computer line without a catalog item describes; rule 2: what a warranty
# line must not describe.
COMPUTER_FIELDS = ("brand", "model", "processor", "ram", "disk_space", "display_size")
WARRANTY_TYPES = frozenset({"EXTENDED_WARRANTY_MAC", "EXTENDED_WARRANTY_WINDOWS"})
# What a catalog line takes from its catalog item; sent beside catalogModelId, it would
# contradict it or be silently dropped.
CATALOG_DESCRIBED_FIELDS = ("brand", "model", *LINE_SPEC_FIELDS, "image")
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


class _PoNumberTaken(Exception):
    """The company already has an order with the quote's poNumber: the quote's transaction is
    undone, and that order is the answer."""

    def __init__(self, order: Order):
        super().__init__(f"Order {order.order_number} has this poNumber")
        self.order = order


def order_quote(
    *,
    api_client: ApiClient,
    country_code: str,
    send_to: SendTo,
    lines: Sequence[dict],
    company: Company | None = None,
    company_data: dict | None = None,
    employee_email: str | None = None,
    employee_data: dict | None = None,
    po_number: str | None = None,
    client_name: str | None = None,
    abm_id: str | None = None,
    auto_quote: bool = False,
    extra_service_types: Sequence[str] = (),
) -> tuple[Order, bool]:
    """A new quote order of `company`, or of the inline company `company_data` (created or
    updated), and True. PENDING; with `auto_quote` (never in production) QUOTED, every line
    priced and alternatives offered for catalog lines short of stock. `lines` are the
    interface's hardware items in snake_case, checked for format; the type rules are applied
    here, each refused field named by its path (`hardwares[0].brand`).

    When the company already has an order with `po_number`, that order and False: nothing is
    written, not even the inline company or employee. Of concurrent quotes with one new
    poNumber, the unique constraint lets one create; the others answer its order. One
    transaction holds the rest, so a refusal anywhere leaves nothing behind."""
    if auto_quote and settings.ENVIRONMENT == "production":
        raise ServiceError(AUTO_QUOTE_IN_PRODUCTION)
    actor = Actor.api_client(api_client)
    try:
        with transaction.atomic():
            if company is None:
                company = _quote_company(api_client, company_data)
            repeated = _order_with_po_number(company, po_number)
            if repeated is not None:
                raise _PoNumberTaken(repeated)
            employee = _quote_employee(
                company, send_to, country_code, employee_email, employee_data
            )
            type_images = dict(HardwareType.objects.values_list("name", "image"))
            requests = _quote_lines(lines, country_code, type_images)
            order = Order(
                company=company,
                status=OrderStatus.PENDING,
                country_code=country_code,
                send_to=send_to,
                employee=employee,
                api_client_requester_name=api_client.name,
                client_name=client_name,
                po_number=po_number,
                extra_service_type=list(dict.fromkeys(extra_service_types)),
                comments=_quote_comments(abm_id, client_name),
            )
            _save_numbered(order)
            offered = _auto_quote(requests, country_code, type_images) if auto_quote else []
            # One insert each, in the request's order: createdAt orders the lines.
            for request in requests:
                request.order = order
                request.save(force_insert=True)
            order_record_move(order=order, status_from=None, actor=actor)
            _order_event(order, "order.created")
            if auto_quote:
                _offer_alternatives(order, offered)
                order_transition(order=order, to_status=OrderStatus.QUOTED, actor=actor)
                _order_event(order, "order.quoted")
            return order, True
    except _PoNumberTaken as taken:
        return taken.order, False


def _quote_company(api_client: ApiClient, data: dict) -> Company:
    return company_create_or_update(
        api_client=api_client,
        name=data["name"],
        code=data["company_code"],
        country_code=data["country_code"],
        legal_number=data["legal_number"],
        contact_email=data["contact_email"],
        phone=data["phone"],
    )


def _order_with_po_number(company: Company, po_number: str | None) -> Order | None:
    if po_number is None:
        return None
    return Order.objects.filter(company=company, po_number=po_number).first()


def _save_numbered(order: Order) -> None:
    """Insert the order with the next number. A concurrent quote with the same new poNumber
    that commits first makes this insert fail on the poNumber constraint; its order is then
    the answer."""
    try:
        # A savepoint, so the quote's transaction can still read the winner's order.
        with transaction.atomic():
            save_with_next_number(order, "order_number")
    except IntegrityError:
        existing = _order_with_po_number(order.company, order.po_number)
        if existing is None:
            raise
        raise _PoNumberTaken(existing) from None


def _quote_employee(
    company: Company,
    send_to: SendTo,
    country_code: str,
    email: str | None,
    data: dict | None,
) -> Employee | None:
    """sendTo EMPLOYEE names its employee (employeeEmail) or describes one (employee, created
    or updated), who must live where the order is bought. The other destinations take no
    employee: one sent is refused rather than dropped, so no client believes it was used."""
    if send_to != SendTo.EMPLOYEE:
        sent = {"employeeEmail": email, "employee": data}
        details = [
            {"field": name, "message": f"{name} applies to sendTo EMPLOYEE only, not {send_to}"}
            for name, value in sent.items()
            if value is not None
        ]
        if details:
            raise ServiceError("Invalid request data", details=details)
        return None
    if (email is None) == (data is None):
        raise ServiceError.invalid_field(
            "employeeEmail", "Send exactly one of employeeEmail and employee with sendTo EMPLOYEE"
        )
    if data is not None:
        _check_delivery_country(data["email"], data["country_code"], country_code, "employee")
        return employee_upsert(company=company, data=data)
    employee = employee_get_by_email(company=company, email=email)
    _check_delivery_country(employee.email, employee.country_code, country_code, "employeeEmail")
    return employee


def _check_delivery_country(email: str, lives_in: str, country_code: str, field: str) -> None:
    if not are_compatible(lives_in, country_code):
        raise ServiceError.invalid_field(
            field,
            f"Employee {email} lives in {lives_in}: an order for {country_code} cannot be "
            "delivered there",
        )


def _quote_comments(abm_id: str | None, client_name: str | None) -> list[str]:
    labelled = (("ABMId", abm_id), ("Client Name", client_name))
    return [f"{label}: {value}" for label, value in labelled if value is not None]


def _quote_lines(
    lines: Sequence[dict], country_code: str, type_images: dict[str, str]
) -> list[HardwareRequest]:
    """The order's lines, unsaved, after the type rules; the problems of every line are
    refused together."""
    items = CatalogItem.objects.in_bulk(
        [line["catalog_model_id"] for line in lines if line.get("catalog_model_id")]
    )
    requests = []
    details = []
    for index, line in enumerate(lines):
        item_id = line.get("catalog_model_id")
        if item_id is None:
            problems = _free_form_problems(line, type_images)
        else:
            problems = _catalog_line_problems(line, items.get(item_id), country_code)
        details += [
            {"field": f"hardwares[{index}].{field}", "message": message}
            for field, message in problems
        ]
        if not problems:
            requests.append(_line_request(line, items.get(item_id), type_images))
    if details:
        raise ServiceError("Invalid request data", details=details)
    return requests


def _free_form_problems(line: dict, type_images: dict[str, str]) -> list[tuple[str, str]]:
    """Type rules 1-3 of a line without catalogModelId."""
    type_name = line.get("hardware_type")
    if type_name is None:
        return [("hardwareType", "hardwareType is required without catalogModelId")]
    if type_name not in type_images:
        known = ", ".join(sorted(type_images))
        return [("hardwareType", f"{type_name} is not a hardware type; the types are {known}")]
    if type_name in TYPES_WITH_SPECS:
        missing = [field for field in COMPUTER_FIELDS if line.get(field) is None]
        return [
            (
                camel_case(field),
                f"{camel_case(field)} is required for a {type_name} line without catalogModelId",
            )
            for field in missing
        ]
    if type_name in WARRANTY_TYPES:
        sent = [field for field in COMPUTER_FIELDS if line.get(field) is not None]
        return [
            (camel_case(field), f"{camel_case(field)} is not allowed on a {type_name} line")
            for field in sent
        ]
    return []


def _catalog_line_problems(
    line: dict, item: CatalogItem | None, country_code: str
) -> list[tuple[str, str]]:
    item_id = line["catalog_model_id"]
    if item is None:
        return [("catalogModelId", f"Catalog item {item_id} not found")]
    problems = [
        (
            camel_case(field),
            f"{camel_case(field)} comes from the catalog item; do not send it with catalogModelId",
        )
        for field in CATALOG_DESCRIBED_FIELDS
        if line.get(field) is not None
    ]
    if not are_compatible(item.country_code, country_code):
        problems.append(
            (
                "catalogModelId",
                f"Catalog item {item_id} is sold in {item.country_code}, not for an order to "
                f"{country_code}",
            )
        )
    if item.hardware_type is None:
        problems.append(
            ("catalogModelId", f"Catalog item {item_id} has no hardware type: it cannot be ordered")
        )
    elif line.get("hardware_type") not in (None, item.hardware_type):
        problems.append(
            (
                "hardwareType",
                f"Catalog item {item_id} is a {item.hardware_type}, not a {line['hardware_type']}",
            )
        )
    return problems


def _line_request(
    line: dict, item: CatalogItem | None, type_images: dict[str, str]
) -> HardwareRequest:
    """Type rule 4: the type's image unless the line (or its catalog item) has one."""
    if item is not None:
        return HardwareRequest(
            amount=line["amount"],
            notes=line.get("notes"),
            external_item_id=line.get("external_item_id"),
            **_catalog_description(item, type_images),
        )
    described = {field: line.get(field) for field in ("brand", "model", *LINE_SPEC_FIELDS)}
    return HardwareRequest(
        amount=line["amount"],
        notes=line.get("notes"),
        external_item_id=line.get("external_item_id"),
        hardware_type=line["hardware_type"],
        image=line.get("image") or type_images[line["hardware_type"]],
        **described,
    )


def _catalog_description(item: CatalogItem, type_images: dict[str, str]) -> dict:
    return {
        "catalog_item": item,
        "hardware_type": item.hardware_type,
        "manufacturer_part_number": item.manufacturer_part_number,
        "brand": item.brand,
        "model": item.name,
        **{field: getattr(item, field) for field in LINE_SPEC_FIELDS},
        "image": item.image or type_images.get(item.hardware_type, ""),
    }


def _auto_quote(
    requests: list[HardwareRequest], country_code: str, type_images: dict[str, str]
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
        CatalogItem.objects.filter(
            deprecated=False,
            hardware_type__in={request.hardware_type for request in requests},
            country_code__in=local | {item.country_code for item in items},
        ).order_by("price", "name", "id")
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
            candidate = HardwareRequest(
                amount=request.amount,
                # The client's reference follows the need, whichever candidate they pick.
                external_item_id=request.external_item_id,
                quoted_unit_price=alternative.price,
                is_available=True,
                is_recommended=True,
                **_catalog_description(alternative, type_images),
            )
            offered.append((request, candidate))
    return offered


def _offer_alternatives(
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
