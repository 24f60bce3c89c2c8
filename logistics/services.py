"""Writes of movement requests: their creation and their moves through the statuses."""

from datetime import date
from uuid import UUID

from django.db import transaction
from django.utils import timezone

from companies.models import Company
from config.actors import Actor, ActorKind
from config.countries import are_compatible
from config.errors import NotFound, ServiceError
from config.numbering import save_with_next_number
from employees.models import Employee
from employees.selectors import employee_get_by_email
from employees.services import employee_upsert
from hardware import services as hardware_services
from hardware.choices import HardwareStatus
from hardware.models import Hardware
from logistics.choices import HandledBy, MovementStatus, MovementType, SendTo
from logistics.models import MovementRequest, MovementRequestStatusChange

MOVEMENT_NOT_FOUND = "Movement request not found"


@transaction.atomic
def movement_onboarding_create(
    *,
    company: Company,
    actor: Actor,
    hardware_ids: list[UUID],
    employee_email: str | None = None,
    employee_data: dict | None = None,
    expected_date: date | None = None,
) -> MovementRequest:
    """Storage hardware to an employee (named by e-mail, or created or updated from inline
    data). The items are locked while they are checked and claimed, so two requests for one
    item can never both succeed."""
    employee = _employee(company, employee_email, employee_data)
    items = hardware_services.hardware_lock(company=company, hardware_ids=hardware_ids)
    _check_items(
        items,
        lambda item: item.status == HardwareStatus.STORAGE,
        "is not in storage",
    )
    _check_countries(items, employee)
    movement = MovementRequest(
        company=company,
        type=MovementType.ONBOARDING,
        status=MovementStatus.PROCESSING,
        send_to=SendTo.EMPLOYEE,
        handled_by=HandledBy.PROVIDER,
        expected_date=expected_date,
        to_employee=employee,
        # Compatible countries share one warehouse, so every item leaves the same storage.
        storage=items[0].storage,
        api_client_requester_name=_requester_name(actor),
    )
    save_with_next_number(movement, "movement_request_number")
    movement.hardwares.set(items)
    hardware_services.hardware_mark_in_movement(items=items, in_movement=True)
    _record_move(movement, status_from=None, actor=actor)
    return movement


@transaction.atomic
def movement_request_move(
    *,
    movement_request_id: UUID,
    to_status: MovementStatus,
    actor: Actor,
    eta: date | None = None,
    tracking_code: str | None = None,
    tracking_link: str | None = None,
) -> MovementRequest:
    """An operator's move (admin or command): PROCESSING -> COORDINATED -> DONE, or
    PROCESSING -> DONE. At DONE the hardware lands with the employee or in storage."""
    movement = MovementRequest.objects.select_for_update().filter(pk=movement_request_id).first()
    if movement is None:
        raise NotFound(MOVEMENT_NOT_FOUND)
    if not movement.can_move_to(to_status):
        allowed = ", ".join(movement.allowed_moves()) or "none, it is done"
        raise ServiceError(
            f"Movement request {movement.movement_request_number} cannot move from "
            f"{movement.status} to {to_status} (allowed: {allowed})"
        )
    status_from = movement.status
    movement.status = to_status
    if eta is not None:
        movement.eta = eta
    if tracking_code is not None:
        movement.tracking_code = tracking_code
    if tracking_link is not None:
        movement.tracking_link = tracking_link
    if to_status == MovementStatus.DONE:
        _complete(movement)
    movement.save()
    _record_move(movement, status_from=status_from, actor=actor)
    return movement


def _complete(movement: MovementRequest) -> None:
    """The hardware lands where the request sends it, in the same transaction."""
    items = list(movement.hardwares.select_for_update().order_by("pk"))
    if movement.send_to == SendTo.EMPLOYEE:
        hardware_services.hardware_land(items=items, employee=movement.to_employee)
    else:
        hardware_services.hardware_land(items=items, storage=movement.storage)
    movement.date_completed = timezone.now()


def _employee(company: Company, email: str | None, data: dict | None) -> Employee:
    if data is not None:
        return employee_upsert(company=company, data=data)
    return employee_get_by_email(company=company, email=email)


def _check_items(items: list[Hardware], is_ready, problem: str) -> None:
    """Refuse, naming each item, when any is not ready or is already in a movement."""
    details = []
    for index, item in enumerate(items):
        if not is_ready(item):
            details.append(_item_error(index, item, problem))
        elif item.in_movement:
            details.append(_item_error(index, item, "is already in a movement request"))
    if details:
        raise ServiceError("Invalid request data", details=details)


def _check_countries(items: list[Hardware], employee: Employee) -> None:
    details = [
        _item_error(
            index,
            item,
            f"is in {item.country_code}, which cannot move to {employee.country_code}",
        )
        for index, item in enumerate(items)
        if not are_compatible(item.country_code, employee.country_code)
    ]
    if details:
        raise ServiceError("Invalid request data", details=details)


def _item_error(index: int, item: Hardware, problem: str) -> dict:
    return {"field": f"hardwareIds[{index}]", "message": f"Hardware {item.id} {problem}"}


def _requester_name(actor: Actor) -> str | None:
    return actor.name if actor.kind == ActorKind.API_CLIENT else None


def _record_move(movement: MovementRequest, *, status_from: str | None, actor: Actor) -> None:
    MovementRequestStatusChange.objects.create(
        movement_request=movement,
        status_from=status_from,
        status_to=movement.status,
        actor_kind=actor.kind,
        actor_name=actor.name,
        eta=movement.eta,
        tracking_code=movement.tracking_code,
        tracking_link=movement.tracking_link,
    )
