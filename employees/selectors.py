"""Reads of employees, always within one company."""

from collections.abc import Mapping
from uuid import UUID

from django.db.models import QuerySet

from companies.models import Company
from config.kernel.errors import NotFound
from config.kernel.filtering import apply_filters
from config.kernel.keyset import WHOLE_LIST, Keyset, Page
from config.kernel.rows import Row
from employees.answers import EmployeeSerializer
from employees.filters import EmployeeFilter
from employees.models import Employee

EMPLOYEE_NOT_FOUND = "Employee not found"
# An operator's fix names the employee and the company it looked in.
EMPLOYEE_NOT_IN_COMPANY = "Employee {email} not found in company {company}"
# The answer's fields and their columns are those of the output serializer.
EMPLOYEE = Row(EmployeeSerializer)
# The list's order, newest first like every list, by columns that never change: it pages by it.
EMPLOYEES = Keyset("employees", ("-created_at", "-id"))


def employee_list(*, company: Company) -> QuerySet[Employee]:
    return Employee.objects.filter(company=company)


def employee_findable(*, company: Company) -> QuerySet[Employee]:
    """The company's employees an e-mail or an external reference finds: all but those merged
    into another record (employees.merging), which no longer hold theirs."""
    return employee_list(company=company).filter(merged_into__isnull=True)


def employees_with_email(email: str) -> QuerySet[Employee]:
    """The back office's find box (config.backoffice.finder): the employees of every company
    who hold this e-mail (employee_findable), read company by company through the (company,
    e-mail) index rather than the whole table."""
    return Employee.objects.filter(
        company__in=Company.objects.all(), email=email.strip().lower(), merged_into__isnull=True
    )


def employee_rows(
    *, company: Company, filters: Mapping | None = None, page: Page = WHOLE_LIST
) -> list[dict]:
    """The company's employees, newest first, as the list answers them, with the page's key
    columns. `filters` are the EmployeeFilter criteria (`email`, `externalReferenceId`,
    `status`, `updatedSince`); `page` a page of EMPLOYEES."""
    employees = apply_filters(EmployeeFilter, employee_list(company=company), filters)
    employees = page.narrow(employees.order_by(*EMPLOYEES.order))
    return list(EMPLOYEE.values(employees, **page.columns))


def employee_row(employee: Employee) -> dict:
    """The employee as the list answers it, taken from the record (just written)."""
    return EMPLOYEE.of(employee)


def employee_get(*, company: Company, employee_id: UUID) -> Employee:
    return _employee_in(employee_list(company=company), employee_id)


def employee_get_detail(*, company: Company, employee_id: UUID) -> Employee:
    """The employee with its company, hardware items and their movement requests, in a fixed
    number of queries. (The movements are known here by their relation's name only: the
    logistics app sits above us.)"""
    employees = employee_list(company=company).select_related("company")
    return _employee_in(employees.prefetch_related("hardwares__movement_requests"), employee_id)


def _employee_in(employees: QuerySet[Employee], employee_id: UUID) -> Employee:
    employee = employees.filter(pk=employee_id).first()
    if employee is None:
        raise NotFound(EMPLOYEE_NOT_FOUND)
    return employee


def employee_get_by_email(*, company: Company, email: str) -> Employee:
    """The company's employee with this e-mail, locked until the caller's transaction ends
    (every caller is a write that names the employee: an onboarding, an order's quote, a new
    item). A merge or a deactivation holding the employee is waited for, and the row is then
    read again as it committed: a record merged meanwhile is no longer found, instead of being
    given a request the merge did not hand over."""
    employees = employee_findable(company=company).select_for_update(no_key=True)
    employee = employees.filter(email=email.strip().lower()).first()
    if employee is None:
        raise NotFound(EMPLOYEE_NOT_FOUND)
    return employee
