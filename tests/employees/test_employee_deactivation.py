"""Employees are never deleted: an operator deactivates one who left, once no hardware is left
with them that an open offboarding does not take back."""

import pytest
from django.contrib.admin.models import LogEntry
from django.db import DatabaseError, connection
from django.urls import reverse

from config.kernel.errors import NotFound, ServiceError
from employees.choices import EmployeeStatus
from employees.selectors import EMPLOYEE_NOT_FOUND
from employees.services import employee_deactivate
from logistics.choices import MovementStatus, MovementType
from logistics.choices import SendTo as MovementSendTo
from tests.admin_pages import message_texts
from tests.factories import (
    EmployeeFactory,
    EventFactory,
    HardwareFactory,
    MovementRequestFactory,
    OrderFactory,
)

pytestmark = pytest.mark.django_db

CHANGELIST = reverse("admin:employees_employee_changelist")


def holding(employee, serial: str):
    return HardwareFactory(
        company=employee.company,
        employee=employee,
        status="EMPLOYEE",
        storage=None,
        serial_number=serial,
        name="MacBook Pro",
    )


def returning(employee, items, *, status=MovementStatus.PROCESSING, type=MovementType.OFFBOARDING):
    return MovementRequestFactory(
        company=employee.company,
        type=type,
        status=status,
        send_to=MovementSendTo.STORAGE,
        from_employee=employee,
        to_employee=None,
        hardwares=items,
    )


def status_of(employee) -> str:
    employee.refresh_from_db()
    return employee.status


def test_an_employee_holding_nothing_is_deactivated_and_a_repeat_changes_nothing():
    employee = EmployeeFactory()

    employee_deactivate(employee_id=employee.pk)
    updated_at = type(employee).objects.get(pk=employee.pk).updated_at
    employee_deactivate(employee_id=employee.pk)

    assert status_of(employee) == EmployeeStatus.DEACTIVATED
    assert employee.updated_at == updated_at


def test_holding_hardware_no_offboarding_takes_back_refuses_naming_it_and_changes_nothing():
    employee = EmployeeFactory(email="ana@example.com")
    kept = holding(employee, "SN-KEPT")
    returned = holding(employee, "SN-BACK")
    returning(employee, [returned])

    with pytest.raises(ServiceError) as refusal:
        employee_deactivate(employee_id=employee.pk)

    assert refusal.value.message == (
        "ana@example.com still holds hardware no open offboarding takes back "
        f"({kept}): open an offboarding for it first"
    )
    assert status_of(employee) == EmployeeStatus.ACTIVE


@pytest.mark.parametrize("type", [MovementType.OFFBOARDING, MovementType.OFF_ON])
@pytest.mark.parametrize("status", [MovementStatus.PROCESSING, MovementStatus.COORDINATED])
def test_hardware_an_open_return_carries_does_not_keep_them_active(type, status):
    employee = EmployeeFactory()
    returning(
        employee, [holding(employee, "SN-1"), holding(employee, "SN-2")], status=status, type=type
    )

    employee_deactivate(employee_id=employee.pk)

    assert status_of(employee) == EmployeeStatus.DEACTIVATED


def test_a_finished_offboarding_or_another_employees_does_not_count():
    employee, other = EmployeeFactory(), EmployeeFactory()
    item = holding(employee, "SN-1")
    returning(employee, [item], status=MovementStatus.DONE)
    returning(other, [item])

    with pytest.raises(ServiceError, match="SN-1"):
        employee_deactivate(employee_id=employee.pk)
    assert status_of(employee) == EmployeeStatus.ACTIVE


def test_an_unknown_employee_is_not_found():
    with pytest.raises(NotFound, match=f"^{EMPLOYEE_NOT_FOUND}$"):
        employee_deactivate(employee_id="00000000-0000-0000-0000-000000000000")


def test_the_admin_action_deactivates_each_it_may_and_reports_each_refusal(admin_client):
    free = EmployeeFactory(email="free@example.com")
    holder = EmployeeFactory(email="holder@example.com")
    holding(holder, "SN-9")

    response = admin_client.post(
        CHANGELIST,
        {"action": "deactivate", "_selected_action": [free.pk, holder.pk]},
        follow=True,
    )

    assert status_of(free) == EmployeeStatus.DEACTIVATED
    assert status_of(holder) == EmployeeStatus.ACTIVE
    messages = message_texts(response)
    assert "free@example.com is DEACTIVATED." in messages
    assert any(m.startswith("holder@example.com still holds hardware") for m in messages)
    assert LogEntry.objects.get(object_id=str(free.pk)).get_change_message() == "Deactivated."


def test_the_button_on_the_employees_page_deactivates(admin_client):
    employee = EmployeeFactory()
    page = reverse("admin:employees_employee_change", args=[employee.pk])
    button = reverse("admin:employees_employee_deactivate", args=[employee.pk])
    assert button in admin_client.get(page).text

    response = admin_client.post(button)

    assert response.status_code == 302 and response.url == page
    assert status_of(employee) == EmployeeStatus.DEACTIVATED
    assert button not in admin_client.get(page).text


def test_records_that_must_be_kept_offer_no_delete(admin_client):
    """Status history rows have no admin of their own; their inlines offer no delete."""
    employee = EmployeeFactory()
    item = holding(employee, "SN-1")
    movement = returning(employee, [item])
    for model, record in [
        ("employees_employee", employee),
        ("hardware_hardware", item),
        ("logistics_movementrequest", movement),
        ("orders_order", OrderFactory()),
        ("companies_event", EventFactory()),
    ]:
        changelist = admin_client.get(reverse(f"admin:{model}_changelist"))
        assert "delete_selected" not in changelist.text, model
        delete = admin_client.get(reverse(f"admin:{model}_delete", args=[record.pk]))
        assert delete.status_code == 403, model


def test_a_deactivation_whose_history_line_fails_is_not_written(admin_client):
    employee = EmployeeFactory()
    button = reverse("admin:employees_employee_deactivate", args=[employee.pk])
    # PostgreSQL refuses the history's line (the trigger goes with the test's transaction).
    with connection.cursor() as cursor:
        cursor.execute(
            "CREATE FUNCTION history_refused() RETURNS trigger LANGUAGE plpgsql AS "
            "$$ BEGIN RAISE EXCEPTION 'the history is unavailable'; END $$;"
            "CREATE TRIGGER history_refused BEFORE INSERT ON django_admin_log "
            "FOR EACH ROW EXECUTE FUNCTION history_refused()"
        )

    with pytest.raises(DatabaseError, match="the history is unavailable"):
        admin_client.post(button)

    assert status_of(employee) == EmployeeStatus.ACTIVE
