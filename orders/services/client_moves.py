"""The changes an API client makes to its orders: cancel, confirm, select an alternative,
remove lines."""

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from uuid import UUID

from django.db import transaction

from companies.models import Company
from config.kernel.actors import Actor
from config.kernel.errors import ServiceError
from config.kernel.workflow import transition_apply
from orders.choices import EDITABLE_STATUSES, OrderStatus
from orders.models import AlternativeGroup, HardwareRequest, Order
from orders.services.lines import catalog_price_if_unpriced
from orders.services.records import (
    ALTERNATIVES_NOT_EDITABLE,
    order_cancelled_email_queue,
    order_line,
    order_of_client_locked,
    order_of_company_locked,
    order_touched,
)

NOT_CANCELLABLE = "Only PENDING or QUOTED orders can be cancelled; this order is {status}"
# The interface's message first, then what the order needs and what it is.
NOT_CONFIRMABLE = (
    "The Order cannot be confirmed: only QUOTED orders can be, after the provider quotes them "
    "or with autoQuote; this order is {status}"
)
LINE_NOT_GROUPED = "Hardware request is not part of an alternative group"
LINES_NOT_EDITABLE = (
    "Cannot remove hardware requests from an order, only PENDING or QUOTED; this order is {status}"
)
NO_REMOVALS = "At least one hardware request is required"
BAD_AMOUNT = "Amount must be a positive integer for hardware request {id}"
DUPLICATE_REMOVALS = "Duplicate hardware request IDs are not allowed"
LINES_NOT_IN_ORDER = "Hardware request(s) not found in this order: {ids}"
REMOVES_EVERYTHING = "Cannot remove all hardware requests from an order, cancel instead"


@transaction.atomic
def order_cancel(*, company: Company, order_id: UUID, actor: Actor) -> Order:
    """PENDING or QUOTED -> CANCELLED, notifying the company. Cancelling a cancelled order
    again answers it unchanged, so a client may retry safely."""
    order = order_of_company_locked(company, order_id)
    if order.status == OrderStatus.CANCELLED:
        return order
    if not order.can_move_to(OrderStatus.CANCELLED):
        raise ServiceError(NOT_CANCELLABLE.format(status=order.status))
    transition_apply(order, OrderStatus.CANCELLED, actor=actor)
    order_cancelled_email_queue(order)
    return order


@transaction.atomic
def order_confirm(*, company: Company, order_id: UUID, actor: Actor) -> Order:
    """QUOTED -> ACCEPTED. Confirming an accepted order again answers it unchanged."""
    order = order_of_company_locked(company, order_id)
    if order.status == OrderStatus.ACCEPTED:
        return order
    if not order.can_move_to(OrderStatus.ACCEPTED):
        raise ServiceError(NOT_CONFIRMABLE.format(status=order.status))
    return transition_apply(order, OrderStatus.ACCEPTED, actor=actor)


@transaction.atomic
def order_alternative_select(
    *, company: Company, order_id: UUID, hardware_request_id: UUID
) -> Order:
    """Make the candidate `hardware_request_id` the selected one of its group. Only the
    selection changes: no status moves, so no history entry is written."""
    order = order_of_client_locked(company, order_id)
    if order.status not in EDITABLE_STATUSES:
        raise ServiceError(ALTERNATIVES_NOT_EDITABLE.format(status=order.status))
    line = order_line(order, hardware_request_id, company=company)
    group = line.alternative_group
    if group is None:
        raise ServiceError(LINE_NOT_GROUPED)
    if group.selected_id != line.id:
        group.selected = line
        group.save(update_fields=["selected"])
        # A quoted order prices every selected line. A candidate offered before quoting may
        # have no price of its own; selected now, it takes its catalog item's, so the order
        # stays quoted in full (and a delivery never makes items without a cost).
        if order.status == OrderStatus.QUOTED and catalog_price_if_unpriced(line):
            line.save(update_fields=["quoted_unit_price"])
        order_touched(order)
    return order


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
    order = order_of_client_locked(company, order_id)
    if order.status not in EDITABLE_STATUSES:
        raise ServiceError(LINES_NOT_EDITABLE.format(status=order.status))
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
    order_touched(order)
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
