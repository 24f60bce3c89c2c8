"""POST /movement_requests/offboarding: hardware from an employee to storage (OFFBOARDING) or
to another employee (OFF_ON), and the operator moves that complete them."""

from functools import partial

import pytest

from companies.models import Company
from config.actors import Actor
from employees.models import Employee
from hardware.models import Hardware, Storage
from logistics.api.serializers import MovementRequestSerializer
from logistics.models import MovementRequest
from logistics.services import movement_request_move
from tests.conftest import make_caller
from tests.factories import CatalogItemFactory, CompanyFactory, EmployeeFactory, HardwareFactory
from tests.logistics.shapes import carried, history, movement, person
from tests.support import OMIT, assert_refused, iso, run_together, success, without_omitted

pytestmark = pytest.mark.django_db

OPERATOR = Actor.command("test")

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
NEW_MONITOR = {
    "serialNumber": "SN-NEW-1",
    "dateBought": "2024-01-15T10:30:00Z",
    "hardwareType": "MONITOR",
}


def offboard(caller, **fields):
    """POST with companyCode MOV and handledBy PROVIDER unless given; OMIT leaves a key out."""
    body = {"companyCode": "MOV", "handledBy": "PROVIDER", **fields}
    body = without_omitted(body)
    return caller.post("/movement_requests/offboarding", {"data": body}, format="json")


def on_employee(employee, **fields):
    return HardwareFactory(
        company=employee.company,
        status="EMPLOYEE",
        employee=employee,
        storage=None,
        **{"country_code": employee.country_code, **fields},
    )


def item_state(item):
    item.refresh_from_db()
    return item.status, item.employee_id, item.storage_id, item.in_movement


# --- the three routes --------------------------------------------------------------------------


def test_offboarding_by_provider_is_processing_and_the_item_stays_with_the_employee(
    caller, company
):
    employee = EmployeeFactory(company=company, email="ada@example.com", country_code="US")
    item = on_employee(employee, serial_number="SN-OFF-1")

    response = offboard(
        caller,
        employeeEmail="ADA@example.com",
        hardwares={"hardwareIds": [str(item.id)]},
        factoryReset=True,
        expectedDate="2026-12-01",
    )

    assert response.status_code == 201
    stored = MovementRequest.objects.get()
    us_storage = Storage.objects.get(country_code="US")
    shown = movement(
        stored,
        type="OFFBOARDING",
        status="PROCESSING",
        sendTo="STORAGE",
        handledBy="PROVIDER",
        expectedDate="2026-12-01",
        factoryReset=True,
        apiClientRequesterName=caller.api_client.name,
        companyName="Moving Co",
        fromEmployeeId=str(employee.id),
        fromEmployee=person(employee),
        storage={"id": str(us_storage.id), "countryCode": "US"},
        hardwares=[carried(item)],
        movementRequestStatusHistoric=history(stored, (None, "PROCESSING")),
    )
    assert (response.status_code, response.json()) == (201, success([shown], 201))
    assert set(response.json()["envelop"][0]) == set(MovementRequestSerializer().fields)
    assert item_state(item) == ("EMPLOYEE", employee.id, None, True)

    movement_request_move(movement_request_id=stored.id, to_status="COORDINATED", actor=OPERATOR)
    assert item_state(item) == ("EMPLOYEE", employee.id, None, True)
    movement_request_move(movement_request_id=stored.id, to_status="DONE", actor=OPERATOR)
    assert item_state(item) == ("STORAGE", None, us_storage.id, False)


def test_offboarding_by_company_is_done_at_once_with_the_item_in_storage(caller, company):
    employee = EmployeeFactory(company=company, email="ada@example.com", country_code="DE")
    item = on_employee(employee, serial_number="SN-OFF-2")

    response = offboard(
        caller,
        handledBy="COMPANY",
        employeeEmail="ada@example.com",
        hardwares={"hardwareIds": [str(item.id)]},
    )

    assert response.status_code == 201
    stored = MovementRequest.objects.get()
    assert stored.date_completed is not None
    eu_storage = Storage.objects.get(country_code="EU")
    shown = movement(
        stored,
        type="OFFBOARDING",
        status="DONE",
        sendTo="STORAGE",
        handledBy="COMPANY",
        factoryReset=False,
        dateCompleted=iso(stored.date_completed),
        apiClientRequesterName=caller.api_client.name,
        companyName="Moving Co",
        fromEmployeeId=str(employee.id),
        fromEmployee=person(employee),
        storage={"id": str(eu_storage.id), "countryCode": "EU"},
        hardwares=[carried(item)],
        # The request never was PROCESSING: its one step is from nothing to DONE.
        movementRequestStatusHistoric=history(stored, (None, "DONE")),
    )
    assert (response.status_code, response.json()) == (201, success([shown], 201))
    assert item_state(item) == ("STORAGE", None, eu_storage.id, False)


def test_off_on_moves_hardware_to_another_employee(caller, company):
    source = EmployeeFactory(company=company, email="ada@example.com", country_code="DE")
    destination = EmployeeFactory(company=company, email="bo@example.com", country_code="FR")
    item = on_employee(source, serial_number="SN-OFFON-1")

    response = offboard(
        caller,
        employeeEmail="ada@example.com",
        toEmployeeEmail="BO@example.com",
        hardwares={"hardwareIds": [str(item.id)]},
        factoryReset=True,
    )

    assert response.status_code == 201
    stored = MovementRequest.objects.get()
    shown = movement(
        stored,
        type="OFF_ON",
        status="PROCESSING",
        sendTo="EMPLOYEE",
        handledBy="PROVIDER",
        # factoryReset is ignored for OFF_ON (interface), so not stored either: null.
        apiClientRequesterName=caller.api_client.name,
        companyName="Moving Co",
        toEmployeeId=str(destination.id),
        fromEmployeeId=str(source.id),
        toEmployee=person(destination),
        fromEmployee=person(source),
        hardwares=[carried(item)],
        movementRequestStatusHistoric=history(stored, (None, "PROCESSING")),
    )
    assert (response.status_code, response.json()) == (201, success([shown], 201))
    assert item_state(item) == ("EMPLOYEE", source.id, None, True)

    movement_request_move(movement_request_id=stored.id, to_status="DONE", actor=OPERATOR)
    assert item_state(item) == ("EMPLOYEE", destination.id, None, False)
    stored.refresh_from_db()
    assert stored.date_completed is not None


def test_off_on_handled_by_company_lands_on_the_destination_at_once(caller, company):
    source = EmployeeFactory(company=company, email="ada@example.com")
    destination = EmployeeFactory(company=company, email="bo@example.com")
    item = on_employee(source)

    response = offboard(
        caller,
        handledBy="COMPANY",
        employeeEmail="ada@example.com",
        toEmployeeEmail="bo@example.com",
        hardwares={"hardwareIds": [str(item.id)]},
    )

    assert response.status_code == 201
    answered = response.json()["envelop"][0]
    assert (answered["type"], answered["status"], answered["storage"]) == ("OFF_ON", "DONE", None)
    assert answered["dateCompleted"] is not None
    assert [step["statusTo"] for step in answered["movementRequestStatusHistoric"]] == ["DONE"]
    assert item_state(item) == ("EMPLOYEE", destination.id, None, False)


@pytest.mark.parametrize(
    ("employee_country", "storage_country"),
    [("US", "US"), ("DE", "EU"), ("FR", "EU"), ("BR", "BR")],
)
def test_a_return_goes_to_the_warehouse_of_the_employees_country(
    caller, company, employee_country, storage_country
):
    employee = EmployeeFactory(
        company=company, email="x@example.com", country_code=employee_country
    )
    item = on_employee(employee)

    response = offboard(
        caller,
        handledBy="COMPANY",
        employeeEmail="x@example.com",
        hardwares={"hardwareIds": [str(item.id)]},
    )

    assert response.status_code == 201
    storage = Storage.objects.get(country_code=storage_country)
    assert response.json()["envelop"][0]["storage"] == {
        "id": str(storage.id),
        "countryCode": storage_country,
    }
    assert item_state(item) == ("STORAGE", None, storage.id, False)


def test_a_done_request_cannot_move_again(caller, company):
    employee = EmployeeFactory(company=company, email="x@example.com")
    item = on_employee(employee)
    offboard(
        caller,
        handledBy="COMPANY",
        employeeEmail="x@example.com",
        hardwares={"hardwareIds": [str(item.id)]},
    )

    with pytest.raises(Exception, match="cannot move from DONE to COORDINATED"):
        movement_request_move(
            movement_request_id=MovementRequest.objects.get().id,
            to_status="COORDINATED",
            actor=OPERATOR,
        )


# --- which items -------------------------------------------------------------------------------


def test_an_empty_hardware_ids_list_alone_takes_all_the_employees_hardware(caller, company):
    employee = EmployeeFactory(company=company, email="x@example.com")
    mine = [on_employee(employee) for _ in range(3)]
    someone_elses = HardwareFactory(company=company, on_employee=True)
    in_storage = HardwareFactory(company=company)

    response = offboard(caller, employeeEmail="x@example.com", hardwares={"hardwareIds": []})

    assert response.status_code == 201
    carried_ids = {item["id"] for item in response.json()["envelop"][0]["hardwares"]}
    assert carried_ids == {str(item.id) for item in mine}
    for item in mine:
        assert item_state(item)[3] is True
    assert item_state(someone_elses)[3] is False
    assert item_state(in_storage)[3] is False


def test_all_the_hardware_of_an_employee_with_none_is_refused(caller, company):
    EmployeeFactory(company=company, email="x@example.com")

    response = offboard(caller, employeeEmail="x@example.com", hardwares={"hardwareIds": []})

    assert_refused(
        response,
        400,
        "Invalid request data",
        [
            {
                "field": "hardwares.hardwareIds",
                "message": "Employee x@example.com has no hardware assigned, so hardwareIds: [] "
                "(all their hardware) takes nothing",
            }
        ],
    )


def test_all_the_hardware_is_refused_when_one_item_is_already_moving(caller, company):
    employee = EmployeeFactory(company=company, email="x@example.com")
    ready = on_employee(employee)
    moving = on_employee(employee, in_movement=True)

    response = offboard(caller, employeeEmail="x@example.com", hardwares={"hardwareIds": []})

    assert response.status_code == 400
    assert response.json()["details"] == [
        {
            "field": f"hardwares.hardwareIds[{sorted([ready.id, moving.id]).index(moving.id)}]",
            "message": f"Hardware {moving.id} is already in a movement request",
        }
    ]
    assert not MovementRequest.objects.exists()
    assert item_state(ready)[3] is False


def test_omitting_hardware_ids_does_not_take_all_the_hardware(caller, company):
    employee = EmployeeFactory(company=company, email="x@example.com")
    kept = on_employee(employee)

    response = offboard(
        caller, employeeEmail="x@example.com", hardwares={"newHardwares": [NEW_MONITOR]}
    )

    assert response.status_code == 201
    [item] = response.json()["envelop"][0]["hardwares"]
    assert item["serialNumber"] == "SN-NEW-1"
    assert item_state(kept)[3] is False


def test_empty_hardware_ids_with_new_hardwares_carries_only_the_new_ones(caller, company):
    employee = EmployeeFactory(company=company, email="x@example.com")
    kept = on_employee(employee)

    response = offboard(
        caller,
        employeeEmail="x@example.com",
        hardwares={"hardwareIds": [], "newHardwares": [NEW_MONITOR]},
    )

    assert response.status_code == 201
    assert [item["serialNumber"] for item in response.json()["envelop"][0]["hardwares"]] == [
        "SN-NEW-1"
    ]
    assert item_state(kept)[3] is False


NO_ITEMS = (
    "Name the items to move: hardwareIds or newHardwares with at least one item, "
    "or hardwareIds: [] alone for all the employee's hardware"
)


@pytest.mark.parametrize(
    "hardwares",
    [{}, {"newHardwares": []}, {"hardwareIds": [], "newHardwares": []}, {"hardwareIds": None}],
)
def test_a_request_naming_no_items_is_refused(caller, company, hardwares):
    employee = EmployeeFactory(company=company, email="x@example.com")
    on_employee(employee)

    response = offboard(caller, employeeEmail="x@example.com", hardwares=hardwares)

    assert_refused(
        response, 400, "Invalid request data", [{"field": "hardwares", "message": NO_ITEMS}]
    )


def test_a_null_item_of_new_hardwares_is_refused_and_nothing_is_written(caller, company):
    EmployeeFactory(company=company, email="x@example.com")

    response = offboard(
        caller, employeeEmail="x@example.com", hardwares={"newHardwares": [NEW_MONITOR, None]}
    )

    message = "Each item of newHardwares must be an object"
    assert_refused(
        response,
        400,
        "Invalid request data",
        [{"field": "hardwares.newHardwares", "message": message}],
    )
    assert not company.movement_requests.exists()


def test_items_not_on_the_employee_moving_or_of_another_company_are_refused(
    caller, company, other_caller
):
    employee = EmployeeFactory(company=company, email="x@example.com")
    ready = on_employee(employee)
    on_someone_else = HardwareFactory(company=company, on_employee=True)
    in_storage = HardwareFactory(company=company)
    moving = on_employee(employee, in_movement=True)
    foreign = HardwareFactory(
        company=CompanyFactory(api_client=other_caller.api_client), on_employee=True
    )
    ids = [str(item.id) for item in (ready, on_someone_else, in_storage, moving, foreign)]

    response = offboard(caller, employeeEmail="x@example.com", hardwares={"hardwareIds": ids})

    assert_refused(
        response,
        400,
        "Invalid request data",
        [{"field": "hardwares.hardwareIds[4]", "message": f"Hardware {foreign.id} not found"}],
    )
    response = offboard(caller, employeeEmail="x@example.com", hardwares={"hardwareIds": ids[:4]})
    not_assigned = "is not assigned to employee x@example.com"
    assert_refused(
        response,
        400,
        "Invalid request data",
        [
            {
                "field": "hardwares.hardwareIds[1]",
                "message": f"Hardware {on_someone_else.id} {not_assigned}",
            },
            {
                "field": "hardwares.hardwareIds[2]",
                "message": f"Hardware {in_storage.id} {not_assigned}",
            },
            {
                "field": "hardwares.hardwareIds[3]",
                "message": f"Hardware {moving.id} is already in a movement request",
            },
        ],
    )
    assert not MovementRequest.objects.exists()
    assert item_state(ready) == ("EMPLOYEE", employee.id, None, False)


# --- newHardwares ------------------------------------------------------------------------------


def test_new_hardwares_are_created_on_the_employee_then_carried(caller, company):
    employee = EmployeeFactory(company=company, email="x@example.com", country_code="BR")
    model = CatalogItemFactory(country_code="BR", name="Latitude 7440")
    existing = on_employee(employee)

    response = offboard(
        caller,
        employeeEmail="x@example.com",
        hardwares={
            "hardwareIds": [str(existing.id)],
            "newHardwares": [
                {
                    **NEW_MONITOR,
                    "description": "27 inch",
                    "newHardware": False,
                    "externalReference": "REF-1",
                },
                {
                    "serialNumber": "SN-NEW-2",
                    "dateBought": "2023-05-02T08:00:00-03:00",
                    "commonModelId": str(model.id),
                },
            ],
        },
    )

    assert response.status_code == 201
    monitor = Hardware.objects.get(serial_number="SN-NEW-1")
    laptop = Hardware.objects.get(serial_number="SN-NEW-2")
    for item in (monitor, laptop):
        assert (item.status, item.employee_id, item.storage_id) == ("EMPLOYEE", employee.id, None)
        assert (item.country_code, item.created_through, item.in_movement) == (
            "BR",
            "MOVEMENT",
            True,
        )
    assert (monitor.description, monitor.new_hardware, monitor.external_reference) == (
        "27 inch",
        False,
        "REF-1",
    )
    assert monitor.date_bought.isoformat() == "2024-01-15T10:30:00+00:00"
    assert (laptop.name, laptop.common_model_id, laptop.ram) == ("Latitude 7440", model.id, "16GB")
    carried_ids = [item["id"] for item in response.json()["envelop"][0]["hardwares"]]
    assert sorted(carried_ids) == sorted(str(item.id) for item in (existing, monitor, laptop))

    movement_request_move(
        movement_request_id=MovementRequest.objects.get().id, to_status="DONE", actor=OPERATOR
    )
    br_storage = Storage.objects.get(country_code="BR")
    for item in (existing, monitor, laptop):
        assert item_state(item) == ("STORAGE", None, br_storage.id, False)


DATE_ONLY = (
    "dateBought must be an ISO-8601 date-time with a time part (2024-01-15T10:30:00Z), "
    "not a date alone"
)


@pytest.mark.parametrize(
    ("date_bought", "message"),
    [
        ("2024-01-15", DATE_ONLY),
        ("20240115", DATE_ONLY),
        (OMIT, "dateBought should not be empty"),
        (None, "dateBought should not be empty"),
        (
            "2024-13-45T10:00:00Z",
            "Datetime has wrong format. Use one of these formats instead: "
            "YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].",
        ),
    ],
)
def test_date_bought_must_be_a_date_time_with_its_time(caller, company, date_bought, message):
    EmployeeFactory(company=company, email="x@example.com")
    item = {**NEW_MONITOR, "dateBought": date_bought}
    item = without_omitted(item)

    response = offboard(caller, employeeEmail="x@example.com", hardwares={"newHardwares": [item]})

    assert_refused(
        response,
        400,
        "Invalid request data",
        [{"field": "hardwares.newHardwares[0].dateBought", "message": message}],
    )


def test_fields_set_by_the_movement_are_refused_inside_new_hardwares(caller, company):
    employee = EmployeeFactory(company=company, email="x@example.com")
    item = {
        **NEW_MONITOR,
        "countryCode": "US",
        "companyCode": "MOV",
        "employeeProfileId": str(employee.id),
    }

    response = offboard(
        caller, employeeEmail="x@example.com", hardwares={"newHardwares": [NEW_MONITOR, item]}
    )

    assert_refused(
        response,
        400,
        "Invalid request data",
        [
            {
                "field": "hardwares.newHardwares[1].countryCode",
                "message": "countryCode is set from the movement (the source employee's "
                "country); do not send it in newHardwares",
            },
            {
                "field": "hardwares.newHardwares[1].companyCode",
                "message": "companyCode is set from the movement; do not send it in newHardwares",
            },
            {
                "field": "hardwares.newHardwares[1].employeeProfileId",
                "message": "employeeProfileId is set from the movement (the source employee); "
                "do not send it in newHardwares",
            },
        ],
    )
    assert not Hardware.objects.exists()


@pytest.mark.parametrize(
    ("item", "field", "message"),
    [
        (
            {"serialNumber": "SN-X", "dateBought": "2024-01-15T10:30:00Z"},
            "hardwares.newHardwares[1].hardwareType",
            "Send exactly one of hardwareType and commonModelId",
        ),
        (
            {**NEW_MONITOR, "serialNumber": "SN-X", "commonModelId": "MODEL"},
            "hardwares.newHardwares[1].hardwareType",
            "Send exactly one of hardwareType and commonModelId",
        ),
        (
            {**NEW_MONITOR, "serialNumber": "SN-NEW-1"},
            "hardwares.newHardwares[1].serialNumber",
            "serialNumber already exists in this company",
        ),
        (
            {"dateBought": "2024-01-15T10:30:00Z", "hardwareType": "MONITOR"},
            "hardwares.newHardwares[1].serialNumber",
            "serialNumber should not be empty",
        ),
        (
            {**NEW_MONITOR, "serialNumber": "SN-X", "hardwareType": "TOASTER"},
            "hardwares.newHardwares[1].hardwareType",
            '"TOASTER" is not a valid choice; expected one of: HEADPHONES, MACBOOK, CHAIR, '
            "MOUSE, TRACKPAD, PC, MONITOR, ACCESSORY, PHONE, KEYBOARD, IPHONE, WEBCAM",
        ),
    ],
)
def test_new_hardwares_are_refused_by_the_item_they_come_from(
    caller, company, item, field, message
):
    EmployeeFactory(company=company, email="x@example.com")
    if item.get("commonModelId") == "MODEL":
        item = {**item, "commonModelId": str(CatalogItemFactory().id)}

    response = offboard(
        caller, employeeEmail="x@example.com", hardwares={"newHardwares": [NEW_MONITOR, item]}
    )

    assert_refused(response, 400, "Invalid request data", [{"field": field, "message": message}])
    assert not Hardware.objects.exists()
    assert not MovementRequest.objects.exists()


def test_a_new_hardware_of_an_unknown_catalog_model_is_404(caller, company):
    EmployeeFactory(company=company, email="x@example.com")
    item = {
        "serialNumber": "SN-X",
        "dateBought": "2024-01-15T10:30:00Z",
        "commonModelId": "00000000-0000-4000-8000-000000000000",
    }

    response = offboard(caller, employeeEmail="x@example.com", hardwares={"newHardwares": [item]})

    assert_refused(response, 404, "Common model not found")


# --- the employees -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({}, "Employee email is required"),
        (
            {"employeeEmail": "x@example.com", "employee": INLINE_EMPLOYEE},
            "Send exactly one of employeeEmail and employee",
        ),
    ],
)
def test_exactly_one_of_employee_email_and_employee(caller, company, fields, message):
    response = offboard(caller, hardwares={"hardwareIds": []}, **fields)

    assert_refused(
        response, 400, "Invalid request data", [{"field": "employeeEmail", "message": message}]
    )


def test_an_unknown_source_employee_is_404(caller, company):
    response = offboard(caller, employeeEmail="nobody@example.com", hardwares={"hardwareIds": []})

    assert_refused(response, 404, "Employee not found")


def test_an_inline_employee_is_created_and_returns_new_hardwares(caller, company):
    response = offboard(caller, employee=INLINE_EMPLOYEE, hardwares={"newHardwares": [NEW_MONITOR]})

    assert response.status_code == 201
    employee = Employee.objects.get(company=company, email="bo@example.com")
    assert employee.city == "New York City"
    assert response.json()["envelop"][0]["fromEmployee"] == person(employee)
    assert Hardware.objects.get().employee_id == employee.id


def test_an_inline_employee_with_a_known_email_updates_that_employee(caller, company):
    existing = EmployeeFactory(company=company, email="bo@example.com", last_name="Old")
    item = on_employee(existing)

    response = offboard(caller, employee=INLINE_EMPLOYEE, hardwares={"hardwareIds": [str(item.id)]})

    assert response.status_code == 201
    existing.refresh_from_db()
    assert existing.last_name == "New"
    assert Employee.objects.filter(company=company).count() == 1


# --- the company -------------------------------------------------------------------------------


def test_an_inline_company_is_created_for_the_caller(caller):
    response = offboard(
        caller,
        companyCode=OMIT,
        company={"name": "Fresh Co", "companyCode": "fre", "countryCode": "br", "abmCode": "A1"},
        employee=INLINE_EMPLOYEE,
        hardwares={"newHardwares": [NEW_MONITOR]},
    )

    assert response.status_code == 201
    company = Company.objects.get(code="FRE")
    assert (company.api_client, company.name, company.country_code, company.abm_code) == (
        caller.api_client,
        "Fresh Co",
        "BR",
        "A1",
    )
    assert response.json()["envelop"][0]["companyName"] == "Fresh Co"
    assert MovementRequest.objects.get().company == company
    assert Employee.objects.get().company == company


def test_an_inline_company_with_the_code_of_a_company_of_the_caller_updates_it(caller, company):
    company.abm_code, company.country_code = "OLD", "US"
    company.save()
    employee = EmployeeFactory(company=company, email="x@example.com")
    item = on_employee(employee)

    response = offboard(
        caller,
        companyCode=OMIT,
        company={"name": "Renamed Co", "companyCode": "mov", "countryCode": "BR", "abmCode": "NEW"},
        employeeEmail="x@example.com",
        hardwares={"hardwareIds": [str(item.id)]},
    )

    assert response.status_code == 201
    company.refresh_from_db()
    # Name and ABM code follow the request; the country stays, as PATCH /companies keeps it.
    assert (company.name, company.abm_code, company.country_code) == ("Renamed Co", "NEW", "US")
    assert Company.objects.count() == 1
    assert response.json()["envelop"][0]["companyName"] == "Renamed Co"


def test_an_inline_company_without_an_abm_code_keeps_the_stored_one(caller, company):
    company.abm_code = "KEEP"
    company.save()
    employee = EmployeeFactory(company=company, email="x@example.com")
    item = on_employee(employee)

    response = offboard(
        caller,
        companyCode=OMIT,
        company={"name": "Moving Co", "companyCode": "MOV"},
        employeeEmail="x@example.com",
        hardwares={"hardwareIds": [str(item.id)]},
    )

    assert response.status_code == 201
    company.refresh_from_db()
    assert company.abm_code == "KEEP"


def test_an_inline_company_of_another_client_is_refused_like_an_unknown_code(caller, other_caller):
    theirs = CompanyFactory(api_client=other_caller.api_client, code="THR", name="Theirs")

    response = offboard(
        caller,
        companyCode=OMIT,
        company={"name": "Mine now", "companyCode": "thr"},
        employee=INLINE_EMPLOYEE,
        hardwares={"newHardwares": [NEW_MONITOR]},
    )

    assert_refused(response, 400, "Invalid company code")
    theirs.refresh_from_db()
    assert theirs.name == "Theirs"
    assert not Employee.objects.exists()
    assert not Hardware.objects.exists()


@pytest.mark.parametrize(
    ("fields", "status_code", "message", "details"),
    [
        ({"companyCode": OMIT}, 400, "Missing required field: companyCode", None),
        ({"companyCode": "ZZZ"}, 400, "Invalid company code", None),
        (
            {"company": {"name": "X", "companyCode": "XXX"}},
            400,
            "Invalid request data",
            [{"field": "companyCode", "message": "Send exactly one of companyCode and company"}],
        ),
        (
            {"companyCode": OMIT, "company": {"companyCode": "ABCD"}},
            400,
            "Invalid request data",
            [
                {"field": "company.name", "message": "name should not be empty"},
                {
                    "field": "company.companyCode",
                    "message": "companyCode must be exactly 3 letters or digits",
                },
            ],
        ),
    ],
)
def test_the_company_is_a_managed_code_or_one_inline_object(
    caller, company, fields, status_code, message, details
):
    EmployeeFactory(company=company, email="x@example.com")

    response = offboard(
        caller, employeeEmail="x@example.com", hardwares={"hardwareIds": []}, **fields
    )

    assert_refused(response, status_code, message, details)


def test_another_clients_company_code_is_an_invalid_company_code(caller, other_caller):
    theirs = CompanyFactory(api_client=other_caller.api_client, code="THR")
    employee = EmployeeFactory(company=theirs, email="x@example.com")
    item = on_employee(employee)

    response = offboard(
        caller,
        companyCode="THR",
        employeeEmail="x@example.com",
        hardwares={"hardwareIds": [str(item.id)]},
    )

    assert_refused(response, 400, "Invalid company code")
    assert item_state(item)[3] is False


def test_another_clients_employee_is_not_found(caller, company, other_caller):
    theirs = CompanyFactory(api_client=other_caller.api_client)
    EmployeeFactory(company=theirs, email="x@example.com")

    response = offboard(caller, employeeEmail="x@example.com", hardwares={"hardwareIds": []})

    assert_refused(response, 404, "Employee not found")


# --- the rest of the body ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"handledBy": OMIT}, "handledBy", "handledBy should not be empty"),
        (
            {"handledBy": "ME"},
            "handledBy",
            '"ME" is not a valid choice; expected one of: PROVIDER, COMPANY',
        ),
        ({"hardwares": OMIT}, "hardwares", "hardwares should not be empty"),
        ({"expectedDate": "01/12/2026"}, "expectedDate", OMIT),
    ],
)
def test_malformed_bodies_are_refused_with_details(caller, company, fields, field, message):
    EmployeeFactory(company=company, email="x@example.com")
    body = {"employeeEmail": "x@example.com", "hardwares": {"hardwareIds": []}, **fields}

    response = offboard(caller, **body)

    assert response.status_code == 400
    [detail] = response.json()["details"]
    assert detail["field"] == field
    if message is not OMIT:
        assert detail["message"] == message


def test_offboarding_without_factory_reset_stores_false(caller, company):
    employee = EmployeeFactory(company=company, email="x@example.com")
    on_employee(employee)

    response = offboard(caller, employeeEmail="x@example.com", hardwares={"hardwareIds": []})

    assert response.json()["envelop"][0]["factoryReset"] is False


# --- OFF_ON rules ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("source_country", "destination_country", "allowed"),
    [
        ("US", "US", True),
        ("DE", "FR", True),
        ("FR", "DE", True),
        ("DE", "US", False),
        ("US", "DE", False),
        ("BR", "MX", False),
    ],
)
def test_off_on_countries_must_be_equal_or_both_european(
    caller, company, source_country, destination_country, allowed
):
    source = EmployeeFactory(company=company, email="a@example.com", country_code=source_country)
    EmployeeFactory(company=company, email="b@example.com", country_code=destination_country)
    item = on_employee(source)

    response = offboard(
        caller,
        employeeEmail="a@example.com",
        toEmployeeEmail="b@example.com",
        hardwares={"hardwareIds": [str(item.id)]},
    )

    if allowed:
        assert response.status_code == 201
    else:
        assert_refused(
            response,
            400,
            "Invalid request data",
            [
                {
                    "field": "toEmployeeEmail",
                    "message": f"Employee a@example.com is in {source_country}, which cannot "
                    f"send hardware to {destination_country}",
                }
            ],
        )
        assert item_state(item)[3] is False


def test_off_on_refuses_an_item_whose_country_cannot_reach_the_destination(caller, company):
    source = EmployeeFactory(company=company, email="a@example.com", country_code="DE")
    EmployeeFactory(company=company, email="b@example.com", country_code="FR")
    item = on_employee(source, country_code="US")

    response = offboard(
        caller,
        employeeEmail="a@example.com",
        toEmployeeEmail="b@example.com",
        hardwares={"hardwareIds": [str(item.id)]},
    )

    assert_refused(
        response,
        400,
        "Invalid request data",
        [
            {
                "field": "hardwares.hardwareIds[0]",
                "message": f"Hardware {item.id} is in US, which cannot move to FR",
            }
        ],
    )


def test_off_on_to_an_unknown_employee_is_404(caller, company):
    source = EmployeeFactory(company=company, email="a@example.com")
    item = on_employee(source)

    response = offboard(
        caller,
        employeeEmail="a@example.com",
        toEmployeeEmail="nobody@example.com",
        hardwares={"hardwareIds": [str(item.id)]},
    )

    assert_refused(response, 404, "Employee not found")
    assert item_state(item)[3] is False


def test_off_on_to_another_clients_employee_is_404(caller, company, other_caller):
    source = EmployeeFactory(company=company, email="a@example.com")
    EmployeeFactory(
        company=CompanyFactory(api_client=other_caller.api_client), email="b@example.com"
    )
    item = on_employee(source)

    response = offboard(
        caller,
        employeeEmail="a@example.com",
        toEmployeeEmail="b@example.com",
        hardwares={"hardwareIds": [str(item.id)]},
    )

    assert_refused(response, 404, "Employee not found")


def test_off_on_from_an_inline_employee_nobody_knows_is_404_and_creates_nobody(caller, company):
    EmployeeFactory(company=company, email="b@example.com")

    response = offboard(
        caller,
        employee=INLINE_EMPLOYEE,
        toEmployeeEmail="b@example.com",
        hardwares={"hardwareIds": []},
    )

    assert_refused(response, 404, "Employee not found")
    assert not Employee.objects.filter(email="bo@example.com").exists()


def test_off_on_from_an_inline_known_employee_updates_and_moves(caller, company):
    source = EmployeeFactory(company=company, email="bo@example.com", last_name="Old")
    destination = EmployeeFactory(company=company, email="b@example.com")
    item = on_employee(source)

    response = offboard(
        caller,
        employee=INLINE_EMPLOYEE,
        toEmployeeEmail="b@example.com",
        hardwares={"hardwareIds": []},
    )

    assert response.status_code == 201
    source.refresh_from_db()
    assert source.last_name == "New"
    assert response.json()["envelop"][0]["toEmployeeId"] == str(destination.id)
    assert item_state(item) == ("EMPLOYEE", source.id, None, True)


def test_off_on_takes_all_the_source_employees_hardware_on_an_empty_list(caller, company):
    source = EmployeeFactory(company=company, email="a@example.com")
    EmployeeFactory(company=company, email="b@example.com")
    items = [on_employee(source) for _ in range(2)]

    response = offboard(
        caller,
        employeeEmail="a@example.com",
        toEmployeeEmail="b@example.com",
        hardwares={"hardwareIds": []},
    )

    assert response.status_code == 201
    assert {item["id"] for item in response.json()["envelop"][0]["hardwares"]} == {
        str(item.id) for item in items
    }


def test_off_on_refuses_new_hardwares(caller, company):
    source = EmployeeFactory(company=company, email="a@example.com")
    EmployeeFactory(company=company, email="b@example.com")
    item = on_employee(source)

    response = offboard(
        caller,
        employeeEmail="a@example.com",
        toEmployeeEmail="b@example.com",
        hardwares={"hardwareIds": [str(item.id)], "newHardwares": [NEW_MONITOR]},
    )

    assert_refused(
        response,
        400,
        "Invalid request data",
        [
            {
                "field": "hardwares.newHardwares",
                "message": "newHardwares applies to a return to storage only, not to an OFF_ON "
                "(toEmployeeEmail)",
            }
        ],
    )
    assert not Hardware.objects.filter(serial_number="SN-NEW-1").exists()


def test_off_on_to_the_source_employee_is_refused(caller, company):
    source = EmployeeFactory(company=company, email="a@example.com")
    item = on_employee(source)

    response = offboard(
        caller,
        employeeEmail="a@example.com",
        toEmployeeEmail="A@example.com",
        hardwares={"hardwareIds": [str(item.id)]},
    )

    assert_refused(
        response,
        400,
        "Invalid request data",
        [
            {
                "field": "toEmployeeEmail",
                "message": "toEmployeeEmail must name another employee than the source employee",
            }
        ],
    )


def test_off_on_refuses_items_not_on_the_source_employee(caller, company):
    source = EmployeeFactory(company=company, email="a@example.com")
    destination = EmployeeFactory(company=company, email="b@example.com")
    theirs = on_employee(destination)

    response = offboard(
        caller,
        employeeEmail="a@example.com",
        toEmployeeEmail="b@example.com",
        hardwares={"hardwareIds": [str(theirs.id)]},
    )

    assert response.json()["details"] == [
        {
            "field": "hardwares.hardwareIds[0]",
            "message": f"Hardware {theirs.id} is not assigned to employee {source.email}",
        }
    ]


# --- one transaction ---------------------------------------------------------------------------


def test_a_refusal_after_the_inline_company_employee_and_new_items_leaves_none_of_them(caller):
    response = offboard(
        caller,
        companyCode=OMIT,
        company={"name": "Fresh Co", "companyCode": "FRE"},
        employee=INLINE_EMPLOYEE,
        hardwares={"newHardwares": [NEW_MONITOR, {**NEW_MONITOR, "hardwareType": "MOUSE"}]},
    )

    assert response.status_code == 400
    assert response.json()["details"][0]["field"] == "hardwares.newHardwares[1].serialNumber"
    assert not Company.objects.filter(code="FRE").exists()
    assert not Employee.objects.exists()
    assert not Hardware.objects.exists()
    assert not MovementRequest.objects.exists()


def test_a_refused_item_undoes_the_company_and_employee_updates(caller, company):
    employee = EmployeeFactory(company=company, email="bo@example.com", last_name="Old")
    moving = on_employee(employee, in_movement=True)

    response = offboard(
        caller,
        companyCode=OMIT,
        company={"name": "Renamed Co", "companyCode": "MOV"},
        employee=INLINE_EMPLOYEE,
        hardwares={"hardwareIds": [str(moving.id)], "newHardwares": [NEW_MONITOR]},
    )

    assert response.status_code == 400
    company.refresh_from_db()
    employee.refresh_from_db()
    assert (company.name, employee.last_name) == ("Moving Co", "Old")
    assert list(Hardware.objects.all()) == [moving]
    assert not MovementRequest.objects.exists()


# --- concurrency -------------------------------------------------------------------------------


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_ten_offboardings_of_one_item_at_once_give_exactly_one_request():
    caller = make_caller()
    company = CompanyFactory(api_client=caller.api_client, code="MOV")
    employee = EmployeeFactory(company=company, email="x@example.com")
    item = on_employee(employee)

    def request():
        return offboard(
            caller, employeeEmail="x@example.com", hardwares={"hardwareIds": [str(item.id)]}
        )

    responses = run_together(*[request] * 10)

    assert sorted(response.status_code for response in responses) == [201] + [400] * 9
    assert MovementRequest.objects.count() == 1
    assert item_state(item) == ("EMPLOYEE", employee.id, None, True)


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_concurrent_inline_companies_with_one_new_code_make_one_company_and_all_succeed():
    caller = make_caller()

    def request(index):
        return offboard(
            caller,
            companyCode=OMIT,
            company={"name": f"Race Co {index}", "companyCode": "RAC"},
            employee={**INLINE_EMPLOYEE, "email": f"racer{index}@example.com"},
            hardwares={"newHardwares": [{**NEW_MONITOR, "serialNumber": f"SN-RACE-{index}"}]},
        )

    responses = run_together(*(partial(request, index) for index in range(5)))

    assert [response.status_code for response in responses] == [201] * 5
    company = Company.objects.get(code="RAC")
    assert company.api_client == caller.api_client
    assert MovementRequest.objects.filter(company=company).count() == 5


def test_a_return_for_a_factory_reset_marks_the_items_reset_when_they_land(caller, company):
    factory_reset = True
    employee = EmployeeFactory(company=company, email="ada@example.com")
    item = on_employee(employee)

    offboard(
        caller,
        handledBy="PROVIDER",
        employeeEmail="ada@example.com",
        factoryReset=factory_reset,
        hardwares={"hardwareIds": [str(item.id)]},
    )
    item.refresh_from_db()
    assert item.factory_reset is False  # not yet: the reset happens in the warehouse

    movement_request_move(
        movement_request_id=MovementRequest.objects.get().id, to_status="DONE", actor=OPERATOR
    )

    item.refresh_from_db()
    assert item.factory_reset is factory_reset
