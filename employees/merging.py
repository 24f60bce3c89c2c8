"""Two records of one person merged into one (issue 29): two HR syncs entered the same
employee twice, and each record gathered hardware, movement requests or orders.

The operator names the record to keep and the duplicate, by e-mail. In one transaction, both
employees locked first (in a fixed order), what the duplicate has that is still going on moves
to the kept employee: the hardware they hold, their open movement requests, their open orders.
What is finished (DONE or CANCELLED requests, DELIVERED or CANCELLED orders) keeps its history
and still names the duplicate. The duplicate ends DEACTIVATED with `merged_into` naming the kept
record (GET /employees/{id} answers it as `mergedInto`), and no longer holds its e-mail or
external reference: an upsert with them finds the kept record by its own, or makes a new one.

Hardware, movements and orders sit above this app (docs/architecture.md): each app hands over
its part of a merge when it is ready (`merge_part_register`); a part may refuse, and the whole
merge is then rolled back.
"""

from collections.abc import Callable

from companies.models import Company
from config.kernel.changes import RecordChange
from config.kernel.database import atomic_retried, records_touch
from config.kernel.errors import NotFound, ServiceError
from employees.choices import EmployeeStatus
from employees.models import Employee
from employees.selectors import EMPLOYEE_NOT_IN_COMPANY, employee_findable

SAME_PERSON = "{email} is the same employee: name the record to keep and its duplicate"
KEPT_DEACTIVATED = (
    "Employee {email} is deactivated: keep an active record, the one the person's hardware goes to"
)

# A part of a merge: called with (duplicate, kept) inside the merge's transaction, after both
# employees are locked; moves what the duplicate has that is still going on to the kept
# employee and answers what it changed of each record; refuses with ServiceError.
MergePart = Callable[[Employee, Employee], list[RecordChange]]
_parts: list[MergePart] = []


def merge_part_register(part: MergePart) -> None:
    if part not in _parts:
        _parts.append(part)


@atomic_retried
def employees_merge(
    *, company: Company, keep_email: str, duplicate_email: str
) -> list[RecordChange]:
    """Merge the company's employee `duplicate_email` into `keep_email` (see the module), and
    answer what changed: the duplicate first, then each record that moved to the kept one.
    Refused when both e-mails name the same employee, when either is not found in the company
    (a record already merged no longer is), when the kept one is deactivated, and by each part
    (logistics: both hold an open movement request for the same item)."""
    keep_email, duplicate_email = keep_email.strip().lower(), duplicate_email.strip().lower()
    if keep_email == duplicate_email:
        raise ServiceError(SAME_PERSON.format(email=keep_email))
    keep, duplicate = _both_locked(company, keep_email, duplicate_email)
    if keep.status == EmployeeStatus.DEACTIVATED:
        raise ServiceError(KEPT_DEACTIVATED.format(email=keep.email))
    moved = [change for part in _parts for change in part(duplicate, keep)]
    before = _merge_state(duplicate)
    duplicate.status, duplicate.merged_into = EmployeeStatus.DEACTIVATED, keep
    duplicate.save(update_fields=["status", "merged_into", "updated_at"])
    if moved:
        # Its answer lists the hardware it holds; its requests and orders name it.
        records_touch(Employee.objects.filter(pk=keep.pk))
    merged = RecordChange.between(f"Employee {duplicate}", before, _merge_state(duplicate))
    return [merged, *moved]


def _both_locked(company: Company, keep_email: str, duplicate_email: str) -> tuple[Employee, ...]:
    # Locked in the order of their ids, as every write that locks two employees does.
    found = {
        employee.email: employee
        for employee in employee_findable(company=company)
        .select_for_update()
        .filter(email__in=[keep_email, duplicate_email])
        .order_by("pk")
    }
    for email in (keep_email, duplicate_email):
        if email not in found:
            raise NotFound(EMPLOYEE_NOT_IN_COMPANY.format(email=email, company=company.code))
    return found[keep_email], found[duplicate_email]


def _merge_state(employee: Employee) -> dict:
    """What a merge changes of the duplicate, by the names the operator reads."""
    merged_into = employee.merged_into
    return {"status": employee.status, "merged into": merged_into.email if merged_into else None}
