"""What the onboarding and the offboarding check of the employee and the items they name."""

from collections.abc import Callable

from companies.models import Company
from config.kernel.countries import are_compatible
from config.kernel.errors import ServiceError
from employees.models import Employee
from employees.selectors import employee_get_by_email
from employees.services import EmployeeDetails, employee_upsert
from hardware.lifecycle import NOT_GOING_OUT
from hardware.models import Hardware


def employee_named(
    company: Company, email: str | None, details: EmployeeDetails | None
) -> Employee:
    """The employee named by e-mail, or created or updated from inline `details`."""
    if details is not None:
        return employee_upsert(company=company, details=details)
    return employee_get_by_email(company=company, email=email)


def items_check(items: list[Hardware], is_ready: Callable[[Hardware], bool], problem: str) -> None:
    """Refuse, naming each item, when any cannot go out (awaiting a wipe, retired), is not
    ready or is already in a movement."""
    details = []
    for index, item in enumerate(items):
        if item.lifecycle in NOT_GOING_OUT:
            details.append(_item_error(index, item, NOT_GOING_OUT[item.lifecycle]))
        elif not is_ready(item):
            details.append(_item_error(index, item, problem))
        elif item.in_movement:
            details.append(_item_error(index, item, "is already in a movement request"))
    if details:
        raise ServiceError("Invalid request data", details=details)


def countries_check(items: list[Hardware], employee: Employee) -> None:
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
