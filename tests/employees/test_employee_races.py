"""Concurrent upserts of one person give one employee, never a 500."""

import pytest

from config.errors import ServiceError
from employees import services
from employees.models import Employee
from tests.conftest import make_caller
from tests.factories import CompanyFactory, EmployeeFactory
from tests.support import run_together

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


def employee_data(**changes) -> dict:
    """The service's input: the interface's fields in snake_case, checked for format."""
    return {
        "first_name": "Ana",
        "last_name": "Silva",
        "email": "ana@example.com",
        "government_dni": "12.345.678-9",
        "address": "1 Main Street",
        "city": "New York",
        "post_code": "10001",
        "country_code": "US",
        **changes,
    }


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("taken", "message"),
    [
        ({"email": "ana@example.com"}, services.EMAIL_TAKEN),
        ({"external_reference_id": "HR-1"}, services.REFERENCE_TAKEN),
    ],
)
def test_an_insert_that_keeps_losing_to_another_row_is_refused_by_name(monkeypatch, taken, message):
    """When every attempt inserts although a row holds the email or reference (as when other
    upserts keep winning the race), the refusal names the field, after a bounded retry."""
    company = CompanyFactory()
    EmployeeFactory(company=company, **{"email": "other@example.com", **taken})
    attempts = []

    def always_insert(*, company, values):
        attempts.append(values)
        return services._create(company, values)

    monkeypatch.setattr(services, "_upsert_once", always_insert)

    with pytest.raises(ServiceError) as refusal:
        services.employee_upsert(company=company, data=employee_data(external_reference_id="HR-1"))

    assert refusal.value.message == message
    assert len(attempts) == services.UPSERT_ATTEMPTS
    assert Employee.objects.count() == 1


@pytest.mark.django_db
def test_the_service_takes_snake_case_data_for_inline_employee_objects():
    company = CompanyFactory()

    employee = services.employee_upsert(company=company, data=employee_data(phone=None))

    assert (employee.company, employee.email, employee.city) == (
        company,
        "ana@example.com",
        "New York City",
    )
