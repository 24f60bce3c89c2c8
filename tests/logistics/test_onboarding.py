"""POST /movement_requests/onboarding: storage hardware to an employee."""

from functools import partial

import pytest

from employees.models import Employee
from hardware.models import Hardware, Storage
from logistics.answers import MovementRequestSerializer
from logistics.models import MovementRequest
from tests.conftest import make_caller
from tests.factories import CompanyFactory, EmployeeFactory, HardwareFactory
from tests.logistics.shapes import carried, history, movement, person
from tests.support import run_together, success

pytestmark = pytest.mark.django_db


INLINE_EMPLOYEE = {
    "firstName": "Bo",
    "lastName": "New",
    "email": "bo@example.com",
    "governmentDNI": "1",
    "address": "2 Main Street",
    "city": "New York",
    "postCode": "10001",
    "countryCode": "US",
}


def onboard(caller, **fields):
    return caller.post(
        "/movement_requests/onboarding", {"data": {"companyCode": "MOV", **fields}}, format="json"
    )


def test_onboarding_creates_a_processing_request_and_claims_the_hardware(caller, company):
    employee = EmployeeFactory(company=company, email="ada@example.com", country_code="US")
    item = HardwareFactory(company=company, country_code="US", serial_number="SN-ON-1")

    response = onboard(
        caller,
        employeeEmail="ADA@example.com",
        hardwareIds=[str(item.id)],
        expectedDate="2026-12-01",
    )

    assert response.status_code == 201
    stored = MovementRequest.objects.get()
    shown = movement(
        stored,
        type="ONBOARDING",
        status="PROCESSING",
        sendTo="EMPLOYEE",
        handledBy="PROVIDER",
        expectedDate="2026-12-01",
        apiClientRequesterName=caller.api_client.name,
        companyName="Moving Co",
        toEmployeeId=str(employee.id),
        toEmployee=person(employee),
        storage={"id": str(item.storage_id), "countryCode": "US"},
        hardwares=[carried(item)],
        movementRequestStatusHistoric=history(stored, (None, "PROCESSING")),
    )
    assert response.json() == success([shown], 201)
    assert set(response.json()["envelop"][0]) == set(MovementRequestSerializer().fields)
    item.refresh_from_db()
    assert (item.status, item.in_movement) == ("STORAGE", True)


def test_an_inline_employee_is_created_and_geocoded(caller, company):
    item = HardwareFactory(company=company, country_code="BR")
    employee = {
        "firstName": "Ana",
        "lastName": "Silva",
        "email": "ana@example.com",
        "governmentDNI": "12345",
        "cpf": "529.982.247-25",
        "address": "Rua Augusta 100",
        "city": "sao paulo",
        "postCode": "01304-000",
        "countryCode": "BR",
    }

    response = onboard(caller, employee=employee, hardwareIds=[str(item.id)])

    assert response.status_code == 201
    created = Employee.objects.get(company=company, email="ana@example.com")
    assert created.city == "São Paulo"
    assert response.json()["envelop"][0]["toEmployee"]["id"] == str(created.id)


def test_an_inline_employee_with_a_known_email_updates_that_employee(caller, company):
    existing = EmployeeFactory(company=company, email="bo@example.com", last_name="Old")
    item = HardwareFactory(company=company)

    response = onboard(caller, employee=INLINE_EMPLOYEE, hardwareIds=[str(item.id)])

    assert response.status_code == 201
    existing.refresh_from_db()
    assert existing.last_name == "New"
    assert Employee.objects.filter(company=company).count() == 1


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({}, "employeeEmail", "Send exactly one of employeeEmail and employee"),
        (
            {"employeeEmail": "x@example.com", "employee": INLINE_EMPLOYEE},
            "employeeEmail",
            "Send exactly one of employeeEmail and employee",
        ),
        (
            {"employeeEmail": "x@example.com", "handledBy": "COMPANY"},
            "handledBy",
            "Onboarding is always handled by PROVIDER; do not send handledBy",
        ),
        (
            {"employeeEmail": "x@example.com", "company": {"name": "X", "companyCode": "XXX"}},
            "company",
            "Onboarding takes companyCode only, not an inline company",
        ),
    ],
)
def test_onboarding_refuses_malformed_requests(caller, company, fields, field, message):
    item = HardwareFactory(company=company)

    response = onboard(caller, hardwareIds=[str(item.id)], **fields)

    assert response.status_code == 400
    assert {"field": field, "message": message} in response.json()["details"]
    assert not MovementRequest.objects.exists()


def test_onboarding_needs_at_least_one_hardware_id(caller, company):
    EmployeeFactory(company=company, email="x@example.com")

    response = onboard(caller, employeeEmail="x@example.com", hardwareIds=[])

    assert response.status_code == 400
    assert response.json()["details"] == [
        {"field": "hardwareIds", "message": "hardwareIds needs at least one hardware id"}
    ]


def test_onboarding_an_unknown_employee_is_404(caller, company):
    item = HardwareFactory(company=company)

    response = onboard(caller, employeeEmail="nobody@example.com", hardwareIds=[str(item.id)])

    assert response.status_code == 404
    assert response.json()["message"] == "Employee not found"


def test_onboarding_refuses_items_not_in_storage_in_movement_or_not_the_companys(caller, company):
    EmployeeFactory(company=company, email="x@example.com")
    ready = HardwareFactory(company=company)
    assigned = HardwareFactory(company=company, on_employee=True)
    moving = HardwareFactory(company=company, in_movement=True)
    foreign = HardwareFactory()
    ids = [str(item.id) for item in (ready, assigned, moving, foreign)]

    response = onboard(caller, employeeEmail="x@example.com", hardwareIds=ids)

    assert response.status_code == 400
    assert response.json()["details"] == [
        {"field": "hardwareIds[3]", "message": f"Hardware {foreign.id} not found"}
    ]
    response = onboard(caller, employeeEmail="x@example.com", hardwareIds=ids[:3])
    assert response.json()["details"] == [
        {"field": "hardwareIds[1]", "message": f"Hardware {assigned.id} is not in storage"},
        {
            "field": "hardwareIds[2]",
            "message": f"Hardware {moving.id} is already in a movement request",
        },
    ]
    assert not MovementRequest.objects.exists()
    ready.refresh_from_db()
    assert not ready.in_movement


@pytest.mark.parametrize(
    ("hardware_country", "employee_country", "allowed"),
    [
        ("US", "US", True),
        ("EU", "DE", True),
        ("DE", "FR", True),
        ("FR", "EU", True),
        ("US", "DE", False),
        ("EU", "US", False),
        ("BR", "MX", False),
    ],
)
def test_countries_must_be_equal_or_both_european(
    caller, company, hardware_country, employee_country, allowed
):
    EmployeeFactory(company=company, email="x@example.com", country_code=employee_country)
    item = HardwareFactory(company=company, country_code=hardware_country)

    response = onboard(caller, employeeEmail="x@example.com", hardwareIds=[str(item.id)])

    assert response.status_code == (201 if allowed else 400)
    if not allowed:
        assert response.json()["details"] == [
            {
                "field": "hardwareIds[0]",
                "message": f"Hardware {item.id} is in {hardware_country}, which cannot move "
                f"to {employee_country}",
            }
        ]


def test_movement_numbers_increase(caller, company):
    EmployeeFactory(company=company, email="x@example.com")
    items = HardwareFactory.create_batch(3, company=company)

    numbers = [
        onboard(caller, employeeEmail="x@example.com", hardwareIds=[str(item.id)]).json()[
            "envelop"
        ][0]["movementRequestNumber"]
        for item in items
    ]

    assert numbers == sorted(numbers) and len(set(numbers)) == 3


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_twenty_onboardings_of_one_item_at_once_give_exactly_one_request():
    caller = make_caller()
    company = CompanyFactory(api_client=caller.api_client, code="MOV")
    EmployeeFactory(company=company, email="x@example.com")
    item = HardwareFactory(company=company)

    def request():
        return onboard(caller, employeeEmail="x@example.com", hardwareIds=[str(item.id)])

    responses = run_together(*[request] * 20)

    assert sorted(response.status_code for response in responses) == [201] + [400] * 19
    assert MovementRequest.objects.count() == 1
    assert Hardware.objects.get(pk=item.pk).in_movement


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_concurrent_onboardings_of_different_items_get_distinct_numbers():
    caller = make_caller()
    company = CompanyFactory(api_client=caller.api_client, code="MOV")
    EmployeeFactory(company=company, email="x@example.com")
    items = HardwareFactory.create_batch(24, company=company)

    def request(item):
        return onboard(caller, employeeEmail="x@example.com", hardwareIds=[str(item.id)])

    responses = run_together(*(partial(request, item) for item in items))

    assert [response.status_code for response in responses] == [201] * 24
    assert_numbers_distinct_then_increasing(caller, company)


def assert_numbers_distinct_then_increasing(caller, company) -> None:
    """The requests made at once have numbers of their own, and the next one a larger one."""
    numbers = list(MovementRequest.objects.values_list("movement_request_number", flat=True))
    assert len(set(numbers)) == len(numbers)
    item = HardwareFactory(company=company)
    EmployeeFactory(company=company, email="next@example.com")
    response = onboard(caller, employeeEmail="next@example.com", hardwareIds=[str(item.id)])
    assert response.json()["envelop"][0]["movementRequestNumber"] > max(numbers)


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_concurrent_onboardings_and_offboardings_get_distinct_numbers():
    caller = make_caller()
    company = CompanyFactory(api_client=caller.api_client, code="MOV")
    employee = EmployeeFactory(company=company, email="x@example.com")
    stored = HardwareFactory.create_batch(12, company=company)
    held = HardwareFactory.create_batch(12, company=company, on_employee=True, employee=employee)

    def onboarding(item):
        return onboard(caller, employeeEmail="x@example.com", hardwareIds=[str(item.id)])

    def offboarding(item):
        body = {
            "companyCode": "MOV",
            "handledBy": "PROVIDER",
            "employeeEmail": "x@example.com",
            "hardwares": {"hardwareIds": [str(item.id)]},
        }
        return caller.post("/movement_requests/offboarding", {"data": body}, format="json")

    calls = [partial(onboarding, item) for item in stored]
    calls += [partial(offboarding, item) for item in held]
    responses = run_together(*calls)

    assert [response.status_code for response in responses] == [201] * 24
    assert Hardware.objects.filter(in_movement=True).count() == 24
    assert_numbers_distinct_then_increasing(caller, company)


@pytest.mark.parametrize(("employee_country", "allowed"), [("FR", True), ("US", False)])
def test_an_item_in_the_eu_warehouse_travels_from_there_whatever_its_own_country(
    caller, company, employee_country, allowed
):
    EmployeeFactory(company=company, email="x@example.com", country_code=employee_country)
    eu_warehouse = Storage.objects.get_or_create(country_code="EU")[0]
    returned = HardwareFactory(company=company, country_code="US", storage=eu_warehouse)

    response = onboard(caller, employeeEmail="x@example.com", hardwareIds=[str(returned.id)])

    assert response.status_code == (201 if allowed else 400)
    if not allowed:
        assert response.json()["details"] == [
            {
                "field": "hardwareIds[0]",
                "message": f"Hardware {returned.id} is in EU, which cannot move to US",
            }
        ]


def test_an_inline_employee_is_matched_by_email_whatever_reference_it_carries(caller, company):
    EmployeeFactory(company=company, email="other@example.com", external_reference_id="REF-1")
    existing = EmployeeFactory(company=company, email="bo@example.com")
    item = HardwareFactory(company=company)

    response = onboard(
        caller,
        employee={**INLINE_EMPLOYEE, "externalReferenceId": "REF-1"},
        hardwareIds=[str(item.id)],
    )

    assert response.status_code == 201
    assert response.json()["envelop"][0]["toEmployee"]["id"] == str(existing.id)
    existing.refresh_from_db()
    assert (existing.last_name, existing.external_reference_id) == ("New", None)


def test_an_inline_employee_needs_a_government_dni_and_a_short_enough_email(caller, company):
    item = HardwareFactory(company=company)
    employee = {key: value for key, value in INLINE_EMPLOYEE.items() if key != "governmentDNI"}
    employee["email"] = "a" * 250 + "@example.com"

    response = onboard(caller, employee=employee, hardwareIds=[str(item.id)])

    assert response.status_code == 400
    assert response.json()["details"] == [
        {
            "field": "employee.email",
            "message": "Ensure this field has no more than 254 characters.",
        },
        {"field": "employee.governmentDNI", "message": "governmentDNI should not be empty"},
    ]


def test_hardware_ids_must_not_repeat(caller, company):
    EmployeeFactory(company=company, email="x@example.com")
    item = HardwareFactory(company=company)

    response = onboard(caller, employeeEmail="x@example.com", hardwareIds=[str(item.id)] * 2)

    assert response.status_code == 400
    assert response.json()["details"] == [
        {"field": "hardwareIds", "message": "hardwareIds must not repeat an id"}
    ]
