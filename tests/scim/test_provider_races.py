"""Deactivations at once (a provider retrying, Entra and an admin's Okta both connected, a
PATCH racing a DELETE): real threads, each its own HTTP client and database connection, released
together. However they interleave, the person leaves once: one offboarding, one
`movement_request.created`, and every request answered as if it came alone."""

import pytest

from employees.choices import EmployeeStatus
from employees.models import Employee
from hardware.choices import HardwareStatus
from logistics.models import MovementRequest
from tests.factories import CompanyFactory, HardwareFactory
from tests.scim.conftest import IdentityProvider, token_for, user_body
from tests.support import events_recorded, run_together

CREATED = "movement_request.created"
ENTRA_LEAVE = {"op": "Replace", "path": "active", "value": "False"}
OKTA_LEAVE = {"op": "replace", "value": {"active": False}}


def a_user_holding_two_items() -> tuple[str, Employee]:
    """The company's SCIM token, and the user its provider made, holding two items."""
    company = CompanyFactory(code="RCE")
    raw_token = token_for(company)
    response = IdentityProvider(raw_token).scim("POST", "/Users", user_body())
    assert response.status_code == 201, response.json()
    employee = Employee.objects.get(pk=response.json()["id"])
    HardwareFactory.create_batch(
        2, company=company, employee=employee, status=HardwareStatus.EMPLOYEE, storage=None
    )
    return raw_token, employee


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_two_deactivations_at_once_make_one_offboarding():
    raw_token, employee = a_user_holding_two_items()
    # A client per thread: each request is its own, as two providers' would be.
    first, second = IdentityProvider(raw_token), IdentityProvider(raw_token)

    answers = run_together(
        lambda: first.patch_user(employee.pk, ENTRA_LEAVE),
        lambda: second.patch_user(employee.pk, OKTA_LEAVE),
    )

    assert [(answer.status_code, answer.json()["active"]) for answer in answers] == [
        (200, False),
        (200, False),
    ]
    offboarding = MovementRequest.objects.get()
    assert (offboarding.type, offboarding.status, offboarding.hardwares.count()) == (
        "OFFBOARDING",
        "PROCESSING",
        2,
    )
    assert events_recorded(CREATED) == [(employee.company_id, str(offboarding.pk), "PROCESSING")]
    assert Employee.objects.get(pk=employee.pk).status == EmployeeStatus.DEACTIVATED


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_a_deactivation_racing_a_delete_makes_one_offboarding():
    raw_token, employee = a_user_holding_two_items()
    patching, deleting = IdentityProvider(raw_token), IdentityProvider(raw_token)

    answers = run_together(
        lambda: patching.patch_user(employee.pk, OKTA_LEAVE),
        lambda: deleting.scim("DELETE", f"/Users/{employee.pk}"),
    )

    # The PATCH either came first (200) or found the user deleted already (404, RFC 7644 §3.6).
    assert answers[0].status_code in (200, 404), answers[0].json()
    assert answers[1].status_code == 204
    offboarding = MovementRequest.objects.get()
    assert events_recorded(CREATED) == [(employee.company_id, str(offboarding.pk), "PROCESSING")]
    assert Employee.objects.get(pk=employee.pk).status == EmployeeStatus.DEACTIVATED


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_two_creates_of_one_user_name_at_once_make_one_employee_and_one_409():
    # Entra sends an initial sync several requests at a time; a retried create can meet its
    # first attempt. The second waits for the first and finds its user, as it would one after
    # the other.
    company = CompanyFactory(code="RCE")
    raw_token = token_for(company)
    first, second = IdentityProvider(raw_token), IdentityProvider(raw_token)

    answers = run_together(
        lambda: first.scim("POST", "/Users", user_body()),
        lambda: second.scim("POST", "/Users", user_body()),
    )

    [employee] = Employee.objects.filter(company=company)
    assert sorted(answer.status_code for answer in answers) == [201, 409]
    created, refused = sorted(answers, key=lambda answer: answer.status_code)
    assert created.json()["id"] == str(employee.pk)
    assert refused.json()["scimType"] == "uniqueness"
