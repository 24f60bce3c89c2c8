"""GET /employees: the company's employees as POST /employees answers each, newest first, with
the criteria an HR system syncs by."""

from datetime import timedelta

import pytest
from django.utils import timezone

from employees.choices import EmployeeStatus
from employees.models import Employee
from tests.employees.test_employee_upsert_api import employee_json
from tests.factories import CompanyFactory, EmployeeFactory
from tests.support import assert_refused, iso, success

pytestmark = pytest.mark.django_db


@pytest.fixture
def company(caller):
    return CompanyFactory(api_client=caller.api_client, code="EMP")


def listed(caller, **criteria):
    return caller.get("/employees", {"companyCode": "EMP", **criteria})


def test_the_list_shows_the_companys_employees_newest_first_as_the_upsert_answers_them(
    caller, other_caller, company
):
    oldest, middle, newest = (EmployeeFactory(company=company) for _ in range(3))
    Employee.objects.filter(pk=oldest.pk).update(created_at=timezone.now() - timedelta(days=2))
    Employee.objects.filter(pk=middle.pk).update(created_at=timezone.now() - timedelta(days=1))
    EmployeeFactory(company=CompanyFactory(api_client=caller.api_client))  # another company
    EmployeeFactory(company=CompanyFactory(api_client=other_caller.api_client))

    response = listed(caller)

    assert response.status_code == 200
    expected = [Employee.objects.get(pk=each.pk) for each in (newest, middle, oldest)]
    assert response.json() == success([employee_json(employee) for employee in expected])


def test_the_list_finds_one_employee_by_address_in_any_case_or_by_reference(caller, company):
    ana = EmployeeFactory(company=company, email="ana@example.com", external_reference_id="HR-1")
    EmployeeFactory(company=company, email="bo@example.com", external_reference_id="HR-2")

    by_email = listed(caller, email=" Ana@Example.COM ")
    by_reference = listed(caller, externalReferenceId="HR-1")

    assert [each["id"] for each in by_email.json()["envelop"]] == [str(ana.id)]
    assert [each["id"] for each in by_reference.json()["envelop"]] == [str(ana.id)]
    assert listed(caller, email="nobody@example.com").json() == success([])


def test_the_list_filters_by_status_in_any_case(caller, company):
    EmployeeFactory(company=company)
    gone = EmployeeFactory(company=company, status=EmployeeStatus.DEACTIVATED)

    response = listed(caller, status="deactivated")

    assert [each["id"] for each in response.json()["envelop"]] == [str(gone.id)]
    refused = listed(caller, status="GONE")
    assert_refused(refused, 400, "Invalid status: expected ACTIVE or DEACTIVATED")


def test_the_list_answers_the_employees_changed_since_an_instant(caller, company):
    unchanged = EmployeeFactory(company=company)
    changed = EmployeeFactory(company=company)
    since = timezone.now()
    Employee.objects.filter(pk=unchanged.pk).update(updated_at=since - timedelta(seconds=1))
    upserted = caller.post(
        "/employees",
        {
            "companyCode": "EMP",
            "firstName": "Renamed",
            "lastName": changed.last_name,
            "email": changed.email,
            "governmentDNI": changed.government_dni,
            "address": "Main Street 1",
            "city": "Austin",
            "postCode": "73301",
            "countryCode": "US",
        },
        format="json",
    )
    assert upserted.status_code == 200

    response = listed(caller, updatedSince=iso(since))

    assert [each["id"] for each in response.json()["envelop"]] == [str(changed.id)]
    assert response.json()["envelop"][0]["firstName"] == "Renamed"
    assert_refused(
        listed(caller, updatedSince="yesterday"),
        400,
        (
            "Invalid updatedSince: expected an ISO 8601 date-time with its offset, "
            "such as 2026-11-27T09:30:00Z"
        ),
    )


def test_the_list_of_another_clients_company_is_refused(caller, other_caller, company):
    theirs = CompanyFactory(api_client=other_caller.api_client)
    EmployeeFactory(company=theirs)

    assert_refused(
        caller.get("/employees", {"companyCode": theirs.code}), 400, "Invalid company code"
    )
    assert_refused(caller.get("/employees"), 400, "Missing required filter: companyCode")


def test_the_list_takes_a_fixed_number_of_queries(caller, company, django_assert_max_num_queries):
    EmployeeFactory.create_batch(40, company=company)

    # key and its last use, company, employees
    with django_assert_max_num_queries(4):
        response = listed(caller)

    assert len(response.json()["envelop"]) == 40


def test_an_upsert_that_changes_nothing_does_not_make_the_employee_changed(caller, company):
    body = {
        "companyCode": "EMP",
        "firstName": "Ana",
        "lastName": "Silva",
        "email": "ana@example.com",
        "phone": "+1 415 555 0100",
        "governmentDNI": "DNI-1",
        "address": "Main Street 1",
        "city": "Austin",
        "postCode": "73301",
        "countryCode": "US",
        "externalReferenceId": "HR-1",
    }
    first = caller.post("/employees", body, format="json")
    since = timezone.now()

    again = caller.post("/employees", {**body, "email": " ANA@example.com "}, format="json")
    moved = caller.post("/employees", {**body, "lastName": "Souza"}, format="json")

    assert again.json()["envelop"]["updatedAt"] == first.json()["envelop"]["updatedAt"]
    assert iso(since) <= moved.json()["envelop"]["updatedAt"]
    assert [
        each["lastName"] for each in listed(caller, updatedSince=iso(since)).json()["envelop"]
    ] == ["Souza"]
