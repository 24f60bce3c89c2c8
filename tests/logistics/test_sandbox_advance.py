"""POST /sandbox/movement_requests/{movementRequestId}/advance: the operator's moves, made by the
API client outside production, through movement_request_move (issue 12;
docs/decisions/0043-sandbox-moves-and-webhook-test.md)."""

import uuid
from datetime import date
from itertools import pairwise

import pytest

from config.kernel.actors import Actor, ActorKind
from hardware.models import Hardware
from logistics import services
from logistics.models import MovementRequest
from tests.factories import CompanyFactory, EmployeeFactory, HardwareFactory, MovementRequestFactory
from tests.support import assert_refused, events_recorded, success

pytestmark = pytest.mark.django_db

KIND = "movement_request.status_changed"


def onboarding(company, items: int = 2) -> MovementRequest:
    """An onboarding made through its service: the items are claimed (inMovement)."""
    employee = EmployeeFactory(company=company)
    hardware = HardwareFactory.create_batch(items, company=company)
    return services.movement_onboarding_create(
        company=company,
        actor=Actor.api_client(company.api_client),
        hardware_ids=[item.id for item in hardware],
        employee_email=employee.email,
    )


def advance(client, movement_id, status, company_code="MOV", **fields):
    body = {"companyCode": company_code, "status": status, **fields}
    return client.post(f"/sandbox/movement_requests/{movement_id}/advance", body, format="json")


def shown(caller, movement) -> dict:
    """The request as GET /movement_requests/{movementRequestId} shows it."""
    response = caller.get(
        f"/movement_requests/{movement.id}", {"companyCode": movement.company.code}
    )
    assert response.status_code == 200
    [row] = response.json()["envelop"]
    return row


def moves(movement) -> list[tuple]:
    """The history's moves (its creation left out)."""
    return list(
        movement.status_history.exclude(status_from=None)
        .order_by("created_at")
        .values_list("status_from", "status_to", "actor_kind", "actor_name")
    )


def by_api(caller, status_from, status_to) -> tuple:
    return (status_from, status_to, ActorKind.API_CLIENT, caller.api_client.name)


def test_coordinated_keeps_the_tracking_and_answers_the_request_as_get_shows_it(caller, company):
    movement = onboarding(company)
    link = "https://tracking.example.com/1Z999"
    shipping = {"eta": "2026-12-01", "trackingCode": "1Z999", "trackingLink": link}

    response = advance(caller, movement.id, "COORDINATED", **shipping)

    assert response.status_code == 200
    assert response.json() == success([shown(caller, movement)])
    [row] = response.json()["envelop"]
    assert (row["status"], row["eta"], row["trackingCode"], row["trackingLink"]) == (
        "COORDINATED",
        "2026-12-01",
        "1Z999",
        link,
    )
    assert moves(movement) == [by_api(caller, "PROCESSING", "COORDINATED")]
    entry = movement.status_history.get(status_to="COORDINATED")
    assert (entry.eta, entry.tracking_code) == (date(2026, 12, 1), "1Z999")
    assert events_recorded(KIND) == [(company.id, str(movement.id), "COORDINATED")]
    # Still on their way.
    assert set(Hardware.objects.values_list("status", "in_movement")) == {("STORAGE", True)}


@pytest.mark.parametrize("path", [["DONE"], ["COORDINATED", "DONE"]])
def test_done_lands_the_hardware_with_the_employee(caller, company, path):
    movement = onboarding(company)

    for status in path:
        response = advance(caller, movement.id, status)

    assert response.status_code == 200
    assert response.json() == success([shown(caller, movement)])
    [row] = response.json()["envelop"]
    assert row["status"] == "DONE"
    assert row["dateCompleted"] is not None
    landed = set(Hardware.objects.values_list("status", "employee_id", "in_movement"))
    assert landed == {("EMPLOYEE", movement.to_employee_id, False)}
    statuses = ["PROCESSING", *path]
    assert moves(movement) == [
        by_api(caller, status_from, status_to) for status_from, status_to in pairwise(statuses)
    ]
    assert [status for *_, status in events_recorded(KIND)] == path


def test_a_move_the_graph_forbids_is_refused_naming_both_statuses(caller, company):
    movement = onboarding(company)
    advance(caller, movement.id, "DONE")

    response = advance(caller, movement.id, "COORDINATED")

    assert_refused(
        response,
        400,
        f"Movement request {movement.movement_request_number} cannot move from DONE to "
        "COORDINATED (allowed: none, it makes no more moves)",
    )
    assert MovementRequest.objects.get(pk=movement.pk).status == "DONE"
    assert [status for *_, status in events_recorded(KIND)] == ["DONE"]


@pytest.mark.parametrize("status", ["PROCESSING", "SHIPPED"])
def test_a_status_no_move_reaches_is_refused_listing_the_statuses(caller, company, status):
    movement = MovementRequestFactory(company=company)

    response = advance(caller, movement.id, status)

    expected = "expected one of COORDINATED, DONE, CANCELLED"
    message = f'"{status}" is not a status a sandbox move reaches: {expected}'
    assert_refused(response, 400, "Invalid request data", [{"field": "status", "message": message}])


def test_an_id_that_is_not_a_uuid_is_refused(caller, company):
    assert_refused(advance(caller, "7", "DONE"), 400, "Invalid MovementRequest id")


def test_another_clients_company_is_an_invalid_company_code(caller, other_caller, company):
    theirs = CompanyFactory(api_client=other_caller.api_client, code="OTH")
    movement = MovementRequestFactory(company=theirs)

    response = advance(caller, movement.id, "DONE", company_code="OTH")

    assert_refused(response, 400, "Invalid company code")
    assert MovementRequest.objects.get(pk=movement.pk).status == "PROCESSING"


@pytest.mark.parametrize("whose", ["another company of the client", "another client", "no one"])
def test_a_request_not_of_the_company_is_not_found(caller, other_caller, company, whose):
    if whose == "no one":
        movement_id = uuid.uuid4()
    else:
        client = caller if whose == "another company of the client" else other_caller
        movement_id = MovementRequestFactory(
            company=CompanyFactory(api_client=client.api_client)
        ).id

    response = advance(caller, movement_id, "DONE")

    assert_refused(response, 404, "Movement request not found")
    assert not MovementRequest.objects.filter(status="DONE").exists()


@pytest.mark.parametrize("keyed", [True, False])
def test_in_production_the_path_is_unknown(caller, anonymous, company, settings, keyed):
    settings.ENVIRONMENT = "production"
    movement = MovementRequestFactory(company=company)

    response = advance(caller if keyed else anonymous, movement.id, "DONE")

    path = f"/sandbox/movement_requests/{movement.id}/advance"
    assert_refused(response, 404, f"Cannot POST {path}: no such endpoint")
    assert MovementRequest.objects.get(pk=movement.pk).status == "PROCESSING"
