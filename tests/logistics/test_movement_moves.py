"""Operator moves of movement requests (CONTRACT.md, Operator moves), through the service and
through `python manage.py transition movement ...`."""

import re
import uuid
from datetime import date
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from config.kernel.actors import Actor
from config.kernel.errors import NotFound, ServiceError
from config.kernel.shipping import Shipping
from hardware.models import Hardware
from logistics import services
from logistics.models import MovementRequest
from tests.factories import CompanyFactory, EmployeeFactory, HardwareFactory, MovementRequestFactory
from tests.support import run_together

pytestmark = pytest.mark.django_db

OPERATOR = Actor.command("transition")


def onboarding(items: int = 2) -> MovementRequest:
    """An onboarding made through its service: the items are claimed (inMovement)."""
    company = CompanyFactory()
    employee = EmployeeFactory(company=company)
    hardware = HardwareFactory.create_batch(items, company=company)
    return services.movement_onboarding_create(
        company=company,
        actor=Actor.api_client(company.api_client),
        hardware_ids=[item.id for item in hardware],
        employee_email=employee.email,
    )


def move(movement, status, **shipping):
    return services.movement_request_move(
        movement_request_id=movement.id,
        to_status=status,
        actor=OPERATOR,
        shipping=Shipping(**shipping),
    )


def transition(*args) -> str:
    out = StringIO()
    call_command("transition", "movement", *map(str, args), stdout=out)
    return out.getvalue()


def history(movement) -> list[tuple]:
    return list(
        movement.status_history.values_list(
            "status_from", "status_to", "actor_kind", "actor_name", "eta", "tracking_code"
        )
    )


def snapshot(movement) -> tuple:
    """All a refused move must leave as it was: the request, its history, its hardware."""
    stored = MovementRequest.objects.get(pk=movement.pk)
    hardware = list(
        Hardware.objects.filter(movement_requests=movement)
        .order_by("pk")
        .values_list("status", "employee_id", "storage_id", "in_movement", "updated_at")
    )
    return (
        stored.status,
        stored.eta,
        stored.tracking_code,
        stored.date_completed,
        stored.updated_at,
        movement.status_history.count(),
        hardware,
    )


def test_processing_to_coordinated_to_done_lands_the_hardware_with_the_employee():
    movement = onboarding()

    coordinated = move(movement, "COORDINATED", eta=date(2026, 12, 3), tracking_code="TRK-9")

    assert (coordinated.status, coordinated.eta, coordinated.date_completed) == (
        "COORDINATED",
        date(2026, 12, 3),
        None,
    )
    assert set(Hardware.objects.values_list("status", "in_movement")) == {("STORAGE", True)}

    done = move(movement, "DONE", tracking_link="https://track.example.com/TRK-9")

    assert done.status == "DONE"
    assert done.date_completed is not None
    assert (done.eta, done.tracking_code) == (date(2026, 12, 3), "TRK-9")
    assert done.tracking_link == "https://track.example.com/TRK-9"
    items = Hardware.objects.all()
    assert {
        (item.status, item.employee_id, item.storage_id, item.in_movement) for item in items
    } == {("EMPLOYEE", movement.to_employee_id, None, False)}
    assert history(movement) == [
        (None, "PROCESSING", "API_CLIENT", movement.company.api_client.name, None, None),
        ("PROCESSING", "COORDINATED", "COMMAND", "transition", date(2026, 12, 3), "TRK-9"),
        ("COORDINATED", "DONE", "COMMAND", "transition", date(2026, 12, 3), "TRK-9"),
    ]


def test_processing_to_done_at_once_with_eta_and_tracking():
    movement = onboarding()

    done = move(
        movement,
        "DONE",
        eta=date(2026, 12, 1),
        tracking_code="TRK-1",
        tracking_link="http://track.example.com/1",
    )

    assert (done.status, done.eta, done.tracking_code) == ("DONE", date(2026, 12, 1), "TRK-1")
    assert history(movement)[-1] == (
        "PROCESSING",
        "DONE",
        "COMMAND",
        "transition",
        date(2026, 12, 1),
        "TRK-1",
    )
    assert set(Hardware.objects.values_list("status", "in_movement")) == {("EMPLOYEE", False)}


def test_offboarding_done_puts_the_hardware_in_its_storage():
    leaver = EmployeeFactory()
    item = HardwareFactory(company=leaver.company, employee=leaver, on_employee=True)
    Hardware.objects.filter(pk=item.pk).update(in_movement=True)
    movement = MovementRequestFactory(
        company=leaver.company,
        type="OFFBOARDING",
        send_to="STORAGE",
        from_employee=leaver,
        to_employee=None,
        hardwares=[item],
    )

    move(movement, "DONE")

    item.refresh_from_db()
    assert (item.status, item.employee_id, item.storage_id, item.in_movement) == (
        "STORAGE",
        None,
        movement.storage_id,
        False,
    )


def test_off_on_done_assigns_the_hardware_to_the_receiving_employee():
    leaver = EmployeeFactory()
    joiner = EmployeeFactory(company=leaver.company)
    item = HardwareFactory(company=leaver.company, employee=leaver, on_employee=True)
    movement = MovementRequestFactory(
        company=leaver.company,
        type="OFF_ON",
        from_employee=leaver,
        to_employee=joiner,
        storage=None,
        hardwares=[item],
    )

    move(movement, "COORDINATED")
    move(movement, "DONE")

    item.refresh_from_db()
    assert (item.status, item.employee_id, item.in_movement) == ("EMPLOYEE", joiner.id, False)


REFUSED = [
    (
        [],
        "PROCESSING",
        "cannot move from PROCESSING to PROCESSING (allowed: COORDINATED, DONE, CANCELLED)",
    ),
    (
        ["COORDINATED"],
        "PROCESSING",
        "cannot move from COORDINATED to PROCESSING (allowed: DONE, CANCELLED)",
    ),
    (["COORDINATED"], "COORDINATED", "cannot move from COORDINATED to COORDINATED"),
    (["DONE"], "DONE", "cannot move from DONE to DONE (allowed: none, it makes no more moves)"),
    (["DONE"], "COORDINATED", "cannot move from DONE to COORDINATED"),
    (["DONE"], "PROCESSING", "cannot move from DONE to PROCESSING"),
]


@pytest.mark.parametrize(("before", "status", "reason"), REFUSED)
def test_a_move_the_status_does_not_allow_is_refused_and_changes_nothing(before, status, reason):
    movement = onboarding()
    for step in before:
        move(movement, step)
    unchanged = snapshot(movement)

    with pytest.raises(ServiceError) as refused:
        move(movement, status, eta=date(2027, 1, 1), tracking_code="NEW")

    assert refused.value.status_code == 400
    assert refused.value.message.startswith(f"Movement request {movement.movement_request_number} ")
    assert reason in refused.value.message
    assert snapshot(movement) == unchanged


@pytest.mark.parametrize(
    ("extra", "field"),
    [
        ({"tracking_link": "not a link"}, "trackingLink"),
        ({"tracking_link": "ftp://files.example.com/1"}, "trackingLink"),
        ({"tracking_link": "https://example.com/" + "x" * 500}, "trackingLink"),
        ({"tracking_code": "C" * 101}, "trackingCode"),
    ],
)
def test_a_move_refuses_a_bad_tracking_code_or_link_and_changes_nothing(extra, field):
    movement = onboarding()
    unchanged = snapshot(movement)

    with pytest.raises(ServiceError) as refused:
        move(movement, "COORDINATED", **extra)

    assert refused.value.message == "Invalid request data"
    assert [detail["field"] for detail in refused.value.details] == [field]
    assert snapshot(movement) == unchanged


def test_moving_an_unknown_request_is_not_found():
    with pytest.raises(NotFound, match="Movement request not found"):
        services.movement_request_move(
            movement_request_id=uuid.uuid4(), to_status="DONE", actor=OPERATOR
        )


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_two_operators_finishing_one_request_at_once_finish_it_once():
    movement = onboarding()

    outcomes = run_together(*[lambda: move(movement, "DONE")] * 2)

    assert sorted(
        "refused" if isinstance(outcome, ServiceError) else outcome.status for outcome in outcomes
    ) == ["DONE", "refused"]
    assert movement.status_history.filter(status_to="DONE").count() == 1


# --- python manage.py transition movement <id> <STATUS> ---------------------------------------


def test_the_command_moves_and_prints_the_new_status():
    movement = onboarding()

    printed = transition(
        movement.id,
        "COORDINATED",
        "--eta",
        "2026-12-03",
        "--tracking-code",
        "TRK-5",
        "--tracking-link",
        "https://track.example.com/TRK-5",
    )

    assert printed == "COORDINATED\n"
    movement.refresh_from_db()
    assert (movement.status, movement.eta, movement.tracking_code, movement.tracking_link) == (
        "COORDINATED",
        date(2026, 12, 3),
        "TRK-5",
        "https://track.example.com/TRK-5",
    )
    assert history(movement)[-1][:4] == ("PROCESSING", "COORDINATED", "COMMAND", "transition")
    assert transition(movement.id, "done") == "DONE\n"
    assert set(Hardware.objects.values_list("status", "in_movement")) == {("EMPLOYEE", False)}


@pytest.mark.parametrize(("before", "status", "reason"), REFUSED)
def test_the_command_refuses_a_move_with_an_error_and_changes_nothing(before, status, reason):
    movement = onboarding()
    for step in before:
        move(movement, step)
    unchanged = snapshot(movement)

    with pytest.raises(CommandError, match=re.escape(reason)) as error:
        transition(movement.id, status)

    assert error.value.returncode == 1
    assert snapshot(movement) == unchanged


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["not-a-uuid", "DONE"], "Invalid MovementRequest id"),
        ([uuid.uuid4(), "DONE"], "Movement request not found"),
        (
            ["{id}", "SHIPPED"],
            "Unknown status SHIPPED: expected one of PROCESSING, COORDINATED, DONE, CANCELLED",
        ),
        (["{id}", "DONE", "--eta", "03/12/2026"], "expected a date as YYYY-MM-DD"),
        (
            ["{id}", "DONE", "--tracking-link", "nope"],
            "Invalid request data\n  trackingLink: trackingLink must be an http(s) URL",
        ),
    ],
)
def test_the_command_reports_bad_arguments_and_changes_nothing(args, message):
    movement = onboarding()
    unchanged = snapshot(movement)

    with pytest.raises(CommandError) as error:
        transition(*[str(arg).format(id=movement.id) for arg in args])

    assert message in str(error.value)
    assert snapshot(movement) == unchanged


def test_the_command_names_the_kinds_it_moves():
    with pytest.raises(CommandError, match=re.escape("invalid choice: 'parcel' (choose from")):
        call_command("transition", "parcel", str(uuid.uuid4()), "DONE")
