"""An operator's corrections of employees (issue 29, data fixes): an e-mail that changed. Two
records of one person merged are employees.merging."""

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction

from companies.models import Company
from config.kernel.changes import RecordChange
from config.kernel.errors import NotFound, ServiceError
from employees.models import Employee
from employees.selectors import EMPLOYEE_NOT_FOUND, employee_findable
from employees.services import EMAIL_TAKEN, unique_constraint_message

INVALID_EMAIL = "Invalid email format"


@transaction.atomic
def employee_email_change(*, company: Company, email: str, new_email: str) -> RecordChange:
    """An operator's correction of the e-mail of the company's employee found by `email` (the
    person's address changed). E-mails are stored as the upsert stores them (trimmed,
    lowercased) and stay unique in the company, refused as there when another employee has
    it, even a deactivated one (an upsert with it would make them ACTIVE again); the database
    decides under races. The e-mail the employee has already changes nothing.

    Only the employee's updatedAt moves: the records that show the employee by reference do
    not (docs/decisions/0041-what-moves-updated-at.md), and employees have no webhook event."""
    email, new_email = email.strip().lower(), new_email.strip().lower()
    _email_check(new_email)
    employee = employee_findable(company=company).select_for_update().filter(email=email).first()
    if employee is None:
        raise NotFound(EMPLOYEE_NOT_FOUND)
    label = f"Employee {employee}"
    if new_email != employee.email:
        if employee_findable(company=company).filter(email=new_email).exists():
            raise ServiceError(EMAIL_TAKEN)
        employee.email = new_email
        try:
            with transaction.atomic():
                employee.save(update_fields=["email", "updated_at"])
        except IntegrityError as error:
            if unique_constraint_message(error) != EMAIL_TAKEN:
                raise
            raise ServiceError(EMAIL_TAKEN) from error
    return RecordChange.between(label, {"email": email}, {"email": employee.email})


def _email_check(email: str) -> None:
    """Refused, as the API refuses it, unless an e-mail address the column can hold."""
    try:
        validate_email(email)
    except ValidationError:
        raise ServiceError.invalid_field("email", INVALID_EMAIL) from None
    if len(email) > Employee._meta.get_field("email").max_length:
        raise ServiceError.invalid_field("email", INVALID_EMAIL)
