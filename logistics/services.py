"""Writes of movement requests: their creation and their moves through the statuses."""

from contextlib import contextmanager
from dataclasses import replace
from datetime import date
from uuid import UUID

from django.utils import timezone

from companies.models import ApiClient, Company
from companies.services import CompanyDetails, company_create_or_update
from config.actors import Actor, ActorKind
from config.countries import are_compatible
from config.db import atomic_retried, records_touch
from config.errors import NotFound, ServiceError
from config.numbering import numbering_lock, save_with_next_number
from config.workflow import (
    NO_SHIPPING,
    Shipping,
    event_record_about,
    status_history_write,
    transition_apply,
)
from employees.models import Employee
from employees.selectors import employee_get_by_email
from employees.services import EmployeeDetails, employee_upsert
from hardware import services as hardware_services
from hardware.choices import CreatedThrough, HardwareStatus
from hardware.models import Hardware
from hardware.services import HardwareSpec
from logistics.choices import HandledBy, MovementStatus, MovementType, SendTo
from logistics.models import MovementRequest
from logistics.selectors import MOVEMENT_REQUEST_NOT_FOUND, movement_request_payload_created

SAME_EMPLOYEE = "toEmployeeEmail must name another employee than the source employee"
NEW_HARDWARES_OFF_ON = (
    "newHardwares applies to a return to storage only, not to an OFF_ON (toEmployeeEmail)"
)
NO_ITEMS = (
    "Name the items to move: hardwareIds or newHardwares with at least one item, "
    "or hardwareIds: [] alone for all the employee's hardware"
)


@atomic_retried
def movement_onboarding_create(
    *,
    company: Company,
    actor: Actor,
    hardware_ids: list[UUID],
    employee_email: str | None = None,
    employee: EmployeeDetails | None = None,
    expected_date: date | None = None,
) -> MovementRequest:
    """Storage hardware to an employee (named by e-mail, or created or updated from inline
    data). The items are locked while they are checked and claimed, so two requests for one
    item can never both succeed."""
    employee = _employee(company, employee_email, employee)
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
        # Compatible countries share one warehouse, so every item leaves the same storage
        # (read with the items: hardware_lock).
        storage=items[0].storage,
        api_client_requester_name=_requester_name(actor),
    )
    # The items, locked above, are marked first: that update takes the numbering's lock too
    # (after the items', as an offboarding takes them), so the insert taking the number is
    # the next statement, not one after a statement of the lock's own.
    hardware_services.hardware_mark_in_movement(
        items=items,
        in_movement=True,
        also_lock=numbering_lock(MovementRequest, "movement_request_number"),
    )
    save_with_next_number(movement, "movement_request_number", locked=True)
    # A new request carries no item yet: `add` inserts without first reading what it carries.
    movement.hardwares.add(*items)
    # The employee is not touched: their answer lists the items they hold, and they hold none
    # of these before DONE, whose landing touches them (docs/decisions.md, "updatedAt").
    change = status_history_write(movement, status_from=None, actor=actor)
    event_record_about(
        movement,
        "movement_request.created",
        shown=lambda: movement_request_payload_created(movement, change, items),
    )
    return movement


@atomic_retried
def movement_offboarding_create(
    *,
    api_client: ApiClient,
    handled_by: HandledBy,
    company: Company | CompanyDetails,
    employee_email: str | None = None,
    employee: EmployeeDetails | None = None,
    to_employee_email: str | None = None,
    hardware_ids: list[UUID] | None = None,
    new_hardwares: list[HardwareSpec] | None = None,
    factory_reset: bool | None = None,
    expected_date: date | None = None,
) -> MovementRequest:
    """Hardware from an employee back to storage (OFFBOARDING), or, with `to_employee_email`,
    to another employee (OFF_ON). One transaction holds it all: the inline company and
    employee, the items of `new_hardwares` (created on the source employee, then carried), the
    locks on the items and the request, so a refusal anywhere leaves nothing written.

    `hardware_ids=[]` with `new_hardwares` None takes every item the employee has. Handled by
    COMPANY, the request is DONE at once and the hardware has landed when this returns."""
    off_on = to_employee_email is not None
    _check_asked_items(hardware_ids, new_hardwares, off_on=off_on)
    if isinstance(company, CompanyDetails):
        company = company_create_or_update(api_client=api_client, details=company)
    employee = _source_employee(company, employee_email, employee, must_exist=off_on)
    to_employee = (
        employee_get_by_email(company=company, email=to_employee_email) if off_on else None
    )
    if to_employee is not None and to_employee.pk == employee.pk:
        raise ServiceError.invalid_field("toEmployeeEmail", SAME_EMPLOYEE)
    if to_employee is not None and not are_compatible(
        employee.country_code, to_employee.country_code
    ):
        raise ServiceError.invalid_field(
            "toEmployeeEmail",
            f"Employee {employee.email} is in {employee.country_code}, which cannot send "
            f"hardware to {to_employee.country_code}",
        )
    items = _items_leaving(company, employee, to_employee, hardware_ids, new_hardwares)
    done = handled_by == HandledBy.COMPANY
    storage = None
    if not off_on:
        storage = hardware_services.storage_for_country(country_code=employee.country_code)
    movement = MovementRequest(
        company=company,
        type=MovementType.OFF_ON if off_on else MovementType.OFFBOARDING,
        status=MovementStatus.DONE if done else MovementStatus.PROCESSING,
        send_to=SendTo.EMPLOYEE if off_on else SendTo.STORAGE,
        handled_by=handled_by,
        expected_date=expected_date,
        # Only a return to storage can be reset there; an OFF_ON ignores the flag.
        factory_reset=None if off_on else bool(factory_reset),
        from_employee=employee,
        to_employee=to_employee,
        storage=storage,
        api_client_requester_name=api_client.name,
    )
    # The employees are touched (locked) before the numbering's lock is taken, as an
    # onboarding's inline employee is: one order, so the two never deadlock on an employee.
    _employees_touch(movement)
    save_with_next_number(movement, "movement_request_number")
    movement.hardwares.set(items)
    if done:
        _complete(movement, items)
        movement.save(update_fields=["date_completed", "updated_at"])
    else:
        hardware_services.hardware_mark_in_movement(items=items, in_movement=True)
    status_history_write(movement, status_from=None, actor=Actor.api_client(api_client))
    # Handled by COMPANY it is created DONE: one event, whose payload shows it DONE.
    event_record_about(movement, "movement_request.created")
    return movement


@atomic_retried
def movement_request_move(
    *,
    movement_request_id: UUID,
    to_status: MovementStatus,
    actor: Actor,
    shipping: Shipping = NO_SHIPPING,
) -> MovementRequest:
    """An operator's move (admin or command): PROCESSING -> COORDINATED -> DONE, or
    PROCESSING -> DONE. At DONE the hardware lands with the employee or in storage."""
    movement = MovementRequest.objects.select_for_update().filter(pk=movement_request_id).first()
    if movement is None:
        raise NotFound(MOVEMENT_REQUEST_NOT_FOUND)

    def land_at_done(movement: MovementRequest) -> None:
        _complete(movement, list(movement.hardwares.select_for_update().order_by("pk")))

    rule = land_at_done if to_status == MovementStatus.DONE else None
    transition_apply(movement, to_status, actor=actor, shipping=shipping, rule=rule)
    # The items show the request's status (GET /hardwares); landed at DONE, they moved already.
    if to_status != MovementStatus.DONE:
        records_touch(Hardware.objects.filter(movement_requests=movement))
    _employees_touch(movement)
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


def _employees_touch(movement: MovementRequest) -> None:
    """The employees the request's hardware leaves and reaches: GET /employees/{id} shows the
    items they hold with the status of each item's requests, and the items arriving or
    leaving. One UPDATE (docs/decisions.md, "updatedAt: what moves it")."""
    people = {movement.from_employee_id, movement.to_employee_id} - {None}
    if people:
        records_touch(Employee.objects.filter(pk__in=people))


def movement_landing(movement: MovementRequest) -> dict:
    """Where the request's hardware lands at DONE, as hardware_land takes it: with the
    employee it goes to, or in its storage (reset there when asked)."""
    if movement.send_to == SendTo.EMPLOYEE:
        return {"employee": movement.to_employee}
    return {"storage": movement.storage, "factory_reset": bool(movement.factory_reset)}


def _complete(movement: MovementRequest, items: list[Hardware]) -> None:
    """The hardware lands where the request sends it, in the same transaction."""
    hardware_services.hardware_land(items=items, **movement_landing(movement))
    movement.date_completed = timezone.now()


def _employee(company: Company, email: str | None, details: EmployeeDetails | None) -> Employee:
    if details is not None:
        return employee_upsert(company=company, details=details)
    return employee_get_by_email(company=company, email=email)


def _check_asked_items(
    hardware_ids: list[UUID] | None, new_hardwares: list[HardwareSpec] | None, *, off_on: bool
) -> None:
    if off_on and new_hardwares is not None:
        raise ServiceError.invalid_field("hardwares.newHardwares", NEW_HARDWARES_OFF_ON)
    takes_all = hardware_ids == [] and new_hardwares is None
    if not (takes_all or hardware_ids or new_hardwares):
        raise ServiceError.invalid_field("hardwares", NO_ITEMS)


def _source_employee(
    company: Company, email: str | None, details: EmployeeDetails | None, *, must_exist: bool
) -> Employee:
    """The employee the hardware leaves. An OFF_ON moves hardware someone already has, so its
    inline source employee may update a known employee (found by e-mail) but not create one."""
    if details is not None and must_exist:
        employee_get_by_email(company=company, email=details.email)
    return _employee(company, email, details)


def _items_leaving(
    company: Company,
    employee: Employee,
    to_employee: Employee | None,
    hardware_ids: list[UUID] | None,
    new_hardwares: list[HardwareSpec] | None,
) -> list[Hardware]:
    """The items an offboarding carries: the named ones (or all the employee's, for `[]`
    without newHardwares), locked and checked, then the new ones made on the employee."""
    if hardware_ids == [] and new_hardwares is None:
        hardware_ids = _all_hardware_ids(company, employee)
    with _fields_under("hardwares."):
        items = hardware_services.hardware_lock(company=company, hardware_ids=hardware_ids or [])
        _check_items(
            items,
            lambda item: item.status == HardwareStatus.EMPLOYEE and item.employee_id == employee.pk,
            f"is not assigned to employee {employee.email}",
        )
        if to_employee is not None:
            _check_countries(items, to_employee)
    return items + _create_on_employee(company, employee, new_hardwares or [])


def _all_hardware_ids(company: Company, employee: Employee) -> list[UUID]:
    """What the employee has now; the caller locks and checks these like named ids."""
    ids = list(
        Hardware.objects.filter(company=company, employee=employee)
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    if not ids:
        raise ServiceError.invalid_field(
            "hardwares.hardwareIds",
            f"Employee {employee.email} has no hardware assigned, so hardwareIds: [] "
            "(all their hardware) takes nothing",
        )
    return ids


def _create_on_employee(
    company: Company, employee: Employee, new_hardwares: list[HardwareSpec]
) -> list[Hardware]:
    """The `newHardwares` items, created on the employee in the employee's country."""
    created = []
    for index, spec in enumerate(new_hardwares):
        with _fields_under(f"hardwares.newHardwares[{index}]."):
            created.append(
                hardware_services.hardware_create(
                    company=company,
                    spec=replace(spec, country_code=employee.country_code),
                    employee_id=employee.pk,
                    created_through=CreatedThrough.MOVEMENT,
                    touch_employee=False,  # the request touches the employee once
                )
            )
    return created


@contextmanager
def _fields_under(prefix: str):
    """Refusals of code that names fields from its own top (`serialNumber`, `hardwareIds[0]`)
    renamed from the request's top (`hardwares.newHardwares[1].serialNumber`)."""
    try:
        yield
    except ServiceError as error:
        if not error.details:
            raise
        details = [{**detail, "field": prefix + detail["field"]} for detail in error.details]
        raise type(error)(error.message, details=details, status_code=error.status_code) from error


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
    """Each item must be where it can travel to the employee: an item in storage is where its
    warehouse is (an item returned to the EU warehouse is in `EU`, whatever its own code)."""
    details = []
    for index, item in enumerate(items):
        # Read with the item when it was locked (hardware_lock).
        storage = item.storage
        location = storage.country_code if storage else item.country_code
        if not are_compatible(location, employee.country_code):
            problem = f"is in {location}, which cannot move to {employee.country_code}"
            details.append(_item_error(index, item, problem))
    if details:
        raise ServiceError("Invalid request data", details=details)


def _item_error(index: int, item: Hardware, problem: str) -> dict:
    return {"field": f"hardwareIds[{index}]", "message": f"Hardware {item.id} {problem}"}


def _requester_name(actor: Actor) -> str | None:
    return actor.name if actor.kind == ActorKind.API_CLIENT else None
