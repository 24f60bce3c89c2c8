"""POST /movement_requests/offboarding: hardware from an employee to storage (OFFBOARDING) or
to another employee (OFF_ON), and the operator moves that complete them."""

from functools import partial

import pytest

from companies.models import Company
from config.kernel.actors import Actor
from config.kernel.errors import ServiceError
from employees.models import Employee
from hardware.models import Hardware, Storage
from logistics.answers import MovementRequestSerializer
from logistics.models import MovementRequest
from logistics.services import movement_request_move
from tests.conftest import make_caller
from tests.factories import CatalogItemFactory, CompanyFactory, EmployeeFactory, HardwareFactory
from tests.logistics.shapes import carried, history, movement, person
from tests.support import OMIT, assert_refused, iso, run_together, success, without_omitted

pytestmark = pytest.mark.django_db

OPERATOR = Actor.command("test")

ALL = {"hardwareIds": []}
"""`hardwareIds: []` alone: all the source employee's hardware."""
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
CATALOG_MODEL_ID = "3f6b2d1c-5a4e-4f8b-9c7d-2e1f0a9b8c7d"
"""The id of the catalog model made by the tests that name one in a table."""
NO_ITEMS = (
    "Name the items to move: hardwareIds or newHardwares with at least one item, "
    "or hardwareIds: [] alone for all the employee's hardware"
)
DATE_ONLY = (
    "dateBought must be an ISO-8601 date-time with a time part (2024-01-15T10:30:00Z), "
    "not a date alone"
)
ONE_OF_MODEL = "Send exactly one of hardwareType and commonModelId"


def offboard(caller, **fields):
    """POST with companyCode MOV and handledBy PROVIDER unless given; OMIT leaves a key out."""
    body = {"companyCode": "MOV", "handledBy": "PROVIDER", **fields}
    body = without_omitted(body)
    return caller.post("/movement_requests/offboarding", {"data": body}, format="json")


def off_on(caller, **fields):
    """POST an OFF_ON from a@example.com to b@example.com unless told otherwise."""
    return offboard(
        caller, **{"employeeEmail": "a@example.com", "toEmployeeEmail": "b@example.com", **fields}
    )


def hardware_ids(*items) -> dict:
    """`hardwares` naming these items."""
    return {"hardwareIds": [str(item.id) for item in items]}


def invalid(response, *details):
    """The response is a validation refusal with exactly these (field, message) details."""
    assert_refused(
        response,
        400,
        "Invalid request data",
        [{"field": field, "message": message} for field, message in details],
    )


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


def in_movement(item) -> bool:
    return item_state(item)[3]


def move(stored: MovementRequest, to_status: str) -> None:
    """The operator moves the request."""
    movement_request_move(movement_request_id=stored.id, to_status=to_status, actor=OPERATOR)


@pytest.fixture
def employee(company):
    """The source employee of most requests: x@example.com, in the US."""
    return EmployeeFactory(company=company, email="x@example.com")


@pytest.fixture
def source(company):
    """The source employee of an OFF_ON: a@example.com, in the US."""
    return EmployeeFactory(company=company, email="a@example.com")


@pytest.fixture
def destination(company):
    """The destination employee of an OFF_ON: b@example.com, in the US."""
    return EmployeeFactory(company=company, email="b@example.com")


# --- the three routes --------------------------------------------------------------------------


def test_offboarding_by_provider_is_processing_and_the_item_stays_with_the_employee(
    caller, company
):
    employee = EmployeeFactory(company=company, email="ada@example.com", country_code="US")
    item = on_employee(employee, serial_number="SN-OFF-1")

    response = offboard(
        caller,
        employeeEmail="ADA@example.com",
        hardwares=hardware_ids(item),
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
        wipe=False,
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

    move(stored, "COORDINATED")
    assert item_state(item) == ("EMPLOYEE", employee.id, None, True)
    move(stored, "DONE")
    assert item_state(item) == ("STORAGE", None, us_storage.id, False)


def test_offboarding_by_company_is_done_at_once_with_the_item_in_storage(caller, company):
    employee = EmployeeFactory(company=company, email="ada@example.com", country_code="DE")
    item = on_employee(employee, serial_number="SN-OFF-2")

    response = offboard(
        caller, handledBy="COMPANY", employeeEmail="ada@example.com", hardwares=hardware_ids(item)
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
        wipe=False,
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
        hardwares=hardware_ids(item),
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

    move(stored, "DONE")
    assert item_state(item) == ("EMPLOYEE", destination.id, None, False)
    stored.refresh_from_db()
    assert stored.date_completed is not None


def test_off_on_handled_by_company_lands_on_the_destination_at_once(caller, source, destination):
    item = on_employee(source)

    response = off_on(caller, handledBy="COMPANY", hardwares=hardware_ids(item))

    assert response.status_code == 201
    answered = response.json()["envelop"][0]
    assert (answered["type"], answered["status"], answered["storage"]) == ("OFF_ON", "DONE", None)
    assert answered["dateCompleted"] is not None
    assert [step["statusTo"] for step in answered["movementRequestStatusHistoric"]] == ["DONE"]
    assert item_state(item) == ("EMPLOYEE", destination.id, None, False)


@pytest.mark.parametrize(
    ("employee_country", "storage_country"),
    [("US", "US"), ("DE", "EU"), ("FR", "EU"), ("BR", "BR")],
    ids=["US-to-US", "DE-to-EU", "FR-to-EU", "BR-to-BR"],
)
def test_a_return_goes_to_the_warehouse_of_the_employees_country(
    caller, company, employee_country, storage_country
):
    employee = EmployeeFactory(
        company=company, email="x@example.com", country_code=employee_country
    )
    item = on_employee(employee)

    response = offboard(
        caller, handledBy="COMPANY", employeeEmail="x@example.com", hardwares=hardware_ids(item)
    )

    assert response.status_code == 201
    storage = Storage.objects.get(country_code=storage_country)
    assert response.json()["envelop"][0]["storage"] == {
        "id": str(storage.id),
        "countryCode": storage_country,
    }
    assert item_state(item) == ("STORAGE", None, storage.id, False)


def test_a_done_request_cannot_move_again(caller, employee):
    item = on_employee(employee)
    offboard(
        caller, handledBy="COMPANY", employeeEmail="x@example.com", hardwares=hardware_ids(item)
    )
    stored = MovementRequest.objects.get()

    with pytest.raises(ServiceError) as refused:
        move(stored, "COORDINATED")

    assert refused.value.message == (
        f"Movement request {stored.movement_request_number} cannot move from DONE to "
        "COORDINATED (allowed: none, it makes no more moves)"
    )


@pytest.mark.parametrize(
    ("factory_reset", "stored"),
    [(True, True), (False, False), (OMIT, False)],
    ids=["asked", "not-asked", "omitted"],
)
def test_factory_reset_is_stored_as_asked_and_marks_the_items_reset_only_when_they_land(
    caller, employee, factory_reset, stored
):
    item = on_employee(employee)

    response = offboard(
        caller,
        employeeEmail="x@example.com",
        factoryReset=factory_reset,
        hardwares=hardware_ids(item),
    )

    assert response.json()["envelop"][0]["factoryReset"] is stored
    item.refresh_from_db()
    assert item.factory_reset is False  # not yet: the reset happens in the warehouse

    move(MovementRequest.objects.get(), "DONE")

    item.refresh_from_db()
    assert item.factory_reset is stored


# --- which items -------------------------------------------------------------------------------


def test_an_empty_hardware_ids_list_alone_takes_all_the_employees_hardware(
    caller, company, employee
):
    mine = [on_employee(employee) for _ in range(3)]
    someone_elses = HardwareFactory(company=company, on_employee=True)
    in_storage = HardwareFactory(company=company)

    response = offboard(caller, employeeEmail="x@example.com", hardwares=ALL)

    assert response.status_code == 201
    carried_ids = {item["id"] for item in response.json()["envelop"][0]["hardwares"]}
    assert carried_ids == {str(item.id) for item in mine}
    assert [in_movement(item) for item in mine] == [True, True, True]
    assert in_movement(someone_elses) is False
    assert in_movement(in_storage) is False


def test_all_the_hardware_of_an_employee_with_none_is_refused(caller, employee):
    response = offboard(caller, employeeEmail="x@example.com", hardwares=ALL)

    invalid(
        response,
        (
            "hardwares.hardwareIds",
            "Employee x@example.com has no hardware assigned, so hardwareIds: [] "
            "(all their hardware) takes nothing",
        ),
    )


def test_all_the_hardware_is_refused_when_one_item_is_already_moving(caller, employee):
    ready = on_employee(employee)
    moving = on_employee(employee, in_movement=True)

    response = offboard(caller, employeeEmail="x@example.com", hardwares=ALL)

    invalid(
        response,
        (
            f"hardwares.hardwareIds[{sorted([ready.id, moving.id]).index(moving.id)}]",
            f"Hardware {moving.id} is already in a movement request",
        ),
    )
    assert not MovementRequest.objects.exists()
    assert in_movement(ready) is False


@pytest.mark.parametrize(
    "hardwares",
    [{"newHardwares": [NEW_MONITOR]}, {"hardwareIds": [], "newHardwares": [NEW_MONITOR]}],
    ids=["hardwareIds-omitted", "hardwareIds-empty"],
)
def test_new_hardwares_without_hardware_ids_carry_only_the_new_ones(caller, employee, hardwares):
    kept = on_employee(employee)

    response = offboard(caller, employeeEmail="x@example.com", hardwares=hardwares)

    assert response.status_code == 201
    assert [item["serialNumber"] for item in response.json()["envelop"][0]["hardwares"]] == [
        "SN-NEW-1"
    ]
    assert in_movement(kept) is False


@pytest.mark.parametrize(
    "hardwares",
    [{}, {"newHardwares": []}, {"hardwareIds": [], "newHardwares": []}, {"hardwareIds": None}],
    ids=["empty-object", "empty-newHardwares", "both-empty", "null-hardwareIds"],
)
def test_a_request_naming_no_items_is_refused(caller, employee, hardwares):
    on_employee(employee)

    response = offboard(caller, employeeEmail="x@example.com", hardwares=hardwares)

    invalid(response, ("hardwares", NO_ITEMS))


def test_a_null_item_of_new_hardwares_is_refused_and_nothing_is_written(caller, company, employee):
    response = offboard(
        caller, employeeEmail="x@example.com", hardwares={"newHardwares": [NEW_MONITOR, None]}
    )

    invalid(response, ("hardwares.newHardwares", "Each item of newHardwares must be an object"))
    assert not company.movement_requests.exists()


def test_items_not_on_the_employee_moving_or_of_another_company_are_refused(
    caller, company, other_caller, employee
):
    ready = on_employee(employee)
    on_someone_else = HardwareFactory(company=company, on_employee=True)
    in_storage = HardwareFactory(company=company)
    moving = on_employee(employee, in_movement=True)
    foreign = HardwareFactory(
        company=CompanyFactory(api_client=other_caller.api_client), on_employee=True
    )
    named = (ready, on_someone_else, in_storage, moving, foreign)

    response = offboard(caller, employeeEmail="x@example.com", hardwares=hardware_ids(*named))

    invalid(response, ("hardwares.hardwareIds[4]", f"Hardware {foreign.id} not found"))

    response = offboard(caller, employeeEmail="x@example.com", hardwares=hardware_ids(*named[:4]))

    not_assigned = "is not assigned to employee x@example.com"
    invalid(
        response,
        ("hardwares.hardwareIds[1]", f"Hardware {on_someone_else.id} {not_assigned}"),
        ("hardwares.hardwareIds[2]", f"Hardware {in_storage.id} {not_assigned}"),
        ("hardwares.hardwareIds[3]", f"Hardware {moving.id} is already in a movement request"),
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
            **hardware_ids(existing),
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

    move(MovementRequest.objects.get(), "DONE")
    br_storage = Storage.objects.get(country_code="BR")
    for item in (existing, monitor, laptop):
        assert item_state(item) == ("STORAGE", None, br_storage.id, False)


@pytest.mark.parametrize(
    ("date_bought", "message"),
    [
        pytest.param("2024-01-15", DATE_ONLY, id="date-alone"),
        pytest.param("20240115", DATE_ONLY, id="compact-date-alone"),
        pytest.param(OMIT, "dateBought should not be empty", id="omitted"),
        pytest.param(None, "dateBought should not be empty", id="null"),
        pytest.param(
            "2024-13-45T10:00:00Z",
            "Datetime has wrong format. Use one of these formats instead: "
            "YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].",
            id="impossible-date",
        ),
    ],
)
def test_date_bought_must_be_a_date_time_with_its_time(caller, employee, date_bought, message):
    item = without_omitted({**NEW_MONITOR, "dateBought": date_bought})

    response = offboard(caller, employeeEmail="x@example.com", hardwares={"newHardwares": [item]})

    invalid(response, ("hardwares.newHardwares[0].dateBought", message))


def test_fields_set_by_the_movement_are_refused_inside_new_hardwares(caller, employee):
    item = {
        **NEW_MONITOR,
        "countryCode": "US",
        "companyCode": "MOV",
        "employeeProfileId": str(employee.id),
    }

    response = offboard(
        caller, employeeEmail="x@example.com", hardwares={"newHardwares": [NEW_MONITOR, item]}
    )

    invalid(
        response,
        (
            "hardwares.newHardwares[1].countryCode",
            "countryCode is set from the movement (the source employee's country); "
            "do not send it in newHardwares",
        ),
        (
            "hardwares.newHardwares[1].companyCode",
            "companyCode is set from the movement; do not send it in newHardwares",
        ),
        (
            "hardwares.newHardwares[1].employeeProfileId",
            "employeeProfileId is set from the movement (the source employee); "
            "do not send it in newHardwares",
        ),
    )
    assert not Hardware.objects.exists()


@pytest.mark.parametrize(
    ("item", "field", "message"),
    [
        pytest.param(
            {"serialNumber": "SN-X", "dateBought": "2024-01-15T10:30:00Z"},
            "hardwareType",
            ONE_OF_MODEL,
            id="neither-type-nor-model",
        ),
        pytest.param(
            {**NEW_MONITOR, "serialNumber": "SN-X", "commonModelId": CATALOG_MODEL_ID},
            "hardwareType",
            ONE_OF_MODEL,
            id="both-type-and-model",
        ),
        pytest.param(
            {**NEW_MONITOR, "serialNumber": "SN-NEW-1"},
            "serialNumber",
            "serialNumber already exists in this company",
            id="serial-number-repeated",
        ),
        pytest.param(
            {"dateBought": "2024-01-15T10:30:00Z", "hardwareType": "MONITOR"},
            "serialNumber",
            "serialNumber should not be empty",
            id="serial-number-missing",
        ),
        pytest.param(
            {**NEW_MONITOR, "serialNumber": "SN-X", "hardwareType": "TOASTER"},
            "hardwareType",
            '"TOASTER" is not a valid choice; expected one of: HEADPHONES, MACBOOK, CHAIR, '
            "MOUSE, TRACKPAD, PC, MONITOR, ACCESSORY, PHONE, KEYBOARD, IPHONE, WEBCAM",
            id="unknown-type",
        ),
    ],
)
def test_new_hardwares_are_refused_by_the_item_they_come_from(
    caller, employee, item, field, message
):
    CatalogItemFactory(id=CATALOG_MODEL_ID)

    response = offboard(
        caller, employeeEmail="x@example.com", hardwares={"newHardwares": [NEW_MONITOR, item]}
    )

    invalid(response, (f"hardwares.newHardwares[1].{field}", message))
    assert not Hardware.objects.exists()
    assert not MovementRequest.objects.exists()


def test_a_new_hardware_of_an_unknown_catalog_model_is_404(caller, employee):
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
        pytest.param({}, "Employee email is required", id="neither"),
        pytest.param(
            {"employeeEmail": "x@example.com", "employee": INLINE_EMPLOYEE},
            "Send exactly one of employeeEmail and employee",
            id="both",
        ),
    ],
)
def test_exactly_one_of_employee_email_and_employee(caller, company, fields, message):
    response = offboard(caller, hardwares=ALL, **fields)

    invalid(response, ("employeeEmail", message))


@pytest.mark.parametrize(
    "fields",
    [
        pytest.param(
            {"employeeEmail": "nobody@example.com", "hardwares": ALL}, id="unknown-source"
        ),
        pytest.param(
            {"employeeEmail": "theirs@example.com", "hardwares": ALL},
            id="source-of-another-client",
        ),
        pytest.param(
            {"employeeEmail": "a@example.com", "toEmployeeEmail": "nobody@example.com"},
            id="unknown-destination",
        ),
        pytest.param(
            {"employeeEmail": "a@example.com", "toEmployeeEmail": "theirs@example.com"},
            id="destination-of-another-client",
        ),
        pytest.param(
            {"employee": INLINE_EMPLOYEE, "toEmployeeEmail": "b@example.com", "hardwares": ALL},
            id="inline-source-nobody-knows-in-an-off-on",
        ),
    ],
)
def test_an_employee_the_caller_does_not_have_is_404_and_nothing_is_written(
    caller, other_caller, source, destination, fields
):
    """Unknown or another client's, as the source or the destination; an inline source
    employee nobody knows, which a return to storage would create, is not created for an
    OFF_ON."""
    item = on_employee(source)
    theirs = CompanyFactory(api_client=other_caller.api_client)
    EmployeeFactory(company=theirs, email="theirs@example.com")

    response = offboard(caller, **{"hardwares": hardware_ids(item), **fields})

    assert_refused(response, 404, "Employee not found")
    assert in_movement(item) is False
    assert not MovementRequest.objects.exists()
    assert not Employee.objects.filter(email="bo@example.com").exists()


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

    response = offboard(caller, employee=INLINE_EMPLOYEE, hardwares=hardware_ids(item))

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


@pytest.mark.parametrize(
    ("inline", "name", "abm_code"),
    [
        pytest.param(
            {"name": "Renamed Co", "companyCode": "mov", "countryCode": "BR", "abmCode": "NEW"},
            "Renamed Co",
            "NEW",
            id="renamed-with-an-abm-code",
        ),
        pytest.param(
            {"name": "Moving Co", "companyCode": "MOV"},
            "Moving Co",
            "OLD",
            id="without-an-abm-code",
        ),
    ],
)
def test_an_inline_company_of_the_caller_takes_its_name_and_abm_code_but_keeps_its_country(
    caller, company, employee, inline, name, abm_code
):
    """As PATCH /companies: the country stays; an ABM code left out keeps the stored one."""
    company.abm_code, company.country_code = "OLD", "US"
    company.save()
    item = on_employee(employee)

    response = offboard(
        caller,
        companyCode=OMIT,
        company=inline,
        employeeEmail="x@example.com",
        hardwares=hardware_ids(item),
    )

    assert response.status_code == 201
    company.refresh_from_db()
    assert (company.name, company.abm_code, company.country_code) == (name, abm_code, "US")
    assert Company.objects.count() == 1
    assert response.json()["envelop"][0]["companyName"] == name


@pytest.mark.parametrize(
    "fields",
    [
        pytest.param({"companyCode": "THR", "employeeEmail": "x@example.com"}, id="companyCode"),
        pytest.param(
            {
                "companyCode": OMIT,
                "company": {"name": "Mine now", "companyCode": "thr"},
                "employee": INLINE_EMPLOYEE,
                "hardwares": {"newHardwares": [NEW_MONITOR]},
            },
            id="inline-company",
        ),
    ],
)
def test_a_company_code_of_another_client_is_invalid_and_nothing_is_written(
    caller, other_caller, fields
):
    theirs = CompanyFactory(api_client=other_caller.api_client, code="THR", name="Theirs")
    their_employee = EmployeeFactory(company=theirs, email="x@example.com")
    item = on_employee(their_employee)

    response = offboard(caller, **{"hardwares": hardware_ids(item), **fields})

    assert_refused(response, 400, "Invalid company code")
    theirs.refresh_from_db()
    assert theirs.name == "Theirs"
    assert in_movement(item) is False
    assert list(Employee.objects.all()) == [their_employee]
    assert list(Hardware.objects.all()) == [item]
    assert not MovementRequest.objects.exists()


@pytest.mark.parametrize(
    ("fields", "message", "details"),
    [
        pytest.param(
            {"companyCode": OMIT}, "Missing required field: companyCode", None, id="neither"
        ),
        pytest.param({"companyCode": "ZZZ"}, "Invalid company code", None, id="unknown-code"),
        pytest.param(
            {"company": {"name": "X", "companyCode": "XXX"}},
            "Invalid request data",
            [{"field": "companyCode", "message": "Send exactly one of companyCode and company"}],
            id="both",
        ),
        pytest.param(
            {"companyCode": OMIT, "company": {"companyCode": "ABCD"}},
            "Invalid request data",
            [
                {"field": "company.name", "message": "name should not be empty"},
                {
                    "field": "company.companyCode",
                    "message": "companyCode must be exactly 3 letters or digits",
                },
            ],
            id="malformed-inline-company",
        ),
    ],
)
def test_the_company_is_a_managed_code_or_one_inline_object(
    caller, employee, fields, message, details
):
    response = offboard(caller, employeeEmail="x@example.com", hardwares=ALL, **fields)

    assert_refused(response, 400, message, details)


# --- the rest of the body ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        pytest.param(
            {"handledBy": OMIT}, "handledBy", "handledBy should not be empty", id="no-handledBy"
        ),
        pytest.param(
            {"handledBy": "ME"},
            "handledBy",
            '"ME" is not a valid choice; expected one of: PROVIDER, COMPANY',
            id="unknown-handledBy",
        ),
        pytest.param(
            {"hardwares": OMIT}, "hardwares", "hardwares should not be empty", id="no-hardwares"
        ),
        pytest.param(
            {"expectedDate": "01/12/2026"},
            "expectedDate",
            "Date has wrong format. Use one of these formats instead: YYYY-MM-DD.",
            id="expectedDate-not-iso",
        ),
    ],
)
def test_malformed_bodies_are_refused_with_details(caller, employee, fields, field, message):
    response = offboard(caller, **{"employeeEmail": "x@example.com", "hardwares": ALL, **fields})

    invalid(response, (field, message))


# --- OFF_ON rules ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("source_country", "destination_country"),
    [("US", "US"), ("DE", "FR"), ("FR", "DE")],
    ids=["US-to-US", "DE-to-FR", "FR-to-DE"],
)
def test_off_on_between_one_country_or_two_european_ones_is_accepted(
    caller, company, source_country, destination_country
):
    source = EmployeeFactory(company=company, email="a@example.com", country_code=source_country)
    EmployeeFactory(company=company, email="b@example.com", country_code=destination_country)
    item = on_employee(source)

    response = off_on(caller, hardwares=hardware_ids(item))

    assert response.status_code == 201
    assert response.json()["envelop"][0]["type"] == "OFF_ON"
    assert in_movement(item) is True


@pytest.mark.parametrize(
    ("source_country", "destination_country"),
    [("DE", "US"), ("US", "DE"), ("BR", "MX")],
    ids=["DE-to-US", "US-to-DE", "BR-to-MX"],
)
def test_off_on_between_other_countries_is_refused(
    caller, company, source_country, destination_country
):
    source = EmployeeFactory(company=company, email="a@example.com", country_code=source_country)
    EmployeeFactory(company=company, email="b@example.com", country_code=destination_country)
    item = on_employee(source)

    response = off_on(caller, hardwares=hardware_ids(item))

    invalid(
        response,
        (
            "toEmployeeEmail",
            f"Employee a@example.com is in {source_country}, which cannot "
            f"send hardware to {destination_country}",
        ),
    )
    assert in_movement(item) is False


def test_off_on_refuses_an_item_whose_country_cannot_reach_the_destination(caller, company):
    source = EmployeeFactory(company=company, email="a@example.com", country_code="DE")
    EmployeeFactory(company=company, email="b@example.com", country_code="FR")
    item = on_employee(source, country_code="US")

    response = off_on(caller, hardwares=hardware_ids(item))

    invalid(
        response,
        ("hardwares.hardwareIds[0]", f"Hardware {item.id} is in US, which cannot move to FR"),
    )


def test_off_on_from_an_inline_known_employee_updates_and_moves(caller, company, destination):
    source = EmployeeFactory(company=company, email="bo@example.com", last_name="Old")
    item = on_employee(source)

    response = offboard(
        caller, employee=INLINE_EMPLOYEE, toEmployeeEmail="b@example.com", hardwares=ALL
    )

    assert response.status_code == 201
    source.refresh_from_db()
    assert source.last_name == "New"
    assert response.json()["envelop"][0]["toEmployeeId"] == str(destination.id)
    assert item_state(item) == ("EMPLOYEE", source.id, None, True)


def test_off_on_takes_all_the_source_employees_hardware_on_an_empty_list(
    caller, source, destination
):
    items = [on_employee(source) for _ in range(2)]

    response = off_on(caller, hardwares=ALL)

    assert response.status_code == 201
    assert {item["id"] for item in response.json()["envelop"][0]["hardwares"]} == {
        str(item.id) for item in items
    }


def test_off_on_refuses_new_hardwares(caller, source, destination):
    item = on_employee(source)

    response = off_on(caller, hardwares={**hardware_ids(item), "newHardwares": [NEW_MONITOR]})

    invalid(
        response,
        (
            "hardwares.newHardwares",
            "newHardwares applies to a return to storage only, not to an OFF_ON (toEmployeeEmail)",
        ),
    )
    assert not Hardware.objects.filter(serial_number="SN-NEW-1").exists()


def test_off_on_to_the_source_employee_is_refused(caller, source):
    item = on_employee(source)

    response = off_on(caller, toEmployeeEmail="A@example.com", hardwares=hardware_ids(item))

    invalid(
        response,
        ("toEmployeeEmail", "toEmployeeEmail must name another employee than the source employee"),
    )


def test_off_on_refuses_items_not_on_the_source_employee(caller, source, destination):
    theirs = on_employee(destination)

    response = off_on(caller, hardwares=hardware_ids(theirs))

    invalid(
        response,
        (
            "hardwares.hardwareIds[0]",
            f"Hardware {theirs.id} is not assigned to employee {source.email}",
        ),
    )


# --- one transaction ---------------------------------------------------------------------------


def test_a_refusal_after_the_inline_company_employee_and_new_items_leaves_none_of_them(caller):
    response = offboard(
        caller,
        companyCode=OMIT,
        company={"name": "Fresh Co", "companyCode": "FRE"},
        employee=INLINE_EMPLOYEE,
        hardwares={"newHardwares": [NEW_MONITOR, {**NEW_MONITOR, "hardwareType": "MOUSE"}]},
    )

    invalid(
        response,
        ("hardwares.newHardwares[1].serialNumber", "serialNumber already exists in this company"),
    )
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
        hardwares={**hardware_ids(moving), "newHardwares": [NEW_MONITOR]},
    )

    invalid(
        response,
        ("hardwares.hardwareIds[0]", f"Hardware {moving.id} is already in a movement request"),
    )
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
        return offboard(caller, employeeEmail="x@example.com", hardwares=hardware_ids(item))

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
