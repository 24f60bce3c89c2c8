"""Writes an identity provider makes through SCIM, on the employee services every other writer
uses (the upsert's rules, the admin's deactivation), each one transaction.

`active` is what SCIM adds: false (by POST, PUT, PATCH or DELETE) is the person's leave, which
deactivates the employee and opens the offboarding of what they hold
(logistics.services.leaving); true again is their return, which cancels that offboarding while
it is still PROCESSING. Each is applied only when it changes the employee's status, so a
provider repeating a deactivation makes nothing new."""

from django.db.models import Exists, OuterRef, Q

from companies.models import Company
from config.kernel.database import atomic_retried
from config.kernel.errors import ServiceError
from employees.choices import EmployeeStatus
from employees.models import Employee
from employees.selectors import employee_findable
from employees.services import (
    EMAIL_TAKEN,
    REFERENCE_TAKEN,
    EmployeeDetails,
    employee_create,
    employee_update,
)
from logistics.services.leaving import employee_leave, employee_return
from scim.errors import ScimRefusal
from scim.models import DeletedUser
from scim.selectors import scim_user_get
from scim.users import version_of

# Who asked for a leaver's offboarding, as the movement request shows it.
REQUESTER = "SCIM"
USER_NAME_TAKEN = "userName {email} already belongs to a user of this company"
EXTERNAL_ID_TAKEN = "externalId {reference} already belongs to another user of this company"
# The employee rules' refusals of a value another employee holds, as SCIM words them.
UNIQUE_REFUSALS = {EMAIL_TAKEN: USER_NAME_TAKEN, REFERENCE_TAKEN: EXTERNAL_ID_TAKEN}
VERSION_CHANGED = "The user changed since the version given in If-Match ({version})"


class VersionChanged(ScimRefusal):
    """The user is not at the version the request was made from (If-Match, or a PATCH read
    before it was locked)."""

    def __init__(self, version: str):
        super().__init__(VERSION_CHANGED.format(version=version), status_code=412)


@atomic_retried
def scim_user_create(*, company: Company, details: EmployeeDetails, active: bool) -> Employee:
    """A new employee; or, when the identity provider had deleted the user of this userName
    (or externalId), that employee linked again and updated (RFC 7644 §3.6 lets a deleted id
    go; the person stays one record). A userName or externalId of another user is 409
    uniqueness, decided by the unique constraints when two creates of one user meet."""
    email, reference = details.email.strip().lower(), details.external_reference_id
    named = Q(email=email) | (Q(external_reference_id=reference) if reference else Q(pk__in=[]))
    holders = list(
        employee_findable(company=company)
        .select_for_update(of=("self",))
        .filter(named)
        .annotate(deleted=Exists(DeletedUser.objects.filter(employee=OuterRef("pk"))))
        .order_by("pk")
    )
    for holder in holders:
        if not holder.deleted:
            taken = USER_NAME_TAKEN if holder.email == email else EXTERNAL_ID_TAKEN
            raise _uniqueness(taken.format(email=email, reference=reference))
    if not holders:
        try:
            employee = employee_create(company=company, details=details)
        except ServiceError as error:
            if error.message in UNIQUE_REFUSALS:  # the other create of this user won the race
                taken = UNIQUE_REFUSALS[error.message]
                raise _uniqueness(taken.format(email=email, reference=reference)) from None
            raise
    else:
        [employee, *others] = holders
        if others:  # a deleted user by each: the e-mail's is the person's
            employee = next(holder for holder in holders if holder.email == email)
        DeletedUser.objects.filter(employee=employee).delete()
        employee = employee_update(employee=employee, details=details)
    _active_set(employee, active)
    return employee


@atomic_retried
def scim_user_replace(
    *,
    company: Company,
    user_id: str,
    details: EmployeeDetails,
    active: bool | None,
    version: str | None = None,
) -> Employee:
    """The user's attributes replaced (PUT; a PATCH once applied): a new userName changes the
    employee's e-mail. `active` None (not sent) keeps the status, as other attributes not sent
    are kept. `version`, when given, must still be the user's."""
    employee = scim_user_get(company=company, user_id=user_id, locked=True)
    if version is not None and version != version_of(employee):
        raise VersionChanged(version)
    employee = employee_update(employee=employee, details=details)
    _active_set(employee, active)
    return employee


@atomic_retried
def scim_user_delete(*, company: Company, user_id: str, version: str | None = None) -> None:
    """The person's leave, and the user gone from SCIM; the employee stays in the API."""
    employee = scim_user_get(company=company, user_id=user_id, locked=True)
    if version is not None and version != version_of(employee):
        raise VersionChanged(version)
    _active_set(employee, False)
    DeletedUser.objects.create(employee=employee)


def _active_set(employee: Employee, active: bool | None) -> None:
    if active is None:
        return
    if not active and employee.status == EmployeeStatus.ACTIVE:
        employee_leave(employee=employee, requester_name=REQUESTER)
    elif active and employee.status == EmployeeStatus.DEACTIVATED:
        employee_return(employee=employee)
    else:
        return
    employee.refresh_from_db()  # its status and updatedAt, as the leave or return wrote them


def _uniqueness(detail: str) -> ScimRefusal:
    return ScimRefusal(detail, status_code=409, scim_type="uniqueness")
