"""POST /sandbox/shipments/{shipmentId}/simulate: a carrier's story of a parcel, told through
the carriers' way in, with its webhooks at a real local receiver (issue 31)."""

import json
import uuid

import pytest
from standardwebhooks.webhooks import Webhook

from tests.factories import CompanyFactory, EmployeeFactory, HardwareFactory, MovementRequestFactory
from tests.support import assert_refused
from tests.tracking.parcels import advance, onboarding, shipments
from tracking.models import Shipment

pytestmark = pytest.mark.django_db


def simulate(client, shipment_id, scenario, company_code="TRK"):
    body = {"companyCode": company_code, "scenario": scenario}
    return client.post(f"/sandbox/shipments/{shipment_id}/simulate", body, format="json")


def coordinated(caller, company, code="1Z999AA10123456784", **movement):
    movement = onboarding(company, **movement)
    advance(caller, movement, trackingCode=code)
    return Shipment.objects.get(movement_request=movement)


def delivered_webhooks(receiver, company) -> list[tuple]:
    """The webhooks the receiver was sent, checked against the company's signature, as
    (type, the status their data shows)."""
    told = []
    for request in receiver.requests:
        headers = {name.lower(): value for name, value in request["headers"].items()}
        payload = Webhook(company.webhook_secret).verify(request["body"], headers)
        told.append((payload["type"], payload["data"]["status"]))
    return told


@pytest.mark.parametrize(
    ("scenario", "statuses", "detail"),
    [
        ("DELIVERED", ["IN_TRANSIT", "OUT_FOR_DELIVERY", "DELIVERED"], "arrived_at_destination"),
        (
            "ATTEMPT_FAIL_THEN_DELIVERED",
            ["IN_TRANSIT", "OUT_FOR_DELIVERY", "FAILURE", "OUT_FOR_DELIVERY", "DELIVERED"],
            "arrived_at_destination",
        ),
        ("EXCEPTION_CUSTOMS", ["IN_TRANSIT", "FAILURE"], "held"),
        ("LOST", ["IN_TRANSIT", "FAILURE"], "lost"),
        (
            "RETURN_TO_SENDER",
            ["IN_TRANSIT", "OUT_FOR_DELIVERY", "FAILURE", "RETURN_TO_SENDER"],
            "return",
        ),
    ],
)
def test_each_scenario_moves_the_shipment_and_tells_the_company_at_each_change(
    caller,
    company,
    receiver,
    django_capture_on_commit_callbacks,
    eager_tasks,
    scenario,
    statuses,
    detail,
):
    company.webhook_url = receiver.url
    company.save()
    parcel = coordinated(caller, company)

    with django_capture_on_commit_callbacks(execute=True):
        response = simulate(caller, parcel.id, scenario)

    assert response.status_code == 200
    [answered] = response.json()["envelop"]
    assert (answered["status"], answered["statusDetail"]) == (statuses[-1], detail)
    assert {event["source"] for event in answered["events"]} == {"SANDBOX"}
    times = [event["occurredAt"] for event in answered["events"]]
    assert times == sorted(times) and times[0][:10] < times[-1][:10]  # over days
    assert [event["location"]["countryCode"] for event in answered["events"]][:1] == ["US"]
    assert delivered_webhooks(receiver, company) == [
        ("shipment.status_changed", status) for status in statuses
    ]
    # The last webhook shows the shipment as the read does, with the record holding it.
    last = json.loads(receiver.requests[-1]["body"])["data"]
    [read] = shipments(caller, f"/movement_requests/{parcel.movement_request_id}", "TRK")
    assert last == read == answered
    assert read["record"]["type"] == "MOVEMENT_REQUEST"
    assert (read["deliveredAt"] is not None) == (statuses[-1] == "DELIVERED")


def test_a_delivered_onboarding_is_done_when_the_company_asks_for_it(caller, company):
    patched = caller.patch("/companies/TRK", {"completeOnDelivery": True}, format="json")
    assert patched.json()["envelop"][0]["completeOnDelivery"] is True
    parcel = coordinated(caller, company)

    simulate(caller, parcel.id, "DELIVERED")

    movement = caller.get(
        f"/movement_requests/{parcel.movement_request_id}", {"companyCode": "TRK"}
    ).json()["envelop"][0]
    assert movement["status"] == "DONE"
    assert movement["dateCompleted"] is not None
    [item] = movement["hardwares"]
    hardware = caller.get(f"/hardwares/{item['id']}", {"companyCode": "TRK"}).json()
    assert hardware["envelop"][0]["status"] == "EMPLOYEE"
    assert hardware["envelop"][0]["employeeProfile"]["id"] == movement["toEmployeeId"]
    assert [entry["statusTo"] for entry in movement["movementRequestStatusHistoric"]] == [
        "PROCESSING",
        "COORDINATED",
        "DONE",
    ]


def test_without_the_setting_a_delivered_onboarding_waits_for_the_operator(caller, company):
    parcel = coordinated(caller, company)

    simulate(caller, parcel.id, "DELIVERED")

    movement = caller.get(
        f"/movement_requests/{parcel.movement_request_id}", {"companyCode": "TRK"}
    ).json()["envelop"][0]
    assert (movement["status"], movement["shipments"][0]["status"]) == (
        "COORDINATED",
        "DELIVERED",
    )


def test_a_returned_device_delivered_to_the_warehouse_does_not_complete_the_offboarding(
    caller, company
):
    company.complete_on_delivery = True
    company.save()
    employee = EmployeeFactory(company=company)
    movement = MovementRequestFactory(
        company=company,
        type="OFFBOARDING",
        send_to="STORAGE",
        from_employee=employee,
        to_employee=None,
        hardwares=[HardwareFactory(company=company, on_employee=True, employee=employee)],
    )
    advance(caller, movement, trackingCode="1Z999AA10123456784")

    simulate(caller, Shipment.objects.get(movement_request=movement).id, "DELIVERED")

    movement.refresh_from_db()
    assert movement.status == "COORDINATED"


def test_played_again_the_story_goes_on_from_where_it_was(caller, company):
    parcel = coordinated(caller, company)
    simulate(caller, parcel.id, "ATTEMPT_FAIL_THEN_DELIVERED")

    again = simulate(caller, parcel.id, "RETURN_TO_SENDER")

    [answered] = again.json()["envelop"]
    assert answered["status"] == "RETURN_TO_SENDER"
    times = [event["occurredAt"] for event in answered["events"]]
    assert times == sorted(times)


def test_another_companys_shipment_is_not_found(caller, other_caller, company):
    CompanyFactory(api_client=other_caller.api_client, code="THR")
    parcel = coordinated(caller, company)

    theirs = simulate(other_caller, parcel.id, "DELIVERED", company_code="THR")
    unknown = simulate(caller, uuid.uuid4(), "DELIVERED")

    assert_refused(theirs, 404, "Shipment not found")
    assert_refused(unknown, 404, "Shipment not found")
    parcel.refresh_from_db()
    assert parcel.status == "PRE_TRANSIT"


def test_a_scenario_outside_the_list_is_refused_naming_them(caller, company):
    parcel = coordinated(caller, company)

    response = simulate(caller, parcel.id, "TELEPORTED")

    expected = (
        '"TELEPORTED" is not a scenario: expected one of DELIVERED, '
        "ATTEMPT_FAIL_THEN_DELIVERED, EXCEPTION_CUSTOMS, LOST, RETURN_TO_SENDER"
    )
    assert response.status_code == 400
    assert response.json()["details"] == [{"field": "scenario", "message": expected}]


def test_a_malformed_id_is_refused(caller, company):
    assert_refused(simulate(caller, "not-a-uuid", "LOST"), 400, "Invalid shipment id")


def test_in_production_the_path_is_unknown(caller, company, settings):
    parcel = coordinated(caller, company)
    settings.ENVIRONMENT = "production"
    path = f"/sandbox/shipments/{parcel.id}/simulate"

    response = simulate(caller, parcel.id, "DELIVERED")

    assert_refused(response, 404, f"Cannot POST {path}: no such endpoint")
