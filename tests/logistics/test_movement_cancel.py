"""Movement requests CANCELLED (issue 30; docs/decisions/0084): from PROCESSING or
COORDINATED, by the operator (service, admin, `transition`) and the sandbox. The items are
released where they are, `movement_request.status_changed` is recorded, and CANCELLED is final
and no longer open."""

from io import StringIO

import pytest
from django.core.management import call_command

from config.kernel.actors import Actor, ActorKind
from config.kernel.errors import ServiceError
from employees.services import employee_deactivate
from hardware.models import Hardware
from logistics import services
from logistics.models import MovementRequest
from logistics.selectors import movements_past_expected_date
from tests.admin_pages import message_texts
from tests.factories import CompanyFactory, EmployeeFactory, HardwareFactory
from tests.logistics.test_movement_admin import CHANGELIST, change_page, move_url
from tests.support import assert_refused, events_recorded

pytestmark = pytest.mark.django_db

OPERATOR = Actor.command("transition")
KIND = "movement_request.status_changed"


def onboarding(company=None, items: int = 2) -> MovementRequest:
    """Storage items to an employee, made through the service: the items are in movement."""
    company = company or CompanyFactory(webhook_url="https://hooks.example.com/acme")
    employee = EmployeeFactory(company=company)
    hardware = HardwareFactory.create_batch(items, company=company)
    return services.movement_onboarding_create(
        company=company,
        actor=Actor.api_client(company.api_client),
        hardware_ids=[item.id for item in hardware],
        employee_email=employee.email,
    )


def offboarding(company=None) -> MovementRequest:
    """An employee's item back to storage, made through the service."""
    company = company or CompanyFactory()
    item = HardwareFactory(company=company, on_employee=True)
    return services.movement_offboarding_create(
        api_client=company.api_client,
        handled_by="PROVIDER",
        company=company,
        employee_email=item.employee.email,
        hardware_ids=[item.id],
    )


def move(movement, status) -> MovementRequest:
    return services.movement_request_move(
        movement_request_id=movement.id, to_status=status, actor=OPERATOR
    )


def items_of(movement) -> set[tuple]:
    return set(
        Hardware.objects.filter(movement_requests=movement).values_list(
            "status", "employee_id", "storage_id", "in_movement"
        )
    )


def test_cancelling_a_processing_onboarding_leaves_its_items_in_storage_out_of_movement():
    movement = onboarding()
    in_storage = items_of(movement)

    cancelled = move(movement, "CANCELLED")

    assert (cancelled.status, cancelled.date_completed) == ("CANCELLED", None)
    assert items_of(movement) == {
        (status, employee, storage, False) for status, employee, storage, _ in in_storage
    }
    assert {status for status, *_ in in_storage} == {"STORAGE"}
    steps = movement.status_history.values_list("status_from", "status_to", "actor_kind")
    assert list(steps)[-1] == ("PROCESSING", "CANCELLED", ActorKind.COMMAND)
    assert events_recorded(KIND) == [(movement.company_id, str(movement.id), "CANCELLED")]


def test_cancelling_a_coordinated_offboarding_leaves_its_item_with_the_employee():
    movement = offboarding()
    move(movement, "COORDINATED")

    move(movement, "CANCELLED")

    assert items_of(movement) == {("EMPLOYEE", movement.from_employee_id, None, False)}
    assert [status for *_, status in events_recorded(KIND)] == ["COORDINATED", "CANCELLED"]


def test_a_done_request_cannot_be_cancelled():
    movement = onboarding()
    move(movement, "DONE")
    landed = items_of(movement)

    with pytest.raises(ServiceError) as refused:
        move(movement, "CANCELLED")

    assert refused.value.message == (
        f"Movement request {movement.movement_request_number} cannot move from DONE to "
        "CANCELLED (allowed: none, it makes no more moves)"
    )
    assert items_of(movement) == landed


@pytest.mark.parametrize("status", ["PROCESSING", "COORDINATED", "DONE", "CANCELLED"])
def test_cancelled_is_final(status):
    movement = onboarding()
    move(movement, "CANCELLED")
    released = items_of(movement)

    with pytest.raises(ServiceError) as refused:
        move(movement, status)

    assert refused.value.message.endswith(
        f"cannot move from CANCELLED to {status} (allowed: none, it makes no more moves)"
    )

    assert MovementRequest.objects.get(pk=movement.pk).status == "CANCELLED"
    assert items_of(movement) == released


def test_released_items_can_be_sent_again():
    movement = onboarding(items=1)
    move(movement, "CANCELLED")
    item = Hardware.objects.get(movement_requests=movement)

    again = services.movement_onboarding_create(
        company=movement.company,
        actor=OPERATOR,
        hardware_ids=[item.id],
        employee_email=movement.to_employee.email,
    )

    assert again.status == "PROCESSING"
    assert Hardware.objects.get(pk=item.pk).in_movement


def test_the_command_cancels_a_request_named_by_its_number():
    movement = onboarding()
    out = StringIO()

    call_command(
        "transition", "movement", str(movement.movement_request_number), "cancelled", stdout=out
    )

    assert out.getvalue() == "CANCELLED\n"
    assert {in_movement for *_, in_movement in items_of(movement)} == {False}


# --- no longer open ------------------------------------------------------------------------


def test_an_item_of_a_cancelled_offboarding_keeps_its_employee_from_deactivation():
    movement = offboarding()
    move(movement, "CANCELLED")

    with pytest.raises(ServiceError, match="still holds hardware"):
        employee_deactivate(employee_id=movement.from_employee_id)


def test_an_item_whose_request_was_cancelled_can_be_relocated():
    movement = offboarding()
    move(movement, "CANCELLED")
    item = Hardware.objects.get(movement_requests=movement)

    change = services.hardware_relocate(hardware=str(item.id), storage_country="US")

    assert change.changed
    assert Hardware.objects.get(pk=item.pk).status == "STORAGE"


def test_a_cancelled_request_is_not_late():
    movement = onboarding()
    MovementRequest.objects.filter(pk=movement.pk).update(expected_date="2020-01-01")
    late = MovementRequest.objects.filter(pk=movement.pk)
    assert list(movements_past_expected_date(late)) == [movement]

    move(movement, "CANCELLED")

    assert list(movements_past_expected_date(late)) == []


# --- the admin ---------------------------------------------------------------------------


@pytest.mark.parametrize("before", [[], ["COORDINATED"]])
def test_the_page_offers_cancel_while_the_request_is_open(admin_client, before):
    movement = onboarding()
    for status in before:
        move(movement, status)

    page = admin_client.get(change_page(movement)).content.decode()

    assert 'value="CANCELLED"' in page


def test_the_admin_cancel_asks_first_then_cancels(admin_client, admin_user):
    movement = onboarding(items=1)
    item = Hardware.objects.get(movement_requests=movement)

    asked = admin_client.post(move_url(movement), {"status": "CANCELLED"})

    assert asked.context["final"] is True
    [(record, effects)] = asked.context["records"]
    assert record == movement
    assert effects == [
        f"{item} stays in the US storage, no longer in movement",
        "Webhook movement_request.status_changed sent to https://hooks.example.com/acme",
    ]
    assert MovementRequest.objects.get(pk=movement.pk).status == "PROCESSING"

    response = admin_client.post(
        move_url(movement), {"status": "CANCELLED", "confirmed": "yes"}, follow=True
    )

    assert (
        f"Movement request {movement.movement_request_number} is now CANCELLED."
        in message_texts(response)
    )
    assert Hardware.objects.get(pk=item.pk).in_movement is False
    change = movement.status_history.get(status_to="CANCELLED")
    assert (change.actor_kind, change.actor_name) == (ActorKind.STAFF, admin_user.username)


def test_the_bulk_cancel_lists_where_each_item_stays_then_cancels_each(admin_client):
    company = CompanyFactory()
    returning = offboarding(company)
    sending = onboarding(company, items=1)
    selected = {
        "action": "mark_cancelled",
        "_selected_action": [str(returning.pk), str(sending.pk)],
    }

    asked = admin_client.post(CHANGELIST, selected)

    stays = [effects[0] for _, effects in asked.context["records"]]
    assert stays == [
        f"{returning.hardwares.get()} stays with {returning.from_employee.email}, "
        "no longer in movement",
        f"{sending.hardwares.get()} stays in the US storage, no longer in movement",
    ]

    response = admin_client.post(CHANGELIST, {**selected, "confirmed": "yes"}, follow=True)

    assert message_texts(response) == ["Moved 2 movement request(s) to CANCELLED."]
    assert set(MovementRequest.objects.values_list("status", flat=True)) == {"CANCELLED"}
    assert not Hardware.objects.filter(in_movement=True).exists()


# --- the sandbox and the list --------------------------------------------------------------


def test_the_sandbox_cancels_and_answers_the_request(caller, company):
    movement = onboarding(company)

    response = caller.post(
        f"/sandbox/movement_requests/{movement.id}/advance",
        {"companyCode": "MOV", "status": "CANCELLED"},
        format="json",
    )

    assert response.status_code == 200
    [row] = response.json()["envelop"]
    assert row["status"] == "CANCELLED"
    assert [step["statusTo"] for step in row["movementRequestStatusHistoric"]] == [
        "PROCESSING",
        "CANCELLED",
    ]
    assert {in_movement for *_, in_movement in items_of(movement)} == {False}
    assert events_recorded(KIND) == [(company.id, str(movement.id), "CANCELLED")]


@pytest.mark.parametrize("status", ["CANCELLED", "cancelled", "PROCESSING"])
def test_the_list_filters_by_status(caller, company, status):
    cancelled, kept = onboarding(company), onboarding(company)
    move(cancelled, "CANCELLED")
    wanted = cancelled if status.upper() == "CANCELLED" else kept

    response = caller.get("/movement_requests", {"companyCode": "MOV", "status": status})

    assert [row["id"] for row in response.json()["envelop"]] == [str(wanted.id)]


def test_the_list_refuses_a_status_it_does_not_know(caller, company):
    response = caller.get("/movement_requests", {"companyCode": "MOV", "status": "OPEN"})

    assert_refused(
        response, 400, "Invalid status: expected PROCESSING, COORDINATED, DONE or CANCELLED"
    )


def test_an_items_answers_show_it_released_with_its_cancelled_request(caller, company):
    movement = onboarding(company, items=1)
    move(movement, "CANCELLED")
    item = Hardware.objects.get(movement_requests=movement)

    [shown] = caller.get(f"/hardwares/{item.id}", {"companyCode": "MOV"}).json()["envelop"]

    assert shown["inMovement"] is False
    assert [request["status"] for request in shown["movementRequests"]] == ["CANCELLED"]
