"""A SCIM token reaches its company's users only: company A's identity provider can neither
read nor write company B's, even knowing their ids, and its lookups never find them. What it
is refused is a plain 404, as for a user that does not exist; B's employees are left as they
were, with no offboarding and no event."""

import pytest

from companies.models import Event
from employees.models import Employee
from hardware.choices import HardwareStatus
from logistics.models import MovementRequest
from tests.factories import CompanyFactory, EmployeeFactory, HardwareFactory
from tests.scim.conftest import assert_scim_refused, identity_provider, user_body

pytestmark = pytest.mark.django_db

THEIRS = "bo.lindqvist@fabrikam.example"


@pytest.fixture
def theirs():
    """Company B's employee, holding an item, made through B's own identity provider."""
    company_b = CompanyFactory(code="FAB")
    response = identity_provider(company_b).scim(
        "POST", "/Users", user_body(userName=THEIRS, externalId="00u-bo")
    )
    assert response.status_code == 201, response.json()
    employee = Employee.objects.get(pk=response.json()["id"])
    HardwareFactory(
        company=company_b, employee=employee, status=HardwareStatus.EMPLOYEE, storage=None
    )
    return employee


def unchanged(employee: Employee) -> tuple:
    employee.refresh_from_db()
    return (employee.status, employee.first_name, employee.email, employee.updated_at)


def test_a_token_cannot_read_another_companys_user(idp, theirs):
    assert_scim_refused(idp.scim("GET", f"/Users/{theirs.pk}"), 404, f"User {theirs.pk} not found")


def test_a_token_does_not_list_or_find_another_companys_users(idp, company, theirs):
    ours = EmployeeFactory(company=company)

    everyone = idp.scim("GET", "/Users", query="startIndex=1&count=100").json()
    by_user_name = idp.scim("GET", "/Users", query=f'filter=userName eq "{THEIRS}"').json()
    by_external_id = idp.scim("GET", "/Users", query='filter=externalId eq "00u-bo"').json()

    assert (everyone["totalResults"], [user["id"] for user in everyone["Resources"]]) == (
        1,
        [str(ours.pk)],
    )
    assert (by_user_name["totalResults"], by_user_name["Resources"]) == (0, [])
    assert (by_external_id["totalResults"], by_external_id["Resources"]) == (0, [])


def test_a_token_cannot_patch_put_or_delete_another_companys_user(idp, theirs):
    before = unchanged(theirs)
    events = Event.objects.filter(company=theirs.company).count()
    not_found = f"User {theirs.pk} not found"

    assert_scim_refused(
        idp.patch_user(theirs.pk, {"op": "replace", "value": {"active": False}}), 404, not_found
    )
    assert_scim_refused(
        idp.patch_user(theirs.pk, {"op": "Replace", "path": "name.givenName", "value": "X"}),
        404,
        not_found,
    )
    assert_scim_refused(
        idp.scim("PUT", f"/Users/{theirs.pk}", user_body(userName=THEIRS, active=False)),
        404,
        not_found,
    )
    assert_scim_refused(idp.scim("DELETE", f"/Users/{theirs.pk}"), 404, not_found)

    assert unchanged(theirs) == before
    assert not MovementRequest.objects.exists()
    assert Event.objects.filter(company=theirs.company).count() == events
    # Still B's user, as B's provider sees it.
    answer = identity_provider(theirs.company).scim("GET", f"/Users/{theirs.pk}")
    assert (answer.status_code, answer.json()["active"]) == (200, True)


def test_the_same_user_name_in_two_companies_is_two_employees(idp, company, theirs):
    response = idp.scim("POST", "/Users", user_body(userName=THEIRS, externalId="00u-bo"))

    assert response.status_code == 201, response.json()
    assert response.json()["id"] != str(theirs.pk)
    assert Employee.objects.get(pk=response.json()["id"]).company == company
    assert unchanged(theirs)[2] == THEIRS
