"""Concurrent upserts of one person give one employee, never a 500."""

import pytest
from django.db import connection

from config.kernel.errors import ServiceError
from employees import services
from employees.models import Employee
from tests.conftest import make_caller
from tests.factories import CompanyFactory
from tests.support import refusing_inserts, run_together

THREADS = 10


def body(**changes) -> dict:
    return {
        "companyCode": "RCE",
        "firstName": "Ana",
        "lastName": "Silva",
        "email": "ana@example.com",
        "governmentDNI": "12.345.678-9",
        "cpf": "529.982.247-25",
        "address": "Avenida Paulista 1000",
        "city": "sao paulo",
        "postCode": "01310-100",
        "countryCode": "BR",
        **changes,
    }


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
@pytest.mark.parametrize(
    "identity", [{"externalReferenceId": "HR-1"}, {}], ids=["by reference", "by email"]
)
def test_concurrent_identical_upserts_give_one_employee_and_all_succeed(identity):
    caller = make_caller()
    CompanyFactory(api_client=caller.api_client, code="RCE")

    def upsert():
        return caller.post("/employees", body(**identity), format="json")

    responses = run_together(*[upsert] * THREADS)

    assert [response.status_code for response in responses] == [200] * THREADS
    assert Employee.objects.count() == 1


def employee_details(**changes) -> services.EmployeeDetails:
    """The service's input: the interface's fields, typed, checked for format."""
    fields = {
        "first_name": "Ana",
        "last_name": "Silva",
        "email": "ana@example.com",
        "government_dni": "12.345.678-9",
        "address": "1 Main Street",
        "city": "New York",
        "post_code": "10001",
        "country_code": "US",
    }
    return services.EmployeeDetails(**fields | changes)


def unique_constraint_on(*columns: str) -> str:
    """The name PostgreSQL reports for the unique constraint (or unique index) over these
    columns of the employees table: the name the service must recognise."""
    with connection.cursor() as cursor:
        constraints = connection.introspection.get_constraints(cursor, Employee._meta.db_table)
    [name] = [
        name
        for name, constraint in constraints.items()
        if constraint["unique"] and constraint["columns"] == list(columns)
    ]
    return name


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("column", "message"),
    [("email", services.EMAIL_TAKEN), ("external_reference_id", services.REFERENCE_TAKEN)],
    ids=["email", "reference"],
)
def test_an_insert_that_keeps_losing_to_another_row_is_refused_by_name(column, message):
    """When every attempt's insert loses to a row that other upserts keep committing first
    (PostgreSQL refuses it naming the unique constraint on the email or the reference), the
    refusal names the field, after a bounded retry. The database refuses the inserts itself,
    so the service's own match, insert and retry run as they do in a real race."""
    company = CompanyFactory()
    constraint = unique_constraint_on("company_id", column)

    with refusing_inserts(Employee, "duplicate key", unique_constraint=constraint) as refused:
        with pytest.raises(ServiceError) as refusal:
            services.employee_upsert(
                company=company, details=employee_details(external_reference_id="HR-1")
            )
        attempts = refused.attempts()

    assert refusal.value.message == message
    assert attempts == services.UPSERT_ATTEMPTS
    assert not Employee.objects.exists()


@pytest.mark.django_db
def test_the_service_takes_typed_details_for_inline_employee_objects():
    company = CompanyFactory()

    employee = services.employee_upsert(company=company, details=employee_details(phone=None))

    assert (employee.company, employee.email, employee.city) == (
        company,
        "ana@example.com",
        "New York City",
    )
