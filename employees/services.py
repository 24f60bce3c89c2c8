"""Writes of employees: the upsert of POST /employees and of the inline `employee` objects, the
create and update of an employee named by id (an identity provider's), an operator's
deactivation and a reactivation. An operator's corrections are in employees.corrections."""

from collections.abc import Callable
from dataclasses import dataclass
from uuid import UUID

from django.db import IntegrityError, transaction

from companies.models import Company
from config.kernel.errors import NotFound, ServiceError
from employees.choices import EmployeeStatus
from employees.geocoding import geocode
from employees.models import Employee
from employees.selectors import EMPLOYEE_NOT_FOUND, employee_findable

DNI_REQUIRED = "governmentDNI is required when creating a new employee"
CPF_REQUIRED = "cpf is required when creating a new employee with countryCode BR"
EMAIL_TAKEN = "email already belongs to another employee in this company"
REFERENCE_TAKEN = "externalReferenceId already belongs to another employee in this company"
CITY_NOT_RESOLVED = "Could not resolve a city for the given address"
MERGED_STAYS = "{email} was merged into {kept}: reactivate that employee instead"
HOLDS_HARDWARE = (
    "{email} still holds hardware no open offboarding takes back ({items}): open an "
    "offboarding for it first"
)

# The upsert's input keys (the interface's fields in snake_case) that are stored as given.
STORED_AS_GIVEN = (
    "first_name",
    "last_name",
    "phone",
    "government_dni",
    "cpf",
    "address",
    "address_extra_info",
    "post_code",
    "country_code",
    "external_reference_id",
)
# The stored fields that, with the requested city, make the geocoding input.
ADDRESS_FIELDS = ("address", "requested_city", "post_code", "country_code")
UNIQUE_CONSTRAINT_MESSAGES = {
    "employee_email_unique_per_company": EMAIL_TAKEN,
    "employee_reference_unique_per_company": REFERENCE_TAKEN,
}
# A concurrent upsert of the same person can insert between our match and our insert; the
# next attempt then matches its row. Three attempts leave room for a second such race.
UPSERT_ATTEMPTS = 3


@dataclass(frozen=True, kw_only=True)
class EmployeeDetails:
    """An employee as the client describes one (POST /employees, the inline `employee` of
    movements and quotes), checked for format by its serializer: e-mail, phone in E.164, CPF
    as 11 digits, country code in capitals. `city` is the geocoder's input."""

    email: str
    first_name: str
    last_name: str
    address: str
    city: str
    post_code: str
    country_code: str
    phone: str | None = None
    government_dni: str | None = None
    cpf: str | None = None
    address_extra_info: str | None = None
    external_reference_id: str | None = None


@transaction.atomic
def employee_upsert(*, company: Company, details: EmployeeDetails) -> Employee:
    """Create or update the company's employee `details` describes.

    Matched by `external_reference_id` when a row has it (every field updates, email too),
    else by email (every other field updates and the employee is ACTIVE again), else created.
    Absent, null and empty optional fields keep the stored value. The address is geocoded on
    create and when address, city, post code or country change.
    """
    values = _stored_values(details)
    try:
        return _upsert_retrying_races(company=company, values=values)
    except IntegrityError as error:
        message = unique_constraint_message(error)
        if message is None:
            raise
        raise ServiceError(message) from error


def _stored_values(details: EmployeeDetails) -> dict:
    """The columns `details` sets: absent, null and empty optional fields keep the stored
    value; the e-mail stored as it is matched (trimmed, lowercased)."""
    given = {key: getattr(details, key) for key in STORED_AS_GIVEN}
    values = {key: value for key, value in given.items() if value not in (None, "")}
    values["email"] = details.email.strip().lower()
    values["requested_city"] = details.city
    return values


def _upsert_retrying_races(*, company: Company, values: dict) -> Employee:
    for _ in range(UPSERT_ATTEMPTS - 1):
        try:
            with transaction.atomic():
                return _upsert_once(company=company, values=values)
        except IntegrityError:
            pass  # a concurrent upsert inserted first; the next attempt matches its row
    with transaction.atomic():
        return _upsert_once(company=company, values=values)


def _upsert_once(*, company: Company, values: dict) -> Employee:
    employees = employee_findable(company=company).select_for_update()
    reference = values.get("external_reference_id")
    employee = reference and employees.filter(external_reference_id=reference).first()
    if employee:
        if values["email"] != employee.email and (
            employee_findable(company=company).filter(email=values["email"]).exists()
        ):
            raise ServiceError(EMAIL_TAKEN)
        return _update(employee, values)
    employee = employees.filter(email=values["email"]).first()
    if employee:
        values = {**values, "email": employee.email, "status": EmployeeStatus.ACTIVE}
        return _update(employee, values)
    return _create(company, values)


def employee_create(*, company: Company, details: EmployeeDetails) -> Employee:
    """A new employee of the company, by the upsert's rules for one (a governmentDNI, a CPF in
    Brazil, an address the geocoder resolves), for a writer that has looked and found none (an
    identity provider's create). An e-mail or external reference another employee has is
    refused, by the database under races."""
    try:
        return _created(company, _stored_values(details))
    except IntegrityError as error:
        message = unique_constraint_message(error)
        if message is None:
            raise
        raise ServiceError(message) from error


# No savepoint in a caller's transaction: a refusal ends it anyway, and a create is one INSERT.
@transaction.atomic(savepoint=False)
def _created(company: Company, values: dict) -> Employee:
    return _create(company, values)


@transaction.atomic
def employee_update(*, employee: Employee, details: EmployeeDetails) -> Employee:
    """`details` applied to `employee` (the caller has it locked), by the upsert's rules but
    for the match: the record is the one given (an identity provider names its user by id),
    so its e-mail and external reference change too, refused when another employee of the
    company has them. Its status is the caller's to move."""
    values = _stored_values(details)
    others = employee_findable(company=employee.company).exclude(pk=employee.pk)
    if values["email"] != employee.email and others.filter(email=values["email"]).exists():
        raise ServiceError(EMAIL_TAKEN)
    reference = values.get("external_reference_id")
    if reference and others.filter(external_reference_id=reference).exists():
        raise ServiceError(REFERENCE_TAKEN)
    try:
        with transaction.atomic():
            return _update(employee, values)
    except IntegrityError as error:  # taken meanwhile by a transaction not yet committed then
        message = unique_constraint_message(error)
        if message is None:
            raise
        raise ServiceError(message) from error


def _create(company: Company, values: dict) -> Employee:
    if "government_dni" not in values:
        raise ServiceError(DNI_REQUIRED)
    if values["country_code"] == "BR" and "cpf" not in values:
        raise ServiceError(CPF_REQUIRED)
    employee = Employee(company=company, **values)
    _geocode_into(employee)
    employee.save()
    return employee


def _update(employee: Employee, values: dict) -> Employee:
    """Only a real change is saved: an HR system that upserts every employee each night must
    not make each of them `updatedSince` its last sync."""
    changed = {field for field, value in values.items() if getattr(employee, field) != value}
    if not changed:
        return employee
    for field in changed:
        setattr(employee, field, values[field])
    if changed & set(ADDRESS_FIELDS):
        _geocode_into(employee)
    employee.save()
    return employee


def _geocode_into(employee: Employee) -> None:
    city = geocode(
        address=employee.address,
        city=employee.requested_city,
        post_code=employee.post_code,
        country_code=employee.country_code,
    )
    if city is None:
        raise ServiceError(CITY_NOT_RESOLVED)
    employee.city, employee.lat, employee.lng = city


def unique_constraint_message(error: IntegrityError) -> str | None:
    """The refusal for a unique constraint of ours that `error` (from PostgreSQL) reports."""
    diagnostics = getattr(error.__cause__, "diag", None)
    return UNIQUE_CONSTRAINT_MESSAGES.get(getattr(diagnostics, "constraint_name", None))


# What an employee holds that no open return takes back, one label per item. Hardware and
# movements sit above this app: logistics, which knows both, registers the reader when ready
# (logistics.apps). Until then every item the employee holds counts, known by its relation's
# name only.
UnreturnedHardware = Callable[[Employee], list[str]]


def _every_held_item(employee: Employee) -> list[str]:
    return [str(item) for item in employee.hardwares.order_by("pk")]


_unreturned_hardware: UnreturnedHardware = _every_held_item


def unreturned_hardware_reader_register(reader: UnreturnedHardware) -> None:
    global _unreturned_hardware
    _unreturned_hardware = reader


@transaction.atomic
def employee_deactivate(*, employee_id: UUID) -> Employee:
    """An operator's deactivation of someone who left (employees are never deleted: the
    movements and orders that name them stay). Refused while the employee holds an item no
    open offboarding takes back; deactivating a DEACTIVATED employee changes nothing. An
    upsert by e-mail makes the employee ACTIVE again (the interface's rule)."""
    employee = Employee.objects.select_for_update().filter(pk=employee_id).first()
    if employee is None:
        raise NotFound(EMPLOYEE_NOT_FOUND)
    if employee.status == EmployeeStatus.DEACTIVATED:
        return employee
    unreturned = _unreturned_hardware(employee)
    if unreturned:
        raise ServiceError(HOLDS_HARDWARE.format(email=employee.email, items="; ".join(unreturned)))
    employee.status = EmployeeStatus.DEACTIVATED
    employee.save(update_fields=["status", "updated_at"])
    return employee


@transaction.atomic
def employee_reactivate(*, employee_id: UUID) -> Employee:
    """Someone who left is back (an identity provider restores their user): ACTIVE again, as
    an upsert by e-mail makes them. Reactivating an ACTIVE employee changes nothing. A merged
    record is refused: the person is the employee it was merged into (decision 0083)."""
    employee = (
        Employee.objects.select_for_update(of=("self",))
        .select_related("merged_into")
        .filter(pk=employee_id)
        .first()
    )
    if employee is None:
        raise NotFound(EMPLOYEE_NOT_FOUND)
    if employee.merged_into is not None:
        raise ServiceError(
            MERGED_STAYS.format(email=employee.email, kept=employee.merged_into.email)
        )
    if employee.status != EmployeeStatus.ACTIVE:
        employee.status = EmployeeStatus.ACTIVE
        employee.save(update_fields=["status", "updated_at"])
    return employee
