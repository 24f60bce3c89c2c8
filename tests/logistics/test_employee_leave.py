"""An employee's leave and return (issue 30, the logistics side of SCIM deactivation;
docs/decisions/0084): a leave opens one offboarding for what the employee holds and can move,
and deactivates them; a repeat makes nothing new; a return makes them ACTIVE again and cancels
that offboarding while it is still PROCESSING."""

import pytest
from django.db import transaction

from config.kernel.actors import Actor, ActorKind
from config.kernel.errors import ServiceError
from employees.choices import EmployeeStatus
from employees.models import Employee
from employees.services import employee_reactivate
from hardware.choices import RetiredReason
from hardware.lifecycle import hardware_retire
from hardware.models import Hardware, Storage
from logistics import services
from logistics.models import MovementRequest
from tests.factories import CompanyFactory, EmployeeFactory, HardwareFactory
from tests.logistics.test_lock_order import Call, wait_until, waiting_for_locks
from tests.support import events_recorded
from tests.support.threads import TIMEOUT_SECONDS

pytestmark = pytest.mark.django_db

REQUESTER = "SCIM"
CREATED, MOVED = "movement_request.created", "movement_request.status_changed"


def holding(employee, count: int = 1) -> list[Hardware]:
    return HardwareFactory.create_batch(
        count,
        company=employee.company,
        employee=employee,
        status="EMPLOYEE",
        storage=None,
        country_code=employee.country_code,
    )


def leave(employee) -> MovementRequest | None:
    return services.employee_leave(employee=employee, requester_name=REQUESTER)


def status_of(employee) -> str:
    return Employee.objects.get(pk=employee.pk).status


def move(movement, status) -> None:
    services.movement_request_move(
        movement_request_id=movement.pk, to_status=status, actor=Actor.command("t")
    )


def in_movement(items) -> set[bool]:
    held = Hardware.objects.filter(pk__in=[item.pk for item in items])
    return set(held.values_list("in_movement", flat=True))


def test_a_leave_opens_one_offboarding_for_what_they_hold_and_deactivates_them():
    employee = EmployeeFactory(country_code="DE", email="lena@example.com")
    items = holding(employee, 2)

    movement = leave(employee)

    stored = MovementRequest.objects.get()
    assert stored == movement
    assert (
        stored.type,
        stored.status,
        stored.handled_by,
        stored.send_to,
        stored.from_employee_id,
        stored.to_employee_id,
        stored.storage,
        stored.api_client_requester_name,
        stored.opened_on_leave,
    ) == (
        "OFFBOARDING",
        "PROCESSING",
        "PROVIDER",
        "STORAGE",
        employee.pk,
        None,
        Storage.objects.get(country_code="EU"),  # the storage serving Germany
        REQUESTER,
        True,
    )
    assert set(stored.hardwares.all()) == set(items)
    assert in_movement(items) == {True}
    assert list(stored.status_history.values_list("status_to", "actor_kind", "actor_name")) == [
        ("PROCESSING", ActorKind.API_CLIENT, REQUESTER)
    ]
    assert events_recorded(CREATED) == [(employee.company_id, str(stored.id), "PROCESSING")]
    assert status_of(employee) == EmployeeStatus.DEACTIVATED


def test_the_offboarding_reads_as_the_api_shows_it(caller, company):
    employee = EmployeeFactory(company=company)
    holding(employee)

    movement = leave(employee)

    response = caller.get(f"/movement_requests/{movement.id}", {"companyCode": "MOV"})
    [row] = response.json()["envelop"]
    assert (row["type"], row["apiClientRequesterName"], row["fromEmployee"]["id"]) == (
        "OFFBOARDING",
        REQUESTER,
        str(employee.pk),
    )


def test_items_an_open_request_takes_back_already_are_left_to_it():
    employee = EmployeeFactory()
    returned, kept = holding(employee), holding(employee)
    earlier = services.movement_offboarding_create(
        api_client=employee.company.api_client,
        handled_by="PROVIDER",
        company=employee.company,
        employee_email=employee.email,
        hardware_ids=[item.pk for item in returned],
    )

    movement = leave(employee)

    assert list(movement.hardwares.all()) == kept
    assert list(earlier.hardwares.all()) == returned
    assert status_of(employee) == EmployeeStatus.DEACTIVATED


def test_nothing_to_take_back_opens_nothing_and_still_deactivates():
    employee = EmployeeFactory()
    stored = HardwareFactory(company=employee.company)
    # Hardware on its way to them is not theirs until it lands: the leave leaves it to the
    # operator (decision 0084).
    onboarding = services.movement_onboarding_create(
        company=employee.company,
        actor=Actor.command("t"),
        hardware_ids=[stored.pk],
        employee_email=employee.email,
    )

    assert leave(employee) is None

    assert list(MovementRequest.objects.all()) == [onboarding]
    assert status_of(employee) == EmployeeStatus.DEACTIVATED


def test_a_repeated_leave_makes_nothing_new():
    employee = EmployeeFactory()
    holding(employee, 2)

    first = leave(employee)
    second = leave(employee)

    assert (first is not None, second) == (True, None)
    assert MovementRequest.objects.count() == 1
    assert len(events_recorded(CREATED)) == 1


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_two_leaves_at_once_open_one_offboarding():
    employee = EmployeeFactory()
    holding(employee, 2)
    leaves = [Call(lambda: leave(employee)) for _ in range(2)]

    # Both start while the employee is held here, so both are waiting when it is let go.
    with transaction.atomic():
        Employee.objects.select_for_update().get(pk=employee.pk)
        for call in leaves:
            call.start()
        wait_until(lambda: waiting_for_locks() == 2)
    for call in leaves:
        call.join(TIMEOUT_SECONDS)

    outcomes = [call.outcome for call in leaves]
    assert sorted(isinstance(outcome, MovementRequest) for outcome in outcomes) == [False, True]
    assert None in outcomes
    assert MovementRequest.objects.count() == 1
    assert len(events_recorded(CREATED)) == 1
    assert status_of(employee) == EmployeeStatus.DEACTIVATED


# --- the return ----------------------------------------------------------------------------


def test_a_return_cancels_the_processing_offboarding_of_the_leave_and_releases_its_items():
    employee = EmployeeFactory()
    items = holding(employee, 2)
    movement = leave(employee)

    cancelled = services.employee_return(employee=employee)

    assert cancelled == [movement]
    assert status_of(employee) == EmployeeStatus.ACTIVE
    assert MovementRequest.objects.get(pk=movement.pk).status == "CANCELLED"
    assert set(
        Hardware.objects.filter(pk__in=[i.pk for i in items]).values_list(
            "status", "employee_id", "in_movement"
        )
    ) == {("EMPLOYEE", employee.pk, False)}
    change = movement.status_history.get(status_to="CANCELLED")
    assert (change.status_from, change.actor_kind, change.actor_name) == (
        "PROCESSING",
        ActorKind.API_CLIENT,
        REQUESTER,
    )
    assert events_recorded(MOVED) == [(employee.company_id, str(movement.id), "CANCELLED")]


def test_a_return_leaves_a_coordinated_offboarding_to_the_operator():
    employee = EmployeeFactory()
    items = holding(employee)
    movement = leave(employee)
    move(movement, "COORDINATED")

    assert services.employee_return(employee=employee) == []

    assert status_of(employee) == EmployeeStatus.ACTIVE
    assert MovementRequest.objects.get(pk=movement.pk).status == "COORDINATED"
    assert in_movement(items) == {True}


def test_a_return_cancels_no_offboarding_a_client_opened():
    employee = EmployeeFactory()
    item = holding(employee)[0]
    opened = services.movement_offboarding_create(
        api_client=employee.company.api_client,
        handled_by="PROVIDER",
        company=employee.company,
        employee_email=employee.email,
        hardware_ids=[item.pk],
    )
    assert leave(employee) is None

    assert services.employee_return(employee=employee) == []

    assert MovementRequest.objects.get(pk=opened.pk).status == "PROCESSING"
    assert status_of(employee) == EmployeeStatus.ACTIVE


def test_after_a_return_the_next_leave_takes_the_items_back_again():
    employee = EmployeeFactory()
    holding(employee, 2)
    first = leave(employee)
    services.employee_return(employee=employee)

    second = leave(employee)

    assert second is not None and second != first
    assert set(second.hardwares.all()) == set(first.hardwares.all())
    assert status_of(employee) == EmployeeStatus.DEACTIVATED


def test_a_merged_record_is_not_reactivated():
    company = CompanyFactory()
    kept = EmployeeFactory(company=company, email="kept@example.com")
    merged = EmployeeFactory(
        company=company, email="old@example.com", status="DEACTIVATED", merged_into=kept
    )

    with pytest.raises(ServiceError) as refused:
        employee_reactivate(employee_id=merged.pk)

    assert refused.value.message == (
        "old@example.com was merged into kept@example.com: reactivate that employee instead"
    )
    assert status_of(merged) == EmployeeStatus.DEACTIVATED


def test_a_leave_takes_back_what_can_come_back_and_leaves_a_retired_item_where_it_was():
    employee = EmployeeFactory(country_code="DE", email="lena@example.com")
    laptop, stolen_phone = holding(employee, 2)
    retire(stolen_phone, RetiredReason.STOLEN)

    movement = leave(employee)

    assert [item.pk for item in movement.hardwares.all()] == [laptop.pk]
    assert status_of(employee) == EmployeeStatus.DEACTIVATED
    stolen_phone.refresh_from_db()
    assert (stolen_phone.lifecycle, stolen_phone.employee_id) == ("RETIRED", employee.pk)


def retire(item, reason) -> None:
    hardware_retire(
        company=item.company, hardware_id=item.pk, reason=reason, actor=Actor.command("t")
    )
