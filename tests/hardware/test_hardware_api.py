"""POST /hardwares, GET /hardwares, GET /hardwares/storages, GET /hardwares/{hardwareId}."""

from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest

from catalog.models import CatalogItem
from config.api.envelope import json_bytes
from hardware.answers import (
    HardwareCreatedSerializer,
    HardwareDetailSerializer,
    HardwareMovementSerializer,
    HardwareSerializer,
)
from hardware.models import Hardware, HardwareNote, Storage
from tests.conftest import make_caller
from tests.factories import (
    CompanyFactory,
    EmployeeFactory,
    HardwareFactory,
    MovementRequestFactory,
)
from tests.support import assert_refused, error, run_together

pytestmark = pytest.mark.django_db


@pytest.fixture
def company(caller):
    return CompanyFactory(api_client=caller.api_client, code="HWC", name="Hardware Co")


def create(caller, **fields):
    """POST /hardwares for company HWC; a field given as None is left out of the body."""
    body = {"companyCode": "HWC", "countryCode": "US", "hardwareType": "MONITOR", **fields}
    body = {key: value for key, value in body.items() if value is not None}
    return caller.post("/hardwares", {"data": body}, format="json")


def only_item(response) -> dict:
    body = response.json()
    assert body["message"] == "Request successful"
    assert len(body["envelop"]) == 1
    return body["envelop"][0]


def test_create_without_an_employee_puts_the_item_in_its_countrys_storage(caller, company):
    response = create(
        caller,
        serialNumber="MON-1",
        description="27 inch",
        dateBought="2025-03-01T10:00:00Z",
        brand="DELL",
        model="U2723QE",
        externalReference="ext-1",
        newHardware=False,
        cost="349.9",
    )

    assert response.status_code == 201
    assert response.json()["statusCode"] == 201
    item = only_item(response)
    hardware = Hardware.objects.get(pk=item["id"])
    storage = Storage.objects.get(country_code="US")
    assert item == {
        "id": str(hardware.id),
        "description": "27 inch",
        "serialNumber": "MON-1",
        "brand": "DELL",
        "name": "U2723QE",
        "image": "http://testserver/static/hardware/types/monitor.svg",
        "dateBought": "2025-03-01T10:00:00Z",
        "countryCode": "US",
        "status": "STORAGE",
        "lifecycle": "ACTIVE",
        "retiredReason": None,
        "retiredAt": None,
        "newHardware": False,
        "externalReference": "ext-1",
        "factoryReset": False,
        "damaged": False,
        "cost": "349.90",
        "costCurrency": "USD",
        "inMovement": False,
        "createdAt": item["createdAt"],
        "updatedAt": item["updatedAt"],
        "companyId": str(company.id),
        "companyName": "Hardware Co",
        "company": {"id": str(company.id), "name": "Hardware Co"},
        "createdThrough": "API",
        "createdOrderId": None,
        "createdUserId": None,
        "hardwareType": {
            "name": "MONITOR",
            "image": "http://testserver/static/hardware/types/monitor.svg",
        },
        "commonModel": None,
        "employeeProfile": None,
        "storage": {"id": str(storage.id), "countryCode": "US"},
        "hardwareNote": [],
        "movementRequests": [],
        "officeName": None,
    }
    assert item["createdAt"].endswith("Z")
    assert hardware.cost == Decimal("349.90")


def test_create_for_an_eu_country_uses_the_eu_storage(caller, company):
    item = only_item(create(caller, countryCode="de"))

    assert item["countryCode"] == "DE"
    assert item["storage"]["countryCode"] == "EU"
    assert Storage.objects.filter(country_code="DE").count() == 0


def test_create_with_country_eu_is_accepted(caller, company):
    item = only_item(create(caller, countryCode="EU"))

    assert (item["countryCode"], item["storage"]["countryCode"]) == ("EU", "EU")


@pytest.mark.parametrize("key", ["employeeProfileId", "employeeEmail"])
def test_create_with_an_employee_assigns_the_item_to_them(caller, company, key):
    employee = EmployeeFactory(company=company, email="grace@example.com")
    reference = str(employee.id) if key == "employeeProfileId" else " Grace@Example.com "

    item = only_item(create(caller, **{key: reference}))

    assert item["status"] == "EMPLOYEE"
    assert item["storage"] is None
    assert item["employeeProfile"] == {
        "id": str(employee.id),
        "firstName": employee.first_name,
        "lastName": employee.last_name,
        "email": "grace@example.com",
    }


def test_create_refuses_both_employee_references(caller, company):
    employee = EmployeeFactory(company=company)

    response = create(caller, employeeProfileId=str(employee.id), employeeEmail=employee.email)

    assert response.status_code == 400
    assert response.json()["details"] == [
        {"field": "employeeEmail", "message": "Send employeeProfileId or employeeEmail, not both"}
    ]


def test_create_for_an_employee_of_another_company_is_404(caller, company):
    stranger = EmployeeFactory()

    response = create(caller, employeeProfileId=str(stranger.id))

    assert_refused(response, 404, "Employee not found")
    assert not Hardware.objects.exists()


@pytest.mark.parametrize(
    "fields",
    [{}, {"hardwareType": "MONITOR", "commonModelId": "7d1c3a6e-1f6b-4f37-9a39-f1b3b4f6b0a1"}],
    ids=["neither", "both"],
)
def test_create_needs_exactly_one_of_hardware_type_and_common_model(caller, company, fields):
    body = {"companyCode": "HWC", "countryCode": "US", **fields}

    response = caller.post("/hardwares", body, format="json")

    assert response.status_code == 400
    assert response.json()["details"] == [
        {"field": "hardwareType", "message": "Send exactly one of hardwareType and commonModelId"}
    ]


def test_create_from_a_common_model_takes_its_name_specs_image_and_type(caller, company):
    model = CatalogItem.objects.create(
        country_code="US",
        brand="APPLE",
        name='MacBook Pro 14" M4',
        hardware_type="MACBOOK",
        price=Decimal("1999.00"),
        ram="16GB",
        disk_space="512GB",
        display_size='14"',
        processor="M4",
        image="https://images.example.com/mbp14.png",
    )

    item = only_item(
        create(caller, hardwareType=None, commonModelId=str(model.id), serialNumber="C02X")
    )

    assert item["name"] == 'MacBook Pro 14" M4'
    assert item["brand"] == "APPLE"
    assert (item["ram"], item["diskSpace"], item["displaySize"], item["processor"]) == (
        "16GB",
        "512GB",
        '14"',
        "M4",
    )
    assert item["image"] == "https://images.example.com/mbp14.png"
    assert item["hardwareType"]["name"] == "MACBOOK"
    assert item["commonModel"] == {
        "name": 'MacBook Pro 14" M4',
        "ram": "16GB",
        "displaySize": '14"',
        "diskSpace": "512GB",
        "processor": "M4",
        "image": "https://images.example.com/mbp14.png",
    }


def test_specs_are_accepted_for_pc_and_macbook(caller, company):
    item = only_item(
        create(
            caller,
            hardwareType="PC",
            brand="LENOVO",
            model="ThinkPad T14",
            ram="32GB",
            diskSpace="1TB",
            displaySize='14"',
            processor="Ryzen 7",
            gpu="Radeon 780M",
        )
    )

    assert (item["name"], item["ram"], item["processor"]) == ("ThinkPad T14", "32GB", "Ryzen 7")
    assert Hardware.objects.get(pk=item["id"]).gpu == "Radeon 780M"


def test_specs_are_refused_for_other_types(caller, company):
    response = create(caller, hardwareType="MOUSE", ram="8GB", gpu="none")

    assert response.status_code == 400
    assert response.json()["details"] == [
        {"field": "ram", "message": "ram applies only to PC and MACBOOK, not MOUSE"},
        {"field": "gpu", "message": "gpu applies only to PC and MACBOOK, not MOUSE"},
    ]


def test_items_without_specs_show_no_spec_fields(caller, company):
    item = only_item(create(caller, hardwareType="MOUSE"))

    assert not {"ram", "diskSpace", "displaySize", "processor"} & item.keys()


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"hardwareType": "EXTENDED_WARRANTY_MAC"}, "hardwareType"),
        ({"hardwareType": "SPACESHIP"}, "hardwareType"),
        ({"brand": "NOKIA"}, "brand"),
        ({"countryCode": "XX"}, "countryCode"),
        ({"dateBought": "yesterday"}, "dateBought"),
        ({"employeeProfileId": "42"}, "employeeProfileId"),
    ],
)
def test_create_refuses_invalid_fields_with_details(caller, company, fields, field):
    response = create(caller, **fields)

    assert response.status_code == 400
    body = response.json()
    assert body["message"] == "Invalid request data"
    assert [detail["field"] for detail in body["details"]] == [field]
    assert not Hardware.objects.exists()


def test_apple_is_a_brand(caller, company):
    assert only_item(create(caller, brand="APPLE"))["brand"] == "APPLE"


def test_serial_numbers_are_unique_within_a_company_only(caller, other_caller, company):
    CompanyFactory(api_client=other_caller.api_client, code="OTH")
    assert create(caller, serialNumber="DUP-1").status_code == 201

    again = create(caller, serialNumber="DUP-1")
    elsewhere = create(other_caller, companyCode="OTH", serialNumber="DUP-1")

    assert again.status_code == 400
    assert again.json()["details"] == [
        {"field": "serialNumber", "message": "serialNumber already exists in this company"}
    ]
    assert elsewhere.status_code == 201
    assert Hardware.objects.filter(serial_number="DUP-1").count() == 2


def test_items_without_serial_numbers_do_not_collide(caller, company):
    assert create(caller).status_code == create(caller, serialNumber="").status_code == 201


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_concurrent_creations_with_one_serial_give_one_item():
    caller = make_caller()
    CompanyFactory(api_client=caller.api_client, code="HWC")

    responses = run_together(*[lambda: create(caller, serialNumber="RACE-1")] * 6)

    assert sorted(response.status_code for response in responses) == [201, 400, 400, 400, 400, 400]
    assert Hardware.objects.filter(serial_number="RACE-1").count() == 1


def test_create_needs_a_company_code_of_the_caller(caller, other_caller, company):
    theirs = CompanyFactory(api_client=other_caller.api_client)

    missing = caller.post("/hardwares", {"countryCode": "US"}, format="json")
    foreign = create(caller, companyCode=theirs.code)

    assert missing.json() == error(400, "Missing required field: companyCode")
    assert foreign.json()["message"] == "Invalid company code"
    assert not Hardware.objects.exists()


@pytest.mark.parametrize("path", ["/hardwares", "/hardwares/storages"])
@pytest.mark.parametrize(
    "query",
    [{}, {"limit": "0"}, {"cursor": "made-up"}, {"countryCode": "XX"}, {"limit": "5"}],
)
def test_lists_refuse_another_clients_company_before_anything_else(
    caller, other_caller, company, path, query
):
    """The items are read with their company in one query: a company the caller does not
    manage is still refused first, with no items of its own or with bad criteria."""
    theirs = CompanyFactory(api_client=other_caller.api_client)
    HardwareFactory(company=theirs)

    for code in (theirs.code, "ZZZ"):
        response = caller.get(path, {"companyCode": code, **query})

        assert_refused(response, 400, "Invalid company code")


def test_list_shows_every_item_of_the_company_newest_first(caller, company):
    employee = EmployeeFactory(company=company)
    stored = HardwareFactory(company=company)
    assigned = HardwareFactory(company=company, on_employee=True, employee=employee)
    HardwareFactory()  # another company's

    response = caller.get("/hardwares", {"companyCode": "hwc"})

    assert response.status_code == 200
    items = response.json()["envelop"]
    assert [item["id"] for item in items] == [str(assigned.id), str(stored.id)]
    assert items[0]["employeeProfile"]["id"] == str(employee.id)
    assert items[0]["storage"] is None
    assert items[1]["employeeProfile"] is None
    assert items[1]["cost"] is None


def test_list_shows_cost_as_a_number(caller, company):
    HardwareFactory(company=company, cost=Decimal("1299.50"))

    [item] = caller.get("/hardwares", {"companyCode": "HWC"}).json()["envelop"]

    assert item["cost"] == 1299.5


def test_lists_filter_by_country_code(caller, company):
    HardwareFactory(company=company, country_code="BR")
    HardwareFactory(company=company, country_code="US")

    for path in ("/hardwares", "/hardwares/storages"):
        items = caller.get(path, {"companyCode": "HWC", "countryCode": "br"}).json()["envelop"]
        assert [item["countryCode"] for item in items] == ["BR"]


@pytest.mark.parametrize("path", ["/hardwares", "/hardwares/storages"])
def test_lists_refuse_a_bad_country_code_and_a_missing_company_code(caller, company, path):
    bad_country = caller.get(path, {"companyCode": "HWC", "countryCode": "ZZ"})
    no_company = caller.get(path)

    assert bad_country.status_code == no_company.status_code == 400
    assert bad_country.json()["message"] == "Invalid country code"
    assert no_company.json()["message"] == "Missing required filter: companyCode"


def test_storage_list_shows_only_stored_items_with_their_notes(caller, company):
    stored = HardwareFactory(company=company)
    HardwareFactory(company=company, on_employee=True)
    note = HardwareNote.objects.create(
        hardware=stored, content="Scratch on the stand", author_email="ops@example.com"
    )

    response = caller.get("/hardwares/storages", {"companyCode": "HWC"})

    [item] = response.json()["envelop"]
    assert item["id"] == str(stored.id)
    assert item["status"] == "STORAGE"
    assert item["inMovement"] is False
    assert item["hardwareNote"] == [
        {
            "content": "Scratch on the stand",
            "createdAt": note.created_at.isoformat().replace("+00:00", "Z"),
            "user": {"email": "ops@example.com"},
        }
    ]


def test_notes_and_movements_read_with_their_items_are_written_as_read_on_their_own(
    caller, company
):
    item = HardwareFactory(company=company)
    at = datetime(2026, 3, 4, 5, 6, 7, tzinfo=UTC)
    notes = [
        # A whole second (no fraction written), then two at the same instant, by id.
        (at, 'Quoted "stand", \\ slash\nnew line, café ✓'),
        (at + timedelta(microseconds=120), "second"),
        (at + timedelta(microseconds=120), "third"),
    ]
    for created_at, content in notes:
        note = HardwareNote.objects.create(hardware=item, content=content, author_email="o@e.co")
        HardwareNote.objects.filter(pk=note.pk).update(created_at=created_at)
    for status in ("DONE", "COORDINATED"):
        MovementRequestFactory(company=company, hardwares=[item], status=status)

    answer = caller.get("/hardwares", {"companyCode": "HWC"})
    [shown] = answer.json()["envelop"]

    expected_notes = [
        {"content": note.content, "createdAt": note.created_at, "user": {"email": "o@e.co"}}
        for note in HardwareNote.objects.filter(hardware=item).order_by("created_at", "id")
    ]
    assert json_bytes(shown["hardwareNote"]) == json_bytes(expected_notes)
    # Written by the database into the item's text, byte for byte as orjson writes them.
    assert b'"hardwareNote":' + json_bytes(expected_notes) in answer.content
    assert b'"movementRequests":[{"status":"COORDINATED"},{"status":"DONE"}]' in answer.content
    assert [note["content"] for note in shown["hardwareNote"]] == [text for _, text in notes]
    assert shown["hardwareNote"][0]["createdAt"] == "2026-03-04T05:06:07Z"
    assert shown["movementRequests"] == [{"status": "COORDINATED"}, {"status": "DONE"}]


def test_detail_answers_the_item_in_an_array(caller, company):
    item = HardwareFactory(company=company)

    response = caller.get(f"/hardwares/{item.id}", {"companyCode": "HWC"})

    assert response.status_code == 200
    [shown] = response.json()["envelop"]
    listed = caller.get("/hardwares", {"companyCode": "HWC"}).json()["envelop"][0]
    assert shown == listed


def test_list_shows_the_status_of_each_movement_request_of_an_item_newest_first(caller, company):
    item = HardwareFactory(company=company)
    MovementRequestFactory(company=company, hardwares=[item], status="DONE")
    MovementRequestFactory(company=company, hardwares=[item])
    HardwareFactory(company=company)  # never moved

    for path in ("/hardwares", "/hardwares/storages"):
        moved, still = caller.get(path, {"companyCode": "HWC"}).json()["envelop"][::-1]
        assert moved["movementRequests"] == [{"status": "PROCESSING"}, {"status": "DONE"}]
        assert still["movementRequests"] == []


def test_detail_summarises_each_movement_request_of_the_item(caller, company):
    item = HardwareFactory(company=company, on_employee=True)
    holder = item.employee
    receiver = EmployeeFactory(company=company, country_code="CA")
    returned = MovementRequestFactory(
        company=company,
        hardwares=[item],
        type="OFFBOARDING",
        send_to="STORAGE",
        handled_by="COMPANY",
        status="DONE",
        to_employee=None,
        from_employee=holder,
        requester_email="it@example.com",
    )
    passed_on = MovementRequestFactory(
        company=company,
        hardwares=[item],
        type="OFF_ON",
        from_employee=holder,
        to_employee=receiver,
        storage=None,
    )

    [shown] = caller.get(f"/hardwares/{item.id}", {"companyCode": "HWC"}).json()["envelop"]

    def person(employee):
        return {
            "id": str(employee.id),
            "firstName": employee.first_name,
            "lastName": employee.last_name,
            "countryCode": employee.country_code,
        }

    assert shown["movementRequests"] == [
        {
            "id": str(passed_on.id),
            "status": "PROCESSING",
            "createdAt": passed_on.created_at.isoformat().replace("+00:00", "Z"),
            "type": "OFF_ON",
            "requester": None,
            "sendTo": "EMPLOYEE",
            "handledBy": "PROVIDER",
            "toEmployee": person(receiver),
            "fromEmployee": person(holder),
            "storage": None,
            "company": {"name": "Hardware Co"},
        },
        {
            "id": str(returned.id),
            "status": "DONE",
            "createdAt": returned.created_at.isoformat().replace("+00:00", "Z"),
            "type": "OFFBOARDING",
            "requester": {"email": "it@example.com"},
            "sendTo": "STORAGE",
            "handledBy": "COMPANY",
            "toEmployee": None,
            "fromEmployee": person(holder),
            "storage": {"id": str(returned.storage_id), "countryCode": "US"},
            "company": {"name": "Hardware Co"},
        },
    ]
    assert set(shown["movementRequests"][0]) == set(HardwareMovementSerializer().fields)


def test_detail_refuses_a_malformed_id_and_hides_other_companies_items(caller, company):
    theirs = HardwareFactory()

    malformed = caller.get("/hardwares/not-a-uuid", {"companyCode": "HWC"})
    foreign = caller.get(f"/hardwares/{theirs.id}", {"companyCode": "HWC"})

    assert malformed.status_code == 400
    assert malformed.json()["message"] == "Invalid hardware ID format"
    assert_refused(foreign, 404, "Hardware not found")


@pytest.mark.parametrize("rows", [1, 50])
@pytest.mark.parametrize("path", ["/hardwares", "/hardwares/storages"])
def test_lists_use_a_fixed_number_of_queries(
    caller, company, django_assert_max_num_queries, rows, path
):
    for item in HardwareFactory.create_batch(rows, company=company):
        HardwareNote.objects.create(hardware=item, content="note", author_email="a@b.co")
        MovementRequestFactory(company=company, hardwares=[item])

    caller.get(path, {"companyCode": "HWC"})  # records the key's first use, once
    # key, company, items with the records they show, their notes, their movement requests
    with django_assert_max_num_queries(5):
        response = caller.get(path, {"companyCode": "HWC"})

    assert len(response.json()["envelop"]) == rows


def test_the_documented_shapes_are_the_served_shapes(caller, company):
    created = only_item(
        create(
            caller,
            hardwareType="PC",
            ram="8GB",
            diskSpace="256GB",
            displaySize='13"',
            processor="i5",
        )
    )
    listed = caller.get("/hardwares", {"companyCode": "HWC"}).json()["envelop"][0]
    [shown] = caller.get(f"/hardwares/{created['id']}", {"companyCode": "HWC"}).json()["envelop"]

    assert set(created) == set(HardwareCreatedSerializer().fields)
    assert set(listed) == set(HardwareSerializer().fields)
    assert set(shown) == set(HardwareDetailSerializer().fields)


def test_a_nul_byte_in_the_country_filter_is_an_invalid_country_code(caller, company):
    response = caller.get("/hardwares", {"companyCode": "HWC", "countryCode": "U\x00"})

    assert response.status_code == 400
    assert response.json()["message"] == "Invalid country code"


def test_a_refused_creation_leaves_no_new_storage_behind(caller, company):
    create(caller, countryCode="US", serialNumber="SN-1")

    refused = create(caller, countryCode="BR", serialNumber="SN-1")

    assert refused.status_code == 400
    assert not Storage.objects.filter(country_code="BR").exists()


@pytest.mark.parametrize("path", ["/hardwares", "/hardwares/storages"])
def test_each_client_and_criterion_is_answered_its_own_items_in_turn(
    caller, other_caller, company, path
):
    """Requests of two clients with other criteria, in turn: one client's values never answer
    another's request."""
    theirs = CompanyFactory(api_client=other_caller.api_client)
    items = {
        (owner.code, country): HardwareFactory(company=owner, country_code=country)
        for owner in (company, theirs)
        for country in ("US", "DE")
    }
    asked = [
        (caller, company, "US"),
        (other_caller, theirs, "DE"),
        (caller, company, "DE"),
        (other_caller, theirs, "US"),
    ]

    for client, owner, country in asked * 2:
        answer = client.get(path, {"companyCode": owner.code, "countryCode": country})
        assert answer.status_code == 200
        assert [item["id"] for item in answer.json()["envelop"]] == [
            str(items[owner.code, country].id)
        ]
    # A client naming the other's company is refused, as ever.
    assert_refused(
        caller.get(path, {"companyCode": theirs.code, "countryCode": "US"}),
        400,
        "Invalid company code",
    )


def test_an_item_shows_the_same_in_its_list_as_in_a_movement_request(caller, company, settings):
    """The lists' items and a movement request's are shaped by their own selectors: the same
    rules for images and specs both ways."""
    settings.PUBLIC_BASE_URL = "https://h.example/api"
    cases = [
        HardwareFactory(company=company, ram="16GB", processor=None, image="/static/a.svg"),
        HardwareFactory(company=company, description='a "b"\n', image="pictures/1.png"),
        HardwareFactory(company=company, image="//cdn.example.com/1.png"),
        HardwareFactory(company=company, image="https://images.example.com/2.png"),
    ]
    movement = MovementRequestFactory(company=company, hardwares=cases)

    listed = caller.get("/hardwares", {"companyCode": "HWC"}).json()["envelop"]
    carried = caller.get(f"/movement_requests/{movement.id}", {"companyCode": "HWC"}).json()[
        "envelop"
    ][0]["hardwares"]

    assert len(carried) == len(cases)
    for shown in carried:
        [item] = [item for item in listed if item["id"] == shown["id"]]
        assert {key: item[key] for key in shown.keys() & item.keys()} == shown
        assert {key: item.get(key) for key in ("ram", "processor")} == {
            key: shown.get(key) for key in ("ram", "processor")
        }
