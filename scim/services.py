"""Writes an identity provider makes through SCIM, on the employee services every other writer
uses (the upsert's rules, the admin's deactivation), each one transaction.

`active` is what SCIM adds: false (by POST, PUT, PATCH or DELETE) is the person's leave, which
deactivates the employee and opens the offboarding of what they hold
(logistics.services.leaving); true again is their return, which cancels that offboarding while
it is still PROCESSING. Each is applied only when it changes the employee's status, so a
provider repeating a deactivation makes nothing new."""

from django.db import connection, transaction

from companies.models import Company
from employees.choices import EmployeeStatus
from employees.models import Employee
from employees.selectors import employee_findable
from employees.services import EmployeeDetails, employee_update, employee_upsert
from logistics.services.leaving import employee_leave, employee_return
from scim.errors import ScimRefusal
from scim.models import DeletedUser
from scim.selectors import scim_user_get, scim_users
from scim.users import version_of

# Who asked for a leaver's offboarding, as the movement request shows it.
REQUESTER = "SCIM"
USER_NAME_TAKEN = "userName {email} already belongs to a user of this company"
EXTERNAL_ID_TAKEN = "externalId {reference} already belongs to another user of this company"
VERSION_CHANGED = "The user changed since the version given in If-Match ({version})"


class VersionChanged(ScimRefusal):
    """The user is not at the version the request was made from (If-Match, or a PATCH read
    before it was locked)."""

    def __init__(self, version: str):
        super().__init__(VERSION_CHANGED.format(version=version), status_code=412)


@transaction.atomic
def scim_user_create(*, company: Company, details: EmployeeDetails, active: bool) -> Employee:
    """A new employee; or, when the identity provider had deleted the user of this userName,
    that employee linked again and updated (RFC 7644 §3.6 lets a deleted id go; the person
    stays one record). A userName or externalId of another user is 409 uniqueness."""
    email = details.email.strip().lower()
    _user_name_claimed(company, email)
    existing = employee_findable(company=company).select_for_update().filter(email=email).first()
    if existing is not None and not DeletedUser.objects.filter(employee=existing).delete()[0]:
        raise ScimRefusal(
            USER_NAME_TAKEN.format(email=email), status_code=409, scim_type="uniqueness"
        )
    _reference_free(company, details.external_reference_id, existing)
    if existing is None:
        employee = employee_upsert(company=company, details=details)
        DeletedUser.objects.filter(employee=employee).delete()  # found by a deleted one's id
    else:
        employee = employee_update(employee=existing, details=details)
    _active_set(employee, active)
    return employee


@transaction.atomic
def scim_user_replace(
    *,
    company: Company,
    user_id: str,
    details: EmployeeDetails,
    active: bool,
    version: str | None = None,
) -> Employee:
    """The user's attributes replaced (PUT; a PATCH once applied): a new userName changes the
    employee's e-mail. `version`, when given, must still be the user's."""
    employee = scim_user_get(company=company, user_id=user_id, locked=True)
    if version is not None and version != version_of(employee):
        raise VersionChanged(version)
    _reference_free(company, details.external_reference_id, employee)
    employee = employee_update(employee=employee, details=details)
    _active_set(employee, active)
    return employee


@transaction.atomic
def scim_user_delete(*, company: Company, user_id: str, version: str | None = None) -> None:
    """The person's leave, and the user gone from SCIM; the employee stays in the API."""
    employee = scim_user_get(company=company, user_id=user_id, locked=True)
    if version is not None and version != version_of(employee):
        raise VersionChanged(version)
    _active_set(employee, False)
    DeletedUser.objects.create(employee=employee)


def _user_name_claimed(company: Company, email: str) -> None:
    """Held until the transaction ends: a second create of the same userName at the same time
    waits for the first, then finds its user (409), where both would have answered 201 for one
    employee (no row exists yet for the first to lock)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))",
            [f"scim-user:{company.pk}:{email}"],
        )


def _active_set(employee: Employee, active: bool) -> None:
    if not active and employee.status == EmployeeStatus.ACTIVE:
        employee_leave(employee=employee, requester_name=REQUESTER)
    elif active and employee.status == EmployeeStatus.DEACTIVATED:
        employee_return(employee=employee)
    employee.refresh_from_db()


def _reference_free(company: Company, reference: str | None, user: Employee | None) -> None:
    if not reference:
        return
    holders = scim_users(company=company).filter(external_reference_id=reference)
    if user is not None:
        holders = holders.exclude(pk=user.pk)
    if holders.exists():
        raise ScimRefusal(
            EXTERNAL_ID_TAKEN.format(reference=reference),
            status_code=409,
            scim_type="uniqueness",
        )
