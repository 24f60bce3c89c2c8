"""GET /movement_requests/{movementRequestId} and GET /movement_requests."""

import uuid
from datetime import date

import pytest

from config.kernel.actors import Actor
from config.kernel.shipping import Shipping
from logistics import services
from logistics.answers import MovementRequestSerializer
from tests.factories import (
    CompanyFactory,
    EmployeeFactory,
    HardwareFactory,
    MovementRequestFactory,
)
from tests.logistics.shapes import carried, history, movement, person
from tests.support import assert_refused, error, success

pytestmark = pytest.mark.django_db


def detail(caller, movement_id, company_code="MOV"):
    return caller.get(f"/movement_requests/{movement_id}", {"companyCode": company_code})


def listing(caller, **criteria):
    return caller.get("/movement_requests", {"companyCode": "MOV", **criteria})


NOT_FOUND = error(404, "Movement request not found")


def coordinated_onboarding(caller, company):
    """An onboarding made by the API client, then coordinated by an operator with an eta."""
    employee = EmployeeFactory(company=company, email="ada@example.com")
    item = HardwareFactory(company=company, serial_number="SN-READ-1", ram="16GB")
    movement = services.movement_onboarding_create(
        company=company,
        actor=Actor.api_client(caller.api_client),
        hardware_ids=[item.id],
        employee_email="ada@example.com",
        expected_date=date(2026, 12, 1),
    )
    services.movement_request_move(
        movement_request_id=movement.id,
        to_status="COORDINATED",
        actor=Actor.command("transition"),
        shipping=Shipping(eta=date(2026, 11, 28), tracking_code="TRK-1"),
    )
    movement.refresh_from_db()
    return movement, employee, item


def test_detail_answers_the_request_in_an_array_with_its_history_ids(caller, company):
    stored, employee, item = coordinated_onboarding(caller, company)

    response = detail(caller, stored.id)

    assert response.status_code == 200
    shown = movement(
        stored,
        type="ONBOARDING",
        status="COORDINATED",
        eta="2026-11-28",
        sendTo="EMPLOYEE",
        handledBy="PROVIDER",
        expectedDate="2026-12-01",
        trackingCode="TRK-1",
        apiClientRequesterName=caller.api_client.name,
        companyName="Moving Co",
        toEmployeeId=str(employee.id),
        toEmployee=person(employee),
        storage={"id": str(item.storage_id), "countryCode": "US"},
        hardwares=[carried(item, ram="16GB")],
        movementRequestStatusHistoric=history(
            stored, (None, "PROCESSING"), ("PROCESSING", "COORDINATED")
        ),
        # The move with a tracking code made its parcel (tracking.services.shipment_open).
        shipments=[
            {
                "id": str(stored.shipments.get().id),
                "carrier": "UNKNOWN",
                "trackingCode": "TRK-1",
                "status": "PRE_TRANSIT",
                "eta": "2026-11-28",
            }
        ],
    )
    assert response.json() == success([shown])


def test_list_answers_the_same_requests_with_history_without_ids(caller, company):
    movement, _, _ = coordinated_onboarding(caller, company)

    response = listing(caller)

    assert response.status_code == 200
    body = response.json()
    assert (body["statusCode"], body["message"]) == (200, "Request successful")
    [listed] = body["envelop"]
    [shown] = detail(caller, movement.id).json()["envelop"]
    assert listed["movementRequestStatusHistoric"] == [
        {key: value for key, value in change.items() if key != "id"}
        for change in shown["movementRequestStatusHistoric"]
    ]
    assert {**listed, "movementRequestStatusHistoric": None} == {
        **shown,
        "movementRequestStatusHistoric": None,
    }
    assert set(listed) == set(MovementRequestSerializer().fields)


def test_list_shows_the_companys_requests_completed_and_pending_newest_first(caller, company):
    done = MovementRequestFactory(company=company, status="DONE")
    pending = MovementRequestFactory(company=company)
    MovementRequestFactory()  # another client's company
    MovementRequestFactory(company=CompanyFactory(api_client=caller.api_client))  # a sister's

    envelop = listing(caller).json()["envelop"]

    assert [row["id"] for row in envelop] == [str(pending.id), str(done.id)]


def test_offboarding_and_off_on_show_their_people_and_storage(caller, company):
    leaver = EmployeeFactory(company=company, country_code="DE")
    joiner = EmployeeFactory(company=company, country_code="FR")
    returned = MovementRequestFactory(
        company=company,
        type="OFFBOARDING",
        send_to="STORAGE",
        from_employee=leaver,
        to_employee=None,
        factory_reset=True,
    )
    passed_on = MovementRequestFactory(
        company=company, type="OFF_ON", from_employee=leaver, to_employee=joiner, storage=None
    )

    rows = {row["id"]: row for row in listing(caller).json()["envelop"]}

    offboarding, off_on = rows[str(returned.id)], rows[str(passed_on.id)]
    assert (offboarding["fromEmployeeId"], offboarding["toEmployeeId"]) == (str(leaver.id), None)
    assert offboarding["fromEmployee"]["countryCode"] == "DE"
    assert offboarding["toEmployee"] is None
    assert offboarding["storage"]["countryCode"] == "US"
    assert offboarding["factoryReset"] is True
    assert (off_on["fromEmployee"]["id"], off_on["toEmployee"]["id"]) == (
        str(leaver.id),
        str(joiner.id),
    )
    assert off_on["storage"] is None


@pytest.mark.parametrize("movement_type", ["ONBOARDING", "OFFBOARDING", "OFF_ON", "off_on"])
def test_list_filters_by_type(caller, company, movement_type):
    made = {
        kind: MovementRequestFactory(company=company, type=kind)
        for kind in ("ONBOARDING", "OFFBOARDING", "OFF_ON")
    }

    envelop = listing(caller, type=movement_type).json()["envelop"]

    assert [row["id"] for row in envelop] == [str(made[movement_type.upper()].id)]


def test_list_without_a_type_or_with_an_empty_one_shows_every_type(caller, company):
    for kind in ("ONBOARDING", "OFFBOARDING", "OFF_ON"):
        MovementRequestFactory(company=company, type=kind)

    assert len(listing(caller).json()["envelop"]) == 3
    assert len(listing(caller, type="").json()["envelop"]) == 3


@pytest.mark.parametrize("movement_type", ["RETURN", "ONBOARDING,OFF_ON", "0"])
def test_list_refuses_a_bad_type(caller, company, movement_type):
    response = listing(caller, type=movement_type)

    assert_refused(response, 400, "Invalid type: expected ONBOARDING, OFFBOARDING or OFF_ON")


def test_list_refuses_a_missing_or_foreign_company_code(caller, other_caller, company):
    CompanyFactory(api_client=other_caller.api_client, code="THR")

    missing = caller.get("/movement_requests")
    foreign = caller.get("/movement_requests", {"companyCode": "THR"})
    unknown = caller.get("/movement_requests", {"companyCode": "ZZZ"})

    assert missing.json() == error(400, "Missing required filter: companyCode")
    assert foreign.json() == unknown.json() == error(400, "Invalid Company code")


@pytest.mark.parametrize("movement_id", ["not-a-uuid", "42", "0ae85710-e341-4481-8d82"])
def test_detail_refuses_a_malformed_id(caller, company, movement_id):
    response = detail(caller, movement_id)

    assert_refused(response, 400, "Invalid MovementRequest id")


def test_detail_of_an_unknown_request_is_404(caller, company):
    response = detail(caller, uuid.uuid4())

    assert response.status_code == 404
    assert response.json() == NOT_FOUND


def test_detail_hides_the_requests_of_other_clients_and_other_companies(
    caller, other_caller, company
):
    theirs = MovementRequestFactory(company=CompanyFactory(api_client=other_caller.api_client))
    sister = CompanyFactory(api_client=caller.api_client, code="SIS")
    sisters = MovementRequestFactory(company=sister)

    assert detail(caller, theirs.id).json() == NOT_FOUND
    assert detail(caller, sisters.id).json() == NOT_FOUND
    assert detail(caller, sisters.id, company_code="SIS").status_code == 200


def test_detail_with_the_company_code_of_another_client_is_400(caller, other_caller, company):
    theirs = CompanyFactory(api_client=other_caller.api_client, code="THR")
    movement = MovementRequestFactory(company=theirs)

    response = detail(caller, movement.id, company_code="THR")

    assert response.json() == error(400, "Invalid company code")


@pytest.mark.parametrize("path", ["/movement_requests", f"/movement_requests/{uuid.uuid4()}"])
def test_reads_without_a_key_are_401(anonymous, company, path):
    response = anonymous.get(path, {"companyCode": "MOV"})

    assert response.status_code == 401
    assert response.json()["message"] == "Unauthorized access"


def test_detail_through_the_gateway_answers_like_the_direct_call(caller, company):
    movement = MovementRequestFactory(company=company)

    gateway = caller.post(
        "/gateway",
        {
            "verb": "GET",
            "request": f"movement_requests/{movement.id}",
            "vendor": "hlos",
            "filters": {"companyCode": "MOV"},
        },
        format="json",
    )

    assert gateway.status_code == 200
    assert gateway.json() == detail(caller, movement.id).json()


@pytest.mark.parametrize("rows", [1, 50])
def test_list_uses_a_fixed_number_of_queries(caller, company, django_assert_max_num_queries, rows):
    for _ in range(rows):
        movement = MovementRequestFactory(
            company=company, hardwares=HardwareFactory.create_batch(2, company=company)
        )
        services.movement_request_move(
            movement_request_id=movement.id, to_status="COORDINATED", actor=Actor.command("t")
        )

    listing(caller)  # records the key's first use, once
    # key, company, requests with their people, storage and company, histories, hardware
    with django_assert_max_num_queries(5):
        response = listing(caller, type="ONBOARDING")

    envelop = response.json()["envelop"]
    assert len(envelop) == rows
    assert all(len(row["movementRequestStatusHistoric"]) == 2 for row in envelop)
    assert all(len(row["hardwares"]) == 2 for row in envelop)


def test_detail_uses_a_fixed_number_of_queries(caller, company, django_assert_max_num_queries):
    movement = MovementRequestFactory(
        company=company, hardwares=HardwareFactory.create_batch(20, company=company)
    )

    detail(caller, movement.id)  # records the key's first use, once
    with django_assert_max_num_queries(5):
        response = detail(caller, movement.id)

    assert len(response.json()["envelop"][0]["hardwares"]) == 20
