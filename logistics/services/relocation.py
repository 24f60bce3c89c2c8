"""An operator's correction of where an item is (issue 29: the records say one place, the item
is in another). Not a shipment: no movement request is made, and an item that an open movement
request (PROCESSING or COORDINATED) carries is refused, since that request lands it where it
goes.

It lives here, not in hardware: whether an item is in an open movement request is this app's to
know, and hardware sits below it (docs/architecture.md). The item is locked first and its
requests are read inside the lock. A movement request's creation locks its items the same way
(hardware_lock) before it checks and claims them, so the two are serialized by the database:
whichever comes second sees what the first committed (the item on its way, or no longer where
the request would take it from).

The item has no history of its own beyond the audit trail: its row there carries who corrected
it (the command, by its name; an operator in the admin) and the reason given."""

from config.kernel.changes import RecordChange
from config.kernel.countries import is_country_code, storage_country_code
from config.kernel.database import atomic_retried, records_touch
from config.kernel.errors import NotFound, ServiceError
from employees.choices import EmployeeStatus
from employees.models import Employee
from employees.selectors import EMPLOYEE_NOT_IN_COMPANY, employee_findable
from hardware.choices import HardwareStatus
from hardware.models import Hardware, Storage
from hardware.services import hardware_lock_by_reference, hardware_updated_record
from logistics.models import MovementRequest
from logistics.selectors import OPEN_STATUSES

ONE_PLACE = "Name where the item is: an employee's e-mail or a storage's country, one of them"
IN_OPEN_MOVEMENT = (
    "The item is in movement request {number}, still {status}: the request lands it where it "
    "goes; relocate it once the request is DONE"
)
MARKED_IN_MOVEMENT = "The item is marked in a movement request: relocate it once that is DONE"
NOT_A_COUNTRY = "{code} is not a country code"
NO_STORAGE = "No storage serves {code} (storages: {codes})"
EMPLOYEE_ELSEWHERE = "Employee {email} is not of company {company}, which owns the item"
EMPLOYEE_DEACTIVATED = "Employee {email} is deactivated: an item cannot be with them"


@atomic_retried
def hardware_relocate(
    *, hardware: str, employee_email: str | None = None, storage_country: str | None = None
) -> RecordChange:
    """The item named by id or serial number (`hardware`) is with the company's ACTIVE employee
    `employee_email` (status EMPLOYEE, in the employee's country, as the items an employee is
    given are made), or in the storage serving `storage_country` (status STORAGE, in that
    country, as hardware_create places an item; the storage must exist: a mistyped country
    makes no warehouse). Refused while an open movement request carries it. The employees
    it leaves and reaches move their updatedAt (their answers list the items they hold), and
    `hardware.updated` tells the company, as a correction of the item's details does. Where it
    is already changes nothing."""
    if (employee_email is None) == (storage_country is None):
        raise ServiceError(ONE_PLACE)
    item = hardware_lock_by_reference(hardware)
    _not_in_movement(item)
    before, left = _location(item), item.employee_id
    if employee_email is not None:
        employee = _holder_locked(item, employee_email)
        item.status, item.employee, item.storage = HardwareStatus.EMPLOYEE, employee, None
        item.country_code = employee.country_code
    else:
        code = storage_country.strip().upper()
        item.status, item.employee, item.storage = HardwareStatus.STORAGE, None, _storage(code)
        item.country_code = code
    change = RecordChange.between(f"Hardware {item.id} {item}", before, _location(item))
    if change.changed:
        item.save(update_fields=["status", "employee", "storage", "country_code", "updated_at"])
        records_touch(Employee.objects.filter(pk__in={left, item.employee_id} - {None}))
        hardware_updated_record(item)
    return change


def _not_in_movement(item: Hardware) -> None:
    """Read after the item is locked: a request created meanwhile has committed, or waits for
    the lock and finds the item where this correction puts it."""
    carrying = (
        MovementRequest.objects.filter(hardwares=item, status__in=OPEN_STATUSES)
        .order_by("movement_request_number")
        .values_list("movement_request_number", "status")
        .first()
    )
    if carrying is not None:
        number, status = carrying
        raise ServiceError(IN_OPEN_MOVEMENT.format(number=number, status=status))
    if item.in_movement:
        raise ServiceError(MARKED_IN_MOVEMENT)


def _holder_locked(item: Hardware, email: str) -> Employee:
    """The item's company's employee with this e-mail, locked: a deactivation (which locks the
    employee, then counts what they hold) waits for this correction, or is seen by it."""
    email = email.strip().lower()
    employee = (
        employee_findable(company=item.company).select_for_update().filter(email=email).first()
    )
    company = item.company.code
    if employee is None:
        if Employee.objects.filter(email=email).exclude(company_id=item.company_id).exists():
            raise ServiceError(EMPLOYEE_ELSEWHERE.format(email=email, company=company))
        raise NotFound(EMPLOYEE_NOT_IN_COMPANY.format(email=email, company=company))
    if employee.status == EmployeeStatus.DEACTIVATED:
        raise ServiceError(EMPLOYEE_DEACTIVATED.format(email=email))
    return employee


def _storage(code: str) -> Storage:
    if not is_country_code(code, allow_eu=True):
        raise ServiceError.invalid_field("storage", NOT_A_COUNTRY.format(code=code))
    storage = Storage.objects.filter(country_code=storage_country_code(code)).first()
    if storage is None:
        codes = ", ".join(Storage.objects.values_list("country_code", flat=True)) or "none"
        raise ServiceError(NO_STORAGE.format(code=code, codes=codes))
    return storage


def _location(item: Hardware) -> dict:
    """Where the item is, by the names the back office's audit log shows."""
    return {
        "status": item.status,
        "employee": item.employee.email if item.employee else None,
        "storage": item.storage.country_code if item.storage else None,
        "country code": item.country_code,
    }
