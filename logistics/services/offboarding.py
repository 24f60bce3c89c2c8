"""POST /movement_requests/offboarding: hardware from an employee back to storage
(OFFBOARDING) or to another employee (OFF_ON)."""

from contextlib import contextmanager
from dataclasses import replace
from datetime import date
from uuid import UUID

from companies.models import ApiClient, Company
from companies.services import CompanyDetails, company_create_or_update
from config.kernel.actors import Actor
from config.kernel.countries import are_compatible
from config.kernel.database import atomic_retried
from config.kernel.errors import ServiceError
from config.kernel.workflow import event_record_about, status_history_write
from employees.models import Employee
from employees.selectors import employee_get_by_email
from employees.services import EmployeeDetails
from hardware import services as hardware_services
from hardware.choices import CreatedThrough, HardwareStatus, Lifecycle
from hardware.models import Hardware
from hardware.services import HardwareSpec
from logistics.choices import HandledBy, MovementStatus, MovementType, SendTo
from logistics.models import MovementRequest
from logistics.services.checks import countries_check, employee_named, items_check
from logistics.services.moves import movement_complete, movement_employees_touch

SAME_EMPLOYEE = "toEmployeeEmail must name another employee than the source employee"
NEW_HARDWARES_OFF_ON = (
    "newHardwares applies to a return to storage only, not to an OFF_ON (toEmployeeEmail)"
)
NO_ITEMS = (
    "Name the items to move: hardwareIds or newHardwares with at least one item, "
    "or hardwareIds: [] alone for all the employee's hardware"
)


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
    wipe: bool | None = None,
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
    return offboarding_open(
        company=company,
        employee=employee,
        to_employee=to_employee,
        items=items,
        handled_by=handled_by,
        requester_name=api_client.name,
        actor=Actor.api_client(api_client),
        factory_reset=factory_reset,
        wipe=wipe,
        expected_date=expected_date,
    )


def offboarding_open(
    *,
    company: Company,
    employee: Employee,
    items: list[Hardware],
    handled_by: HandledBy,
    requester_name: str,
    actor: Actor,
    to_employee: Employee | None = None,
    factory_reset: bool | None = None,
    wipe: bool | None = None,
    expected_date: date | None = None,
    opened_on_leave: bool = False,
) -> MovementRequest:
    """The request for `items`, which the caller has locked and checked (on `employee`, none
    in movement), in the caller's transaction: an OFFBOARDING to the storage of the
    employee's country, or an OFF_ON to `to_employee`. Its history's first entry is by
    `actor`, its requester shown as `requester_name` (apiClientRequesterName), and
    `movement_request.created` is recorded. Also opened by an employee's leave
    (logistics.services.leaving)."""
    off_on = to_employee is not None
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
        # A return to storage is wiped when asked, or when the company asks for every return.
        wipe=None if off_on else (company.wipe_on_return if wipe is None else wipe),
        from_employee=employee,
        to_employee=to_employee,
        storage=storage,
        api_client_requester_name=requester_name,
        opened_on_leave=opened_on_leave,
    )
    # The employees are locked (touched) before the request is inserted, as an onboarding's
    # inline employee is: one order, so the two never deadlock on an employee.
    movement_employees_touch(movement)
    movement.save()  # numbered by the insert (config.kernel.numbering)
    movement.hardwares.set(items)
    if done:
        movement_complete(movement, items, actor=actor)
        movement.save(update_fields=["date_completed", "updated_at"])
    else:
        hardware_services.hardware_mark_in_movement(items=items, in_movement=True)
    status_history_write(movement, status_from=None, actor=actor)
    # Handled by COMPANY it is created DONE: one event, whose payload shows it DONE.
    event_record_about(movement, "movement_request.created")
    return movement


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
    return employee_named(company, email, details)


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
        items_check(
            items,
            lambda item: item.status == HardwareStatus.EMPLOYEE and item.employee_id == employee.pk,
            f"is not assigned to employee {employee.email}",
        )
        if to_employee is not None:
            countries_check(items, to_employee)
    return items + _create_on_employee(company, employee, new_hardwares or [])


def _all_hardware_ids(company: Company, employee: Employee) -> list[UUID]:
    """What the employee has now (but what was retired: lost, stolen); the caller locks and
    checks these like named ids."""
    ids = list(
        Hardware.objects.filter(company=company, employee=employee)
        .exclude(lifecycle=Lifecycle.RETIRED)
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
