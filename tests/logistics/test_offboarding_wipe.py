"""Wipe on return (issue 32): an offboarding to storage asks for a data wipe (`wipe`, by default
the company's `wipeOnReturn`); its items land AWAITING_WIPE and cannot go out until a wipe is
recorded; a retired item cannot go out at all, and "all the employee's hardware" leaves it."""

import pytest
from django.db import transaction

from config.kernel.actors import Actor
from config.kernel.audit import Source, change_context
from hardware.choices import RetiredReason, WipeMethod
from hardware.lifecycle import WipeReport, hardware_retire, hardware_wipe_record
from logistics.models import MovementRequest
from logistics.services import movement_request_move
from tests.factories import EmployeeFactory, HardwareFactory
from tests.logistics.test_offboarding import ALL, hardware_ids, offboard, on_employee
from tests.logistics.test_onboarding import onboard

pytestmark = pytest.mark.django_db

OPERATOR = Actor.command("test")


def item_answer(caller, item) -> dict:
    response = caller.get(f"/hardwares/{item.id}", {"companyCode": "MOV"})
    assert response.status_code == 200
    return response.json()["envelop"][0]


def lifecycle_of(caller, item) -> tuple:
    shown = item_answer(caller, item)
    return shown["status"], shown["lifecycle"], shown["retiredReason"]


def refused_with(response, *details):
    assert response.status_code == 400, response.json()
    body = response.json()
    assert body["message"] == "Invalid request data"
    assert [(d["field"], d["message"]) for d in body["details"]] == list(details)


def test_a_wiped_return_lands_its_items_awaiting_the_wipe_by_the_operators_move(caller, company):
    employee = EmployeeFactory(company=company, email="ada@example.com", country_code="US")
    laptop, phone = on_employee(employee), on_employee(employee)

    response = offboard(
        caller, employeeEmail="ada@example.com", hardwares=hardware_ids(laptop, phone), wipe=True
    )

    assert response.status_code == 201
    assert response.json()["envelop"][0]["wipe"] is True
    stored = MovementRequest.objects.get()
    assert lifecycle_of(caller, laptop) == ("EMPLOYEE", "ACTIVE", None)

    movement_request_move(movement_request_id=stored.id, to_status="DONE", actor=OPERATOR)

    assert lifecycle_of(caller, laptop) == ("STORAGE", "AWAITING_WIPE", None)
    assert lifecycle_of(caller, phone) == ("STORAGE", "AWAITING_WIPE", None)
    [change] = laptop.status_history.all()
    assert (change.status_from, change.status_to, change.actor_name, change.note) == (
        "ACTIVE",
        "AWAITING_WIPE",
        "test",
        f"Returned by Movement request {stored.movement_request_number}",
    )


def test_the_companys_wipe_on_return_is_the_default_and_a_request_may_say_otherwise(
    caller, company
):
    patched = caller.patch("/companies/MOV", {"wipeOnReturn": True}, format="json")
    assert patched.json()["envelop"][0]["wipeOnReturn"] is True
    employee = EmployeeFactory(company=company, email="ada@example.com", country_code="US")
    defaulted, declined = on_employee(employee), on_employee(employee)

    by_default = offboard(
        caller,
        handledBy="COMPANY",
        employeeEmail="ada@example.com",
        hardwares=hardware_ids(defaulted),
    )
    said_no = offboard(
        caller,
        handledBy="COMPANY",
        employeeEmail="ada@example.com",
        hardwares=hardware_ids(declined),
        wipe=False,
    )

    assert (by_default.json()["envelop"][0]["wipe"], said_no.json()["envelop"][0]["wipe"]) == (
        True,
        False,
    )
    # Handled by the company, both landed at once.
    assert lifecycle_of(caller, defaulted) == ("STORAGE", "AWAITING_WIPE", None)
    assert lifecycle_of(caller, declined) == ("STORAGE", "ACTIVE", None)


def test_without_the_setting_or_the_flag_a_return_is_not_wiped(caller, company):
    employee = EmployeeFactory(company=company, email="ada@example.com", country_code="US")
    item = on_employee(employee)

    response = offboard(
        caller, handledBy="COMPANY", employeeEmail="ada@example.com", hardwares=hardware_ids(item)
    )

    assert response.json()["envelop"][0]["wipe"] is False
    assert lifecycle_of(caller, item) == ("STORAGE", "ACTIVE", None)


def test_an_employee_to_employee_move_ignores_wipe(caller, company):
    source = EmployeeFactory(company=company, email="ada@example.com", country_code="DE")
    EmployeeFactory(company=company, email="bo@example.com", country_code="FR")
    item = on_employee(source)

    response = offboard(
        caller,
        employeeEmail="ada@example.com",
        toEmployeeEmail="bo@example.com",
        hardwares=hardware_ids(item),
        wipe=True,
    )

    assert response.status_code == 201
    assert response.json()["envelop"][0]["wipe"] is None


def test_an_item_awaiting_its_wipe_goes_out_again_once_wiped(caller, company):
    ada = EmployeeFactory(company=company, email="ada@example.com", country_code="US")
    EmployeeFactory(company=company, email="bo@example.com", country_code="US")
    item = on_employee(ada)
    offboard(
        caller,
        handledBy="COMPANY",
        employeeEmail="ada@example.com",
        hardwares=hardware_ids(item),
        wipe=True,
    )

    refused = onboard(caller, employeeEmail="bo@example.com", hardwareIds=[str(item.id)])

    refused_with(refused, ("hardwareIds[0]", f"Hardware {item.id} is awaiting a data wipe"))
    report = WipeReport(method=WipeMethod.PURGE, tool="Blancco 7", reason="Return of Ada")
    hardware_wipe_record(company=item.company, hardware_id=item.id, report=report, actor=OPERATOR)
    assert lifecycle_of(caller, item) == ("STORAGE", "ACTIVE", None)
    accepted = onboard(caller, employeeEmail="bo@example.com", hardwareIds=[str(item.id)])
    assert accepted.status_code == 201, accepted.json()


def test_a_retired_item_cannot_go_out_or_come_back_by_name(caller, company):
    ada = EmployeeFactory(company=company, email="ada@example.com", country_code="US")
    shelved = HardwareFactory(company=company, country_code="US")
    stolen = on_employee(ada)
    with transaction.atomic():
        hardware_retire(
            company=shelved.company,
            hardware_id=shelved.id,
            reason=RetiredReason.RECYCLED,
            actor=OPERATOR,
        )
        hardware_retire(
            company=stolen.company,
            hardware_id=stolen.id,
            reason=RetiredReason.STOLEN,
            actor=OPERATOR,
        )

    onboarding = onboard(caller, employeeEmail="ada@example.com", hardwareIds=[str(shelved.id)])
    offboarding = offboard(caller, employeeEmail="ada@example.com", hardwares=hardware_ids(stolen))

    refused_with(onboarding, ("hardwareIds[0]", f"Hardware {shelved.id} is retired"))
    refused_with(offboarding, ("hardwares.hardwareIds[0]", f"Hardware {stolen.id} is retired"))
    assert not MovementRequest.objects.exists()


def test_all_the_employees_hardware_leaves_what_was_retired(caller, company):
    ada = EmployeeFactory(company=company, email="ada@example.com", country_code="US")
    kept, lost = on_employee(ada), on_employee(ada)
    hardware_retire(
        company=lost.company, hardware_id=lost.id, reason=RetiredReason.LOST, actor=OPERATOR
    )

    response = offboard(caller, employeeEmail="ada@example.com", hardwares=ALL)

    assert response.status_code == 201, response.json()
    carried = [item["id"] for item in response.json()["envelop"][0]["hardwares"]]
    assert carried == [str(kept.id)]
    assert lifecycle_of(caller, lost) == ("EMPLOYEE", "RETIRED", "LOST")


def test_a_wipe_is_on_the_items_audit_trail_with_its_reason(caller, company):
    item = HardwareFactory(company=company, country_code="US")
    report = WipeReport(method=WipeMethod.CLEAR, tool="nwipe 0.36", reason="Quarterly check")
    with change_context(Source.COMMAND, reason="Quarterly check"):
        hardware_wipe_record(
            company=item.company, hardware_id=item.id, report=report, actor=OPERATOR
        )

    response = caller.get("/audit-events", {"companyCode": "MOV", "targetId": str(item.id)})

    events = response.json()["envelop"]
    [wiped] = [event for event in events if event["target"]["type"] != "HARDWARE"]
    assert (wiped["target"]["type"], wiped["target"]["label"], wiped["action"]) == (
        "HARDWARE_WIPE",
        "CLEAR wipe",
        "CREATED",
    )
    assert wiped["parent"] == {"type": "HARDWARE", "id": str(item.id)}
    assert wiped["reason"] == "Quarterly check"
    assert wiped["changes"]["tool"] == {"old": None, "new": "nwipe 0.36"}
    assert "recordedBy" not in wiped["changes"]
