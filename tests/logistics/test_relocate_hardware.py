"""`relocate_hardware <hardwareId> (--storage COUNTRY | --employee EMAIL)` (issue 29): where an
item is, corrected by an operator; not a shipment. Refused while a movement request that is not
DONE carries the item, and a movement request created at the same time is serialized with it
by the item's row lock. The shared rules of every fix are in tests/config/test_fix_commands.py."""

import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import transaction

from companies.models import Event
from config.kernel.actors import Actor
from employees.models import Employee
from hardware.models import Hardware, Storage
from logistics.choices import MovementStatus
from logistics.models import MovementRequest
from logistics.services import hardware_relocate, movement_onboarding_create
from tests.config.test_audit_trail import trail
from tests.conftest import make_caller
from tests.factories import (
    CompanyFactory,
    EmployeeFactory,
    HardwareFactory,
    MovementRequestFactory,
)
from tests.logistics.test_lock_order import Call, wait_until, waiting_for_locks
from tests.logistics.test_onboarding import onboard
from tests.support import assert_refused, events_recorded
from tests.support.threads import TIMEOUT_SECONDS

pytestmark = pytest.mark.django_db

COMMIT = ("--commit", "--reason", "Found at her desk on the audit")


@pytest.fixture
def company():
    return CompanyFactory(code="MOV")


@pytest.fixture
def ada(company):
    return EmployeeFactory(company=company, email="ada@example.com", country_code="CA")


@pytest.fixture
def laptop(company):
    return HardwareFactory(company=company, serial_number="SN-RELO-1", country_code="US")


def where(item: Hardware) -> tuple:
    item.refresh_from_db()
    storage = item.storage.country_code if item.storage else None
    holder = item.employee.email if item.employee else None
    return item.status, holder, storage, item.country_code


def test_a_dry_run_prints_the_change_and_writes_nothing(manage, laptop, ada):
    touched = ada.updated_at

    ran = manage("relocate_hardware", laptop.id, "--employee", "ADA@example.com")

    assert (ran.code, ran.err) == (0, "")
    assert ran.out_lines == [
        f"Hardware {laptop.id} Dell U2723QE (SN-RELO-1):",
        "  status: STORAGE → EMPLOYEE",
        "  employee: — → ada@example.com",
        "  storage: US → —",
        "  country code: US → CA",
        "Dry run: 1 record(s) would change, 0 unchanged. Nothing written: run again with "
        "--commit --reason TEXT to write.",
    ]
    assert where(laptop) == ("STORAGE", None, "US", "US")
    assert [action for action, _ in trail(Hardware, laptop)] == ["CREATED"]
    assert events_recorded("hardware.updated") == []
    ada.refresh_from_db()
    assert ada.updated_at == touched


def test_commit_puts_the_item_with_the_employee_in_their_country_with_one_trail_row(
    manage, laptop, ada
):
    touched = ada.updated_at

    ran = manage("relocate_hardware", "SN-RELO-1", "--employee", "ada@example.com", *COMMIT)

    assert (ran.code, ran.err) == (0, "")
    assert ran.out_lines[-1] == "Committed: 1 record(s) changed, 0 unchanged."
    assert where(laptop) == ("EMPLOYEE", "ada@example.com", None, "CA")
    # The item's history is its audit trail: the command, by its name, and the reason.
    assert trail(Hardware, laptop, "UPDATED") == [
        (
            "UPDATED",
            {
                "source": "COMMAND",
                "actorType": "COMMAND",
                "actorName": "relocate_hardware",
                "reason": "Found at her desk on the audit",
            },
        )
    ]
    ada.refresh_from_db()
    assert ada.updated_at > touched  # GET /employees/{id} lists the items she holds
    # The company is told, with the item as GET /hardwares/{hardwareId} shows it.
    [event] = Event.objects.filter(kind="hardware.updated")
    shown = event.payload["data"]
    assert (shown["id"], shown["status"], shown["employeeProfile"]["email"], shown["storage"]) == (
        str(laptop.id),
        "EMPLOYEE",
        "ada@example.com",
        None,
    )


def test_commit_puts_the_item_in_the_storage_serving_the_country_as_creation_would(
    manage, company, ada
):
    Storage.objects.create(country_code="EU")
    held = HardwareFactory(company=company, on_employee=True, employee=ada, country_code="CA")
    touched = ada.updated_at

    ran = manage("relocate_hardware", held.id, "--storage", "fr", *COMMIT)

    assert ran.code == 0, ran.err
    assert where(held) == ("STORAGE", None, "EU", "FR")
    ada.refresh_from_db()
    assert ada.updated_at > touched  # she no longer holds it


def test_where_the_item_is_already_is_unchanged_and_writes_nothing(manage, laptop):
    ran = manage("relocate_hardware", laptop.id, "--storage", "US", "--json", *COMMIT)

    assert ran.code == 0
    assert ran.out_lines[0] == f"Hardware {laptop.id} Dell U2723QE (SN-RELO-1): unchanged"
    assert json.loads(ran.out_lines[-1]) == {
        "committed": True,
        "changed": 0,
        "unchanged": 1,
        "errors": [],
    }
    assert [action for action, _ in trail(Hardware, laptop)] == ["CREATED"]
    assert events_recorded("hardware.updated") == []


@pytest.mark.parametrize("status", [MovementStatus.PROCESSING, MovementStatus.COORDINATED])
def test_an_item_in_an_open_movement_request_is_refused_and_nothing_is_written(
    manage, company, laptop, ada, status
):
    Hardware.objects.filter(pk=laptop.pk).update(in_movement=True)
    movement = MovementRequestFactory(company=company, status=status, hardwares=[laptop])
    rows = trail(Hardware, laptop)

    ran = manage(
        "relocate_hardware", "SN-RELO-1", "--employee", "ada@example.com", "--json", *COMMIT
    )

    assert ran.code == 1
    message = (
        f"Hardware SN-RELO-1: The item is in movement request {movement.movement_request_number}, "
        f"still {status}: the request lands it where it goes; relocate it once the request is DONE"
    )
    assert ran.err == f"CommandError: {message}\nNothing written.\n"
    assert json.loads(ran.out_lines[-1]) == {
        "committed": False,
        "changed": 0,
        "unchanged": 0,
        "errors": [{"line": None, "message": message}],
    }
    assert where(laptop) == ("STORAGE", None, "US", "US")
    assert trail(Hardware, laptop) == rows
    assert events_recorded("hardware.updated") == []


def test_an_item_whose_movement_requests_are_done_is_relocated(manage, company, laptop, ada):
    MovementRequestFactory(company=company, status=MovementStatus.DONE, hardwares=[laptop])

    ran = manage("relocate_hardware", laptop.id, "--employee", "ada@example.com", *COMMIT)

    assert ran.code == 0, ran.err
    assert where(laptop)[:2] == ("EMPLOYEE", "ada@example.com")


@pytest.mark.parametrize(
    ("place", "refusal"),
    [
        (
            ("--employee", "gone@example.com"),
            "Employee gone@example.com is deactivated: an item cannot be with them",
        ),
        (
            ("--employee", "elsewhere@example.com"),
            "Employee elsewhere@example.com is not of company MOV, which owns the item",
        ),
        (
            ("--employee", "nobody@example.com"),
            "Employee nobody@example.com not found in company MOV",
        ),
        (("--storage", "BR"), "No storage serves BR (storages: US)"),
        (("--storage", "XX"), "Invalid request data\n  storage: XX is not a country code"),
    ],
)
def test_refusals_name_the_item_and_write_nothing(manage, company, laptop, place, refusal):
    EmployeeFactory(company=company, email="gone@example.com", status="DEACTIVATED")
    EmployeeFactory(email="elsewhere@example.com")

    ran = manage("relocate_hardware", "SN-RELO-1", *place, *COMMIT)

    assert ran.code == 1
    assert ran.err == f"CommandError: Hardware SN-RELO-1: {refusal}\nNothing written.\n"
    assert where(laptop) == ("STORAGE", None, "US", "US")


def test_an_unknown_item_and_a_serial_of_two_companies_are_refused(manage, laptop):
    HardwareFactory(serial_number="SN-RELO-1")  # another company's, with the same serial

    unknown = manage("relocate_hardware", "SN-NONE", "--storage", "US", *COMMIT)
    ambiguous = manage("relocate_hardware", "SN-RELO-1", "--storage", "US", *COMMIT)
    by_id = manage("relocate_hardware", laptop.id, "--storage", "US", *COMMIT)

    assert unknown.err.splitlines()[0] == "CommandError: Hardware SN-NONE: Hardware not found"
    assert ambiguous.err.splitlines()[0] == (
        "CommandError: Hardware SN-RELO-1: Serial number SN-RELO-1 is on items of several "
        "companies: name the item by its hardware id"
    )
    assert (unknown.code, ambiguous.code, by_id.code) == (1, 1, 0)


def test_one_place_is_named_exactly(manage, laptop):
    ran = manage("relocate_hardware", laptop.id, "--storage", "US", "--employee", "a@b.example")

    assert ran.code == 2
    assert "not allowed with argument" in ran.err


# --- a movement request created at the same time ---------------------------------------------


def relocate_to(email: str):
    return call_command(
        "relocate_hardware", "SN-RACE-1", employee=email, commit=True, reason="Race", stdout=None
    )


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_a_relocation_waits_for_a_movement_request_being_created_and_is_refused():
    """The onboarding has locked and claimed the item, not yet committed: the relocation waits
    for the item's lock, then sees the request and is refused."""
    caller = make_caller()
    company = CompanyFactory(api_client=caller.api_client, code="MOV")
    EmployeeFactory(company=company, email="ada@example.com")
    EmployeeFactory(company=company, email="bo@example.com")
    item = HardwareFactory(company=company, serial_number="SN-RACE-1")
    relocating = Call(lambda: relocate_to("bo@example.com"))

    with transaction.atomic():
        movement = movement_onboarding_create(
            company=company,
            actor=Actor.api_client(caller.api_client),
            hardware_ids=[item.id],
            employee_email="ada@example.com",
        )
        relocating.start()
        wait_until(lambda: waiting_for_locks() == 1)
    relocating.join(TIMEOUT_SECONDS)

    assert isinstance(relocating.outcome, CommandError), relocating.outcome
    assert f"in movement request {movement.movement_request_number}, still PROCESSING" in str(
        relocating.outcome
    )
    assert where(item) == ("STORAGE", None, "US", "US")
    assert MovementRequest.objects.get().hardwares.get() == item


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_a_movement_request_waits_for_a_relocation_and_is_refused():
    """The relocation has locked and moved the item, not yet committed: the onboarding waits
    for the item's lock, then finds it no longer in storage."""
    caller = make_caller()
    company = CompanyFactory(api_client=caller.api_client, code="MOV")
    EmployeeFactory(company=company, email="ada@example.com")
    EmployeeFactory(company=company, email="bo@example.com")
    item = HardwareFactory(company=company, serial_number="SN-RACE-1")
    onboarding = Call(
        lambda: onboard(caller, employeeEmail="ada@example.com", hardwareIds=[str(item.id)])
    )

    with transaction.atomic():
        hardware_relocate(hardware="SN-RACE-1", employee_email="bo@example.com")
        onboarding.start()
        wait_until(lambda: waiting_for_locks() == 1)
    onboarding.join(TIMEOUT_SECONDS)

    assert_refused(
        onboarding.outcome,
        400,
        "Invalid request data",
        [{"field": "hardwareIds[0]", "message": f"Hardware {item.id} is not in storage"}],
    )
    assert where(item) == ("EMPLOYEE", "bo@example.com", None, "US")
    assert not MovementRequest.objects.exists()
    assert Employee.objects.get(email="bo@example.com").hardwares.get() == item
