"""GET /employees/{employeeId}: the employee with its company name and hardware."""

import uuid

import pytest

from hardware.choices import HardwareStatus
from tests.factories import (
    CompanyFactory,
    EmployeeFactory,
    HardwareFactory,
    MovementRequestFactory,
    hardware_type,
)
from tests.support import assert_refused, error, iso, success

pytestmark = pytest.mark.django_db


@pytest.fixture
def company(caller):
    return CompanyFactory(api_client=caller.api_client, code="EMP", name="Acme Brasil")


def detail(caller, employee_id, company_code="EMP"):
    return caller.get(f"/employees/{employee_id}", {"companyCode": company_code})


NOT_FOUND = error(404, "Employee not found")


def assign(employee, **fields):
    return HardwareFactory(
        company=employee.company,
        employee=employee,
        status=HardwareStatus.EMPLOYEE,
        storage=None,
        **fields,
    )


def test_detail_answers_the_employee_with_company_name_and_hardware_in_an_array(caller, company):
    employee = EmployeeFactory(
        company=company,
        phone="+14155552671",
        external_reference_id="HR-7",
        address_extra_info="Suite 5",
    )
    laptop = assign(
        employee,
        hardware_type=hardware_type("MACBOOK"),
        brand="APPLE",
        name='MacBook Pro 14"',
        description="Engineering laptop",
        serial_number="C02XYZ",
        image="/static/hardware/types/macbook.svg",
        ram="16GB",
        disk_space="512GB",
        display_size='14"',
        processor="M3 Pro",
    )

    response = detail(caller, employee.id)

    assert response.status_code == 200
    assert response.json() == success(
        [
            {
                "id": str(employee.id),
                "createdAt": iso(employee.created_at),
                "updatedAt": iso(employee.updated_at),
                "firstName": employee.first_name,
                "lastName": "Lovelace",
                "email": employee.email,
                "status": "ACTIVE",
                "phone": "+14155552671",
                "governmentDNI": employee.government_dni,
                "cpf": None,
                "address": "1 Main Street",
                "addressExtraInfo": "Suite 5",
                "city": "New York City",
                "postCode": "10001",
                "countryCode": "US",
                "externalReferenceId": "HR-7",
                "lat": 40.71427,
                "lng": -74.00597,
                "companyId": str(company.id),
                "mergedInto": None,
                "companyName": "Acme Brasil",
                "hardwares": [
                    {
                        "id": str(laptop.id),
                        "description": "Engineering laptop",
                        "brand": "APPLE",
                        "serialNumber": "C02XYZ",
                        "name": 'MacBook Pro 14"',
                        "image": "http://testserver/static/hardware/types/macbook.svg",
                        "ram": "16GB",
                        "diskSpace": "512GB",
                        "displaySize": '14"',
                        "processor": "M3 Pro",
                        "movementRequests": [],
                    }
                ],
            }
        ],
    )


def test_detail_leaves_out_the_specs_an_item_does_not_have(caller, company):
    employee = EmployeeFactory(company=company)
    monitor = assign(employee, description=None, ram="8GB")

    [item] = detail(caller, employee.id).json()["envelop"][0]["hardwares"]

    assert item == {
        "id": str(monitor.id),
        "description": None,
        "brand": "DELL",
        "serialNumber": monitor.serial_number,
        "name": "Dell U2723QE",
        "image": "http://testserver/static/hardware/types/monitor.svg",
        "ram": "8GB",
        "movementRequests": [],
    }


def test_detail_shows_each_items_movement_requests_newest_first(caller, company):
    employee = EmployeeFactory(company=company)
    item = assign(employee)
    arrived = MovementRequestFactory(
        company=company, to_employee=employee, hardwares=[item], status="DONE"
    )
    leaving = MovementRequestFactory(
        company=company,
        type="OFFBOARDING",
        send_to="STORAGE",
        from_employee=employee,
        to_employee=None,
        hardwares=[item],
    )

    [shown] = detail(caller, employee.id).json()["envelop"][0]["hardwares"]

    assert shown["movementRequests"] == [
        {"id": str(leaving.id), "status": "PROCESSING"},
        {"id": str(arrived.id), "status": "DONE"},
    ]


def test_detail_lists_only_the_hardware_the_employee_holds(caller, company):
    employee = EmployeeFactory(company=company)
    held = assign(employee)
    HardwareFactory(company=company)  # in storage
    assign(EmployeeFactory(company=company))  # someone else's

    hardwares = detail(caller, employee.id).json()["envelop"][0]["hardwares"]

    assert [item["id"] for item in hardwares] == [str(held.id)]


def test_detail_of_an_employee_without_hardware_has_an_empty_list(caller, company):
    employee = EmployeeFactory(company=company)

    assert detail(caller, employee.id).json()["envelop"][0]["hardwares"] == []


@pytest.mark.parametrize("rows", [1, 50])
def test_detail_uses_a_fixed_number_of_queries(caller, company, rows, django_assert_num_queries):
    employee = EmployeeFactory(company=company)
    for _ in range(rows):
        MovementRequestFactory(company=company, to_employee=employee, hardwares=[assign(employee)])
    detail(caller, employee.id)  # the key is read, and its use written, by this first request

    # company, employee with its company, its hardware, their movement requests (the key,
    # found live by the request before, is trusted for a few seconds)
    with django_assert_num_queries(4):
        response = detail(caller, employee.id)

    assert len(response.json()["envelop"][0]["hardwares"]) == rows


@pytest.mark.parametrize("employee_id", ["not-a-uuid", "123", "0ae85710-e341-4481-8d82"])
def test_detail_with_a_malformed_id_is_400(caller, company, employee_id):
    response = detail(caller, employee_id)

    assert_refused(response, 400, "Invalid employee ID format")


def test_detail_of_an_unknown_employee_is_404(caller, company):
    response = detail(caller, uuid.uuid4())

    assert response.status_code == 404
    assert response.json() == NOT_FOUND


def test_detail_of_another_clients_employee_is_404(caller, other_caller, company):
    theirs = EmployeeFactory(company=CompanyFactory(api_client=other_caller.api_client))

    response = detail(caller, theirs.id)

    assert response.status_code == 404
    assert response.json() == NOT_FOUND


def test_detail_of_an_employee_of_another_company_of_the_client_is_404(caller, company):
    sister = CompanyFactory(api_client=caller.api_client, code="SIS")
    employee = EmployeeFactory(company=sister)

    assert detail(caller, employee.id).json() == NOT_FOUND
    assert detail(caller, employee.id, company_code="SIS").status_code == 200


def test_detail_with_the_company_code_of_another_client_is_400(caller, other_caller, company):
    theirs = CompanyFactory(api_client=other_caller.api_client, code="THR")
    employee = EmployeeFactory(company=theirs)

    response = detail(caller, employee.id, company_code="THR")

    assert_refused(response, 400, "Invalid company code")


def test_detail_without_a_company_code_is_400(caller, company):
    employee = EmployeeFactory(company=company)

    response = caller.get(f"/employees/{employee.id}")

    assert response.json() == error(400, "Missing required filter: companyCode")


def test_detail_without_a_key_is_401(anonymous, company):
    employee = EmployeeFactory(company=company)

    response = anonymous.get(f"/employees/{employee.id}", {"companyCode": "EMP"})

    assert response.status_code == 401
    assert response.json()["message"] == "Unauthorized access"


def test_detail_through_the_gateway_answers_like_the_direct_call(caller, company):
    employee = EmployeeFactory(company=company)
    assign(employee)

    gateway = caller.post(
        "/gateway",
        {
            "verb": "GET",
            "request": f"employees/{employee.id}",
            "vendor": "hlos",
            "filters": {"companyCode": "EMP"},
        },
        format="json",
    )

    assert gateway.status_code == 200
    assert gateway.json() == detail(caller, employee.id).json()
