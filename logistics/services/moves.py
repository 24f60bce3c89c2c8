"""The operator's moves of a movement request through its statuses (admin, `transition`, a
sandbox client), the landing of its hardware at DONE and its release at CANCELLED."""

from functools import partial
from uuid import UUID

from django.utils import timezone

from companies.models import Company
from config.kernel.actors import Actor
from config.kernel.database import atomic_retried, records_touch
from config.kernel.errors import NotFound
from config.kernel.shipping import NO_SHIPPING, Shipping
from config.kernel.workflow import transition_apply
from employees.models import Employee
from hardware import services as hardware_services
from hardware.lifecycle import hardware_wipe_await
from hardware.models import Hardware
from logistics.choices import MovementStatus, MovementType, SendTo
from logistics.models import MovementRequest
from logistics.selectors import MOVEMENT_REQUEST_NOT_FOUND
from tracking.choices import Direction
from tracking.services import shipment_kept_updates_take, shipment_open


@atomic_retried
def movement_request_move(
    *,
    movement_request_id: UUID,
    to_status: MovementStatus,
    actor: Actor,
    shipping: Shipping = NO_SHIPPING,
) -> MovementRequest:
    """An operator's move (admin or command): PROCESSING -> COORDINATED -> DONE, or
    PROCESSING -> DONE, or to CANCELLED from either open status. At DONE the hardware lands
    with the employee or in storage; at CANCELLED it is released where it is."""
    movement = MovementRequest.objects.select_for_update().filter(pk=movement_request_id).first()
    if movement is None:
        raise NotFound(MOVEMENT_REQUEST_NOT_FOUND)
    rule = _ITEMS_AT.get(to_status)
    if rule is not None:
        rule = partial(rule, actor=actor)
    if to_status == MovementStatus.COORDINATED and shipping.tracking_code:
        rule = partial(_shipment_open, shipping=shipping, actor=actor)
    transition_apply(movement, to_status, actor=actor, shipping=shipping, rule=rule)
    if to_status == MovementStatus.COORDINATED and shipping.tracking_code:
        # What the carrier said before the code was known moves the request after this move.
        shipment_kept_updates_take(record=movement, tracking_code=shipping.tracking_code)
    # The items show the request's status (GET /hardwares); landed or released, they changed
    # already.
    if to_status not in _ITEMS_AT:
        records_touch(Hardware.objects.filter(movement_requests=movement))
    movement_employees_touch(movement)
    return movement


@atomic_retried
def movement_sandbox_advance(
    *,
    company: Company,
    movement_request_id: UUID,
    to_status: MovementStatus,
    actor: Actor,
    shipping: Shipping = NO_SHIPPING,
) -> MovementRequest:
    """The operator's move of the company's request, made by a sandbox API client (issue 12):
    movement_request_move, as the admin and `transition` make it. Another company's request
    is not found."""
    if not MovementRequest.objects.filter(pk=movement_request_id, company=company).exists():
        raise NotFound(MOVEMENT_REQUEST_NOT_FOUND)
    return movement_request_move(
        movement_request_id=movement_request_id, to_status=to_status, actor=actor, shipping=shipping
    )


def movement_employees_touch(movement: MovementRequest) -> None:
    """The employees the request's hardware leaves and reaches: GET /employees/{id} shows the
    items they hold with the status of each item's requests, and the items arriving or
    leaving. One UPDATE (docs/decisions/0041-what-moves-updated-at.md)."""
    people = {movement.from_employee_id, movement.to_employee_id} - {None}
    if people:
        records_touch(Employee.objects.filter(pk__in=people))


def movement_landing(movement: MovementRequest) -> dict:
    """Where the request's hardware lands at DONE, as hardware_land takes it: with the
    employee it goes to, or in its storage (reset there when asked)."""
    if movement.send_to == SendTo.EMPLOYEE:
        return {"employee": movement.to_employee}
    return {"storage": movement.storage, "factory_reset": bool(movement.factory_reset)}


def movement_complete(movement: MovementRequest, items: list[Hardware], *, actor: Actor) -> None:
    """The hardware lands where the request sends it, in the same transaction; a return that
    asked for a wipe lands its items awaiting it."""
    hardware_services.hardware_land(items=items, **movement_landing(movement))
    if movement.wipe:
        hardware_wipe_await(items=items, actor=actor, note=f"Returned by {movement.label}")
    movement.date_completed = timezone.now()


def _locked_items(movement: MovementRequest) -> list[Hardware]:
    # After the request, in id order, as hardware_lock takes them: two writes locking some of
    # the same items never each hold one the other waits for.
    return list(movement.hardwares.select_for_update().order_by("pk"))


def _land_at_done(movement: MovementRequest, *, actor: Actor) -> None:
    movement_complete(movement, _locked_items(movement), actor=actor)


def _release_at_cancel(movement: MovementRequest, *, actor: Actor) -> None:
    """Undo what the request's creation did to its items, nothing more: it marked them in
    movement, and they stay where they are (in storage for an onboarding, with the employee
    for an offboarding or an OFF_ON). The items an offboarding made on the employee
    (newHardwares) stay theirs, as they were made."""
    hardware_services.hardware_mark_in_movement(items=_locked_items(movement), in_movement=False)


def _shipment_open(movement: MovementRequest, *, shipping: Shipping, actor: Actor) -> None:
    """A move to COORDINATED with a tracking code: the parcel it travels in, going out to the
    employee, or coming back from them for an offboarding."""
    shipping.check(MovementRequest)
    shipment_open(
        record=movement,
        direction=Direction.RETURN
        if movement.type == MovementType.OFFBOARDING
        else Direction.OUTBOUND,
        tracking_code=shipping.tracking_code,
        tracking_link=shipping.tracking_link,
        eta=shipping.eta,
        actor=actor,
    )


# What a move does to the request's items, besides their request's status.
_ITEMS_AT = {MovementStatus.DONE: _land_at_done, MovementStatus.CANCELLED: _release_at_cancel}


# What a movement request shows of its items (HardwareSummarySerializer) that a correction
# may change.
_SHOWN_OF_ITEMS = {"serial_number", "description"}


def movements_showing_touch(item: Hardware, changed: set[str]) -> None:
    """An item's corrected details show on the movement requests that carry it
    (hardware.corrections): their updatedAt moves."""
    if changed & _SHOWN_OF_ITEMS:
        records_touch(MovementRequest.objects.filter(hardwares=item))
