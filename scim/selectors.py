"""The users a SCIM token reaches: its company's employees, but those merged into another (no
longer found by their e-mail) and those the identity provider deleted."""

from uuid import UUID

from django.db.models import Q, QuerySet

from companies.models import Company
from employees.models import Employee
from employees.selectors import employee_findable
from scim.errors import ScimRefusal
from scim.models import DeletedUser

USER_NOT_FOUND = "User {id} not found"


def scim_users(*, company: Company, condition: Q | None = None) -> QuerySet[Employee]:
    """Those `condition` selects (all by default), in the order they were made, which never
    changes: startIndex pages by it."""
    deleted = DeletedUser.objects.filter(employee__company=company).values("employee")
    users = employee_findable(company=company).exclude(pk__in=deleted).filter(condition or Q())
    return users.order_by("created_at", "id")


def scim_user_get(*, company: Company, user_id: str, locked: bool = False) -> Employee:
    try:
        pk = UUID(user_id)
    except ValueError:
        raise ScimRefusal(USER_NOT_FOUND.format(id=user_id), status_code=404) from None
    users = scim_users(company=company)
    employee = (users.select_for_update() if locked else users).filter(pk=pk).first()
    if employee is None:
        raise ScimRefusal(USER_NOT_FOUND.format(id=user_id), status_code=404)
    return employee
