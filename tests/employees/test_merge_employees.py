"""`merge_employees <companyCode> <keepEmail> <duplicateEmail>` (issue 29): two records of one
person, entered twice by two HR syncs, merged into the one to keep. What the duplicate has that
is still going on (its hardware, its open movement requests, its open orders) moves to the kept
employee; what is finished keeps naming the duplicate; the duplicate ends DEACTIVATED, merged
into the kept one, and no longer holds its e-mail. The shared rules of every fix (dry run,
--commit, --reason, --json) are in tests/config/test_fix_commands.py; what the API answers of a
merged employee is in tests/employees/test_merged_employee_api.py."""

import json
from dataclasses import dataclass
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import transaction

from companies.models import Company, Event
from config.kernel.audit import audit_models
from employees.choices import EmployeeStatus
from employees.models import Employee
from hardware.choices import HardwareStatus
from hardware.models import Hardware
from logistics.choices import MovementStatus, MovementType, SendTo
from logistics.models import MovementRequest
from orders.choices import OrderStatus
from orders.choices import SendTo as OrderSendTo
from orders.models import Order
from tests.config.test_audit_trail import trail
from tests.conftest import CallerClient, make_caller
from tests.factories import (
    CompanyFactory,
    EmployeeFactory,
    HardwareFactory,
    MovementRequestFactory,
    OrderFactory,
)
from tests.logistics.test_lock_order import Call, wait_until, waiting_for_locks
from tests.support import assert_refused, events_recorded
from tests.support.threads import TIMEOUT_SECONDS

pytestmark = pytest.mark.django_db

KEEP, DUPLICATE = "ada@example.com", "ada.lovelace@example.com"
REASON = "Entered twice by the HR syncs (ticket 912)"
COMMIT = ("--commit", "--reason", REASON)
# Who made each change, on the audit trail.
BY_THE_MERGE = {
    "source": "COMMAND",
    "actorType": "COMMAND",
    "actorName": "merge_employees",
    "reason": REASON,
}
DRY_RUN_END = (
    "Dry run: {} record(s) would change, 0 unchanged. Nothing written: run again with "
    "--commit --reason TEXT to write."
)
OPEN_ORDERS = (OrderStatus.PENDING, OrderStatus.QUOTED, OrderStatus.ACCEPTED)
FINISHED_ORDERS = (OrderStatus.DELIVERED, OrderStatus.CANCELLED)


@pytest.fixture
def company():
    return CompanyFactory(code="MRG")


@pytest.fixture
def kept(company):
    return EmployeeFactory(company=company, first_name="Ada", email=KEEP, country_code="CA")


@pytest.fixture
def duplicate(company):
    return EmployeeFactory(company=company, first_name="Ada", email=DUPLICATE, country_code="US")


def held_by(employee: Employee, serial: str, **fields) -> Hardware:
    return HardwareFactory(
        company=employee.company,
        on_employee=True,
        employee=employee,
        serial_number=serial,
        country_code=employee.country_code,
        **fields,
    )


def offboarding(employee: Employee, *items: Hardware, **fields) -> MovementRequest:
    """A return to storage from `employee`, carrying `items` (marked in movement)."""
    Hardware.objects.filter(pk__in=[item.pk for item in items]).update(in_movement=True)
    return MovementRequestFactory(
        company=employee.company,
        type=MovementType.OFFBOARDING,
        send_to=SendTo.STORAGE,
        from_employee=employee,
        to_employee=None,
        hardwares=list(items),
        **fields,
    )


def onboarding(employee: Employee, *items: Hardware, **fields) -> MovementRequest:
    """Storage items on their way to `employee` (marked in movement unless DONE)."""
    if fields.get("status") != MovementStatus.DONE:
        Hardware.objects.filter(pk__in=[item.pk for item in items]).update(in_movement=True)
    return MovementRequestFactory(
        company=employee.company, to_employee=employee, hardwares=list(items), **fields
    )


def off_on(source: Employee, target: Employee, *items: Hardware) -> MovementRequest:
    Hardware.objects.filter(pk__in=[item.pk for item in items]).update(in_movement=True)
    return MovementRequestFactory(
        company=source.company,
        type=MovementType.OFF_ON,
        send_to=SendTo.EMPLOYEE,
        from_employee=source,
        to_employee=target,
        storage=None,
        hardwares=list(items),
    )


def order_for(employee: Employee, status: str) -> Order:
    return OrderFactory(
        company=employee.company,
        employee=employee,
        status=status,
        send_to=OrderSendTo.EMPLOYEE,
        country_code=employee.country_code,
    )


def email(employee: Employee | None) -> str | None:
    return employee.email if employee else None


def stored(company) -> dict:
    """Everything a merge may write, of this company and everywhere: the rows, the audit trail
    and the outbox."""
    items = Hardware.objects.filter(company=company).select_related("employee", "storage")
    requests = MovementRequest.objects.filter(company=company)
    requests = requests.select_related("from_employee", "to_employee")
    orders = Order.objects.filter(company=company).select_related("employee")
    return {
        "employees": sorted(
            (each.email, each.status, str(each.merged_into_id), each.updated_at)
            for each in Employee.objects.filter(company=company)
        ),
        "items": sorted(
            (
                each.serial_number,
                each.status,
                email(each.employee),
                each.storage_id,
                each.country_code,
                each.in_movement,
                each.updated_at,
            )
            for each in items
        ),
        "requests": sorted(
            (
                each.movement_request_number,
                each.status,
                email(each.from_employee),
                email(each.to_employee),
                each.updated_at,
            )
            for each in requests
        ),
        "orders": sorted(
            (each.order_number, each.status, email(each.employee), each.updated_at)
            for each in orders
        ),
        "audit rows": sum(model.objects.count() for model in audit_models()),
        "events": Event.objects.count(),
    }


def where(item: Hardware) -> tuple:
    item.refresh_from_db()
    return item.status, email(item.employee), item.storage_id is not None, item.country_code


def names(record) -> tuple:
    """Whom a movement request (from, to) or an order (the employee) names, as stored now."""
    record.refresh_from_db()
    if isinstance(record, MovementRequest):
        return email(record.from_employee), email(record.to_employee)
    return email(record.employee)


def merge(*arguments: str):
    return ("merge_employees", "MRG", KEEP, DUPLICATE, *arguments)


def refused(message: str) -> str:
    return f"CommandError: {message}\nNothing written.\n"


def changed_lines(kind: str, *fields: tuple[str, str, str]) -> list[str]:
    return [f"{kind}:", *(f"  {name}: {old} → {new}" for name, old, new in fields)]


@pytest.fixture
def world(company, kept, duplicate):
    """The duplicate with all a merge moves and all it leaves, and what the kept employee has."""
    held = held_by(duplicate, "SN-HELD")
    leaving = held_by(duplicate, "SN-LEAVING")
    arriving = HardwareFactory(company=company, serial_number="SN-ARRIVING")
    own = held_by(kept, "SN-OWN")
    returned = HardwareFactory(company=company, serial_number="SN-RETURNED")
    return {
        "held": held,
        "leaving": leaving,
        "arriving": arriving,
        "own": own,
        "offboarding": offboarding(duplicate, leaving, status=MovementStatus.PROCESSING),
        "onboarding": onboarding(duplicate, arriving, status=MovementStatus.COORDINATED),
        # Finished: the history of what the duplicate held.
        "done": offboarding(duplicate, returned, status=MovementStatus.DONE),
        "kepts request": onboarding(kept, HardwareFactory(company=company)),
        **{status: order_for(duplicate, status) for status in (*OPEN_ORDERS, *FINISHED_ORDERS)},
        "kepts order": order_for(kept, OrderStatus.PENDING),
    }


def expected_changes(world) -> list[str]:
    """The lines a merge of `world` prints, the duplicate first, then each record moved."""
    items = sorted((world["held"], world["leaving"]), key=lambda item: item.pk)
    return [
        *changed_lines(
            f"Employee Ada Lovelace <{DUPLICATE}>",
            ("status", "ACTIVE", "DEACTIVATED"),
            ("merged into", "—", KEEP),
        ),
        *[
            line
            for item in items
            for line in changed_lines(
                f"Hardware {item.id} Dell U2723QE ({item.serial_number})",
                ("employee", DUPLICATE, KEEP),
                ("country code", "US", "CA"),
            )
        ],
        *changed_lines(
            f"Movement request {world['offboarding'].movement_request_number}",
            ("from employee", DUPLICATE, KEEP),
        ),
        *changed_lines(
            f"Movement request {world['onboarding'].movement_request_number}",
            ("to employee", DUPLICATE, KEEP),
        ),
        *[
            line
            for status in OPEN_ORDERS
            for line in changed_lines(
                f"Order {world[status].order_number}", ("employee", DUPLICATE, KEEP)
            )
        ],
    ]


# --- the dry run and the commit ----------------------------------------------------------------


def test_a_dry_run_prints_every_change_and_writes_nothing(manage, company, world):
    before = stored(company)

    ran = manage(*merge())

    assert (ran.code, ran.err) == (0, "")
    assert ran.out_lines == [*expected_changes(world), DRY_RUN_END.format(8)]
    assert stored(company) == before


def test_commit_moves_what_is_going_on_to_the_kept_employee_and_deactivates_the_duplicate(
    manage, company, kept, duplicate, world
):
    ran = manage(*merge(*COMMIT))

    assert (ran.code, ran.err) == (0, "")
    assert ran.out_lines == [
        *expected_changes(world),
        "Committed: 8 record(s) changed, 0 unchanged.",
    ]
    duplicate.refresh_from_db()
    assert (duplicate.status, duplicate.merged_into) == (EmployeeStatus.DEACTIVATED, kept)
    # The items the duplicate holds, in a request or not, are the kept employee's, in their
    # country; an item on its way to the duplicate is still in storage, on its way.
    assert where(world["held"]) == (HardwareStatus.EMPLOYEE, KEEP, False, "CA")
    assert where(world["leaving"]) == (HardwareStatus.EMPLOYEE, KEEP, False, "CA")
    assert world["leaving"].in_movement
    assert where(world["arriving"]) == (HardwareStatus.STORAGE, None, True, "US")
    assert where(world["own"]) == (HardwareStatus.EMPLOYEE, KEEP, False, "CA")
    # The open requests name the kept employee where they named the duplicate; the DONE one
    # keeps its history.
    assert names(world["offboarding"]) == (KEEP, None)
    assert names(world["onboarding"]) == (None, KEEP)
    assert names(world["done"]) == (DUPLICATE, None)
    assert names(world["kepts request"]) == (None, KEEP)
    assert [names(world[status]) for status in OPEN_ORDERS] == [KEEP] * 3
    assert [names(world[status]) for status in FINISHED_ORDERS] == [DUPLICATE] * 2
    assert names(world["kepts order"]) == KEEP


def test_commit_leaves_one_trail_row_with_the_reason_per_record_changed_and_none_elsewhere(
    manage, company, kept, duplicate, world
):
    changed = [
        (Employee, duplicate),
        (Hardware, world["held"]),
        (Hardware, world["leaving"]),
        (MovementRequest, world["offboarding"]),
        (MovementRequest, world["onboarding"]),
        *[(Order, world[status]) for status in OPEN_ORDERS],
    ]
    unchanged = [
        (Employee, kept),  # only its updatedAt moves, which leaves no trail row
        (Hardware, world["arriving"]),
        (Hardware, world["own"]),
        (MovementRequest, world["done"]),
        (MovementRequest, world["kepts request"]),
        *[(Order, world[status]) for status in (*FINISHED_ORDERS, "kepts order")],
    ]
    before = {
        (model, record.pk): len(trail(model, record)) for model, record in changed + unchanged
    }

    manage(*merge(*COMMIT))

    def added(model, record) -> list:
        return trail(model, record)[before[model, record.pk] :]

    assert [added(model, record) for model, record in changed] == [
        [("UPDATED", BY_THE_MERGE)]
    ] * len(changed)
    assert [added(model, record) for model, record in unchanged] == [[]] * len(unchanged)


def test_commit_tells_the_company_of_each_item_and_order_moved_and_moves_the_kept_updated_at(
    manage, company, kept, world
):
    touched = kept.updated_at

    manage(*merge(*COMMIT))

    items = Event.objects.filter(kind="hardware.updated")
    assert sorted((event.payload["data"]["id"], event.company_id) for event in items) == sorted(
        (str(world[name].id), company.id) for name in ("held", "leaving")
    )
    # Each as GET /hardwares/{hardwareId} shows it now: with the kept employee.
    assert {event.payload["data"]["employeeProfile"]["email"] for event in items} == {KEEP}
    assert sorted(events_recorded("order.updated")) == sorted(
        (company.id, str(world[status].id), status) for status in OPEN_ORDERS
    )
    kept.refresh_from_db()
    assert kept.updated_at > touched  # GET /employees/{id} lists the items they hold


def test_a_duplicate_with_nothing_going_on_is_only_deactivated_and_merged(
    manage, company, kept, duplicate
):
    order_for(duplicate, OrderStatus.DELIVERED)
    offboarding(duplicate, HardwareFactory(company=company), status=MovementStatus.DONE)
    touched = kept.updated_at

    ran = manage(*merge(*COMMIT))

    assert ran.out_lines == [
        *changed_lines(
            f"Employee Ada Lovelace <{DUPLICATE}>",
            ("status", "ACTIVE", "DEACTIVATED"),
            ("merged into", "—", KEEP),
        ),
        "Committed: 1 record(s) changed, 0 unchanged.",
    ]
    kept.refresh_from_db()
    assert kept.updated_at == touched  # nothing they show changed
    assert events_recorded("hardware.updated") == events_recorded("order.updated") == []


def test_a_deactivated_duplicate_is_merged_too_and_the_emails_are_taken_in_any_case(
    manage, company, kept, duplicate
):
    Employee.objects.filter(pk=duplicate.pk).update(status=EmployeeStatus.DEACTIVATED)
    item = held_by(duplicate, "SN-KEPT-BY-LEAVER")

    ran = manage(
        "merge_employees", " mrg ", " ADA@Example.com ", "Ada.Lovelace@EXAMPLE.com", *COMMIT
    )

    assert (ran.code, ran.err) == (0, "")
    assert ran.out_lines[:2] == [
        f"Employee Ada Lovelace <{DUPLICATE}>:",
        "  merged into: — → ada@example.com",
    ]
    duplicate.refresh_from_db()
    assert (duplicate.status, duplicate.merged_into) == (EmployeeStatus.DEACTIVATED, kept)
    assert where(item)[:2] == (HardwareStatus.EMPLOYEE, KEEP)


# --- refusals ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("arguments", "refusal"),
    [
        (
            # One record named twice, in another case: nothing to merge.
            ("MRG", KEEP, " ADA@Example.COM "),
            "Merge of ADA@Example.COM into ada@example.com: ada@example.com is the same "
            "employee: name the record to keep and its duplicate",
        ),
        (
            ("MRG", KEEP, "nobody@example.com"),
            "Merge of nobody@example.com into ada@example.com: Employee nobody@example.com not "
            "found in company MRG",
        ),
        (
            ("MRG", "nobody@example.com", DUPLICATE),
            f"Merge of {DUPLICATE} into nobody@example.com: Employee nobody@example.com not "
            "found in company MRG",
        ),
        (
            # Another company's employee is not found in this one, as the kept or the duplicate.
            ("MRG", KEEP, "elsewhere@example.com"),
            "Merge of elsewhere@example.com into ada@example.com: Employee "
            "elsewhere@example.com not found in company MRG",
        ),
        (
            ("MRG", "elsewhere@example.com", DUPLICATE),
            f"Merge of {DUPLICATE} into elsewhere@example.com: Employee elsewhere@example.com "
            "not found in company MRG",
        ),
        (
            ("ZZZ", KEEP, DUPLICATE),
            f"Merge of {DUPLICATE} into ada@example.com: No company has the code ZZZ",
        ),
    ],
)
def test_refusals_name_the_merge_and_write_nothing(manage, company, world, arguments, refusal):
    EmployeeFactory(email="elsewhere@example.com", company=CompanyFactory(code="ELS"))
    before = stored(company)

    ran = manage("merge_employees", *arguments, *COMMIT)

    assert (ran.code, ran.err) == (1, refused(refusal))
    assert stored(company) == before


def test_a_deactivated_record_to_keep_is_refused_and_nothing_is_written(
    manage, company, kept, world
):
    Employee.objects.filter(pk=kept.pk).update(status=EmployeeStatus.DEACTIVATED)
    before = stored(company)

    ran = manage(*merge("--json", *COMMIT))

    message = (
        f"Merge of {DUPLICATE} into {KEEP}: Employee {KEEP} is deactivated: keep an active "
        "record, the one the person's hardware goes to"
    )
    assert (ran.code, ran.err) == (1, refused(message))
    assert json.loads(ran.out_lines[-1]) == {
        "committed": False,
        "changed": 0,
        "unchanged": 0,
        "errors": [{"line": None, "message": message}],
    }
    assert stored(company) == before


def both_move(item: Hardware, *requests: MovementRequest) -> str:
    numbers = ", ".join(str(request.movement_request_number) for request in requests)
    plural = "s" if len(requests) > 1 else ""
    return (
        f"Merge of {DUPLICATE} into {KEEP}: Both employees hold an open movement request for "
        f"Dell U2723QE ({item.serial_number}) (movement request{plural} {numbers}): finish it "
        "before merging them"
    )


@pytest.mark.parametrize("direction", ["duplicate to kept", "kept to duplicate"])
def test_an_item_going_from_one_record_to_the_other_is_refused(
    manage, company, kept, duplicate, world, direction
):
    """Merged, the OFF_ON would send the item from the person to the same person."""
    source, target = (duplicate, kept) if direction == "duplicate to kept" else (kept, duplicate)
    item = held_by(source, "SN-BOTH")
    request = off_on(source, target, item)
    before = stored(company)

    ran = manage(*merge(*COMMIT))

    assert (ran.code, ran.err) == (1, refused(both_move(item, request)))
    assert stored(company) == before


@pytest.mark.parametrize("status", [MovementStatus.PROCESSING, MovementStatus.COORDINATED])
def test_an_item_in_open_requests_of_both_is_refused_naming_both(
    manage, company, kept, duplicate, world, status
):
    item = held_by(duplicate, "SN-BOTH")
    theirs = offboarding(duplicate, item, status=status)
    # As older data may have it: a second open request carrying the item, the kept one's.
    kepts = onboarding(kept, item, status=MovementStatus.PROCESSING)
    before = stored(company)

    ran = manage(*merge(*COMMIT))

    first, second = sorted((theirs, kepts), key=lambda request: request.movement_request_number)
    assert (ran.code, ran.err) == (1, refused(both_move(item, first, second)))
    assert stored(company) == before


def test_an_item_in_a_done_request_of_one_and_an_open_one_of_the_other_is_merged(
    manage, company, kept, duplicate
):
    item = held_by(duplicate, "SN-ONCE-KEPTS")
    onboarding(kept, item, status=MovementStatus.DONE)  # it went to the kept record once
    request = offboarding(duplicate, item, status=MovementStatus.PROCESSING)

    ran = manage(*merge(*COMMIT))

    assert (ran.code, ran.err) == (0, "")
    assert names(request) == (KEEP, None)


def test_a_duplicate_already_merged_is_no_longer_found_and_nothing_is_written(
    manage, company, kept, duplicate, world
):
    assert manage(*merge(*COMMIT)).code == 0
    other = EmployeeFactory(company=company, email="other@example.com")
    before = stored(company)

    again = manage(*merge(*COMMIT))
    into_the_merged = manage("merge_employees", "MRG", DUPLICATE, other.email, *COMMIT)

    assert (again.code, again.err) == (
        1,
        refused(f"Merge of {DUPLICATE} into {KEEP}: Employee {DUPLICATE} not found in company MRG"),
    )
    assert (into_the_merged.code, into_the_merged.err) == (
        1,
        refused(
            f"Merge of other@example.com into {DUPLICATE}: Employee {DUPLICATE} not found in "
            "company MRG"
        ),
    )
    assert stored(company) == before


# --- after a merge ----------------------------------------------------------------------------


def test_the_duplicates_email_is_released_and_its_record_no_longer_found_by_the_commands(
    manage, company, kept, duplicate
):
    assert manage(*merge(*COMMIT)).code == 0

    renamed = manage("change_employee_email", "MRG", DUPLICATE, "ada.l@example.com", *COMMIT)
    taken = manage("change_employee_email", "MRG", KEEP, DUPLICATE, *COMMIT)

    assert (renamed.code, renamed.err) == (
        1,
        refused(f"Employee {DUPLICATE} of MRG: Employee not found"),
    )
    # The merged record keeps its e-mail (its history shows it) but no longer holds it.
    assert (taken.code, taken.err) == (0, "")
    assert sorted(Employee.objects.values_list("email", "merged_into__email"), key=str) == [
        (DUPLICATE, DUPLICATE),  # the merged one, into the kept record
        (DUPLICATE, None),  # the kept record, by its new e-mail
    ]


def test_an_item_relocated_to_the_merged_duplicate_is_refused_as_not_found(
    manage, company, kept, duplicate
):
    item = HardwareFactory(company=company, serial_number="SN-STORED")
    assert manage(*merge(*COMMIT)).code == 0

    ran = manage("relocate_hardware", "SN-STORED", "--employee", DUPLICATE, *COMMIT)

    assert (ran.code, ran.err) == (
        1,
        refused(f"Hardware SN-STORED: Employee {DUPLICATE} not found in company MRG"),
    )
    assert where(item) == (HardwareStatus.STORAGE, None, True, "US")


# --- writes at the same time -------------------------------------------------------------------


@dataclass
class Race:
    """Committed rows the threads see: the company of an API client, both records, an item
    the duplicate holds and one in storage."""

    caller: CallerClient
    company: Company
    kept: Employee
    duplicate: Employee
    held: Hardware
    stored: Hardware


@pytest.fixture
def race(transactional_db) -> Race:
    caller = make_caller()
    company = CompanyFactory(api_client=caller.api_client, code="MRG")
    duplicate = EmployeeFactory(company=company, first_name="Ada", email=DUPLICATE)
    return Race(
        caller=caller,
        company=company,
        kept=EmployeeFactory(company=company, first_name="Ada", email=KEEP),
        duplicate=duplicate,
        held=held_by(duplicate, "SN-HELD"),
        stored=HardwareFactory(company=company, serial_number="SN-STORED"),
    )


def merge_committed() -> str:
    out = StringIO()
    call_command("merge_employees", "MRG", KEEP, DUPLICATE, commit=True, reason="Race", stdout=out)
    return out.getvalue()


def relocate(serial: str, **place: str) -> str:
    """`relocate_hardware SERIAL --storage COUNTRY` or `--employee EMAIL`, committed."""
    out = StringIO()
    call_command("relocate_hardware", serial, **place, commit=True, reason="Race", stdout=out)
    return out.getvalue()


def offboard(race: Race):
    body = {
        "companyCode": "MRG",
        "handledBy": "PROVIDER",
        "employeeEmail": DUPLICATE,
        "hardwares": {"hardwareIds": [str(race.held.id)]},
    }
    return race.caller.post("/movement_requests/offboarding", {"data": body}, format="json")


def onboard(race: Race, to: str):
    body = {"companyCode": "MRG", "employeeEmail": to, "hardwareIds": [str(race.stored.id)]}
    return race.caller.post("/movement_requests/onboarding", {"data": body}, format="json")


def while_held(first, then: Call) -> None:
    """`first()` in a transaction that holds its locks until `then`, on its own thread, waits
    for one of them; then committed, and `then` let finish."""
    with transaction.atomic():
        first()
        then.start()
        wait_until(lambda: waiting_for_locks() == 1)
    then.join(TIMEOUT_SECONDS)
    assert not then.is_alive(), "still waiting after the first transaction committed"


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_a_merge_waits_for_an_offboarding_of_the_duplicate_being_created_and_moves_it(race):
    """The offboarding has locked the item and the duplicate, not yet committed: the merge
    waits for the duplicate's lock, then sees the request and hands it over."""
    merging = Call(merge_committed)

    while_held(lambda: offboard(race), merging)

    request = MovementRequest.objects.get()
    assert isinstance(merging.outcome, str), merging.outcome
    assert merging.outcome.splitlines()[-3:] == [
        *changed_lines(
            f"Movement request {request.movement_request_number}",
            ("from employee", DUPLICATE, KEEP),
        ),
        "Committed: 3 record(s) changed, 0 unchanged.",
    ]
    assert names(request) == (KEEP, None)
    assert where(race.held)[:2] == (HardwareStatus.EMPLOYEE, KEEP)
    race.duplicate.refresh_from_db()
    assert race.duplicate.merged_into == race.kept


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_an_offboarding_of_the_duplicate_waits_for_the_merge_and_no_longer_finds_them(race):
    """The merge holds the duplicate's row: the offboarding, which names them by e-mail, waits
    for it, then reads the row as the merge committed it, merged: no longer found."""
    offboarding_call = Call(lambda: offboard(race))

    while_held(merge_committed, offboarding_call)

    assert_refused(offboarding_call.outcome, 404, "Employee not found")
    assert not MovementRequest.objects.exists()
    assert where(race.held) == (HardwareStatus.EMPLOYEE, KEEP, False, "US")
    assert not Hardware.objects.get(pk=race.held.pk).in_movement


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_a_relocation_of_the_duplicates_item_waits_for_the_merge_and_takes_it_from_the_kept(
    race,
):
    relocating = Call(lambda: relocate("SN-HELD", storage="US"))
    touched = race.kept.updated_at

    while_held(merge_committed, relocating)

    assert isinstance(relocating.outcome, str), relocating.outcome
    assert relocating.outcome.splitlines()[-1] == "Committed: 1 record(s) changed, 0 unchanged."
    assert where(race.held) == (HardwareStatus.STORAGE, None, True, "US")
    race.kept.refresh_from_db()
    assert race.kept.updated_at > touched  # the employee it left, after the merge
    assert [context["actorName"] for _, context in trail(Hardware, race.held, "UPDATED")] == [
        "merge_employees",
        "relocate_hardware",
    ]


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_a_relocation_that_waited_for_the_merge_prints_the_employee_the_item_left(race):
    relocating = Call(lambda: relocate("SN-HELD", storage="US"))

    while_held(merge_committed, relocating)

    assert relocating.outcome.splitlines() == [
        f"Hardware {race.held.id} Dell U2723QE (SN-HELD):",
        "  status: EMPLOYEE → STORAGE",
        f"  employee: {KEEP} → —",
        "  storage: — → US",
        "Committed: 1 record(s) changed, 0 unchanged.",
    ]


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_a_relocation_to_the_duplicate_waits_for_the_merge_and_is_refused(race):
    """It locks the duplicate's row, held by the merge: once the merge commits, the duplicate
    is merged and no longer found by its e-mail."""
    relocating = Call(lambda: relocate("SN-STORED", employee=DUPLICATE))

    while_held(merge_committed, relocating)

    assert isinstance(relocating.outcome, CommandError), relocating.outcome
    assert str(relocating.outcome).startswith(f"Hardware SN-STORED: Employee {DUPLICATE} ")
    assert where(race.stored) == (HardwareStatus.STORAGE, None, True, "US")
    assert trail(Hardware, race.stored, "UPDATED") == []


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_a_merge_waits_for_a_relocation_to_the_duplicate_and_hands_the_item_over(race):
    """The relocation has locked the duplicate and given them the item, not yet committed:
    the merge waits for the duplicate's lock, then hands the item over with the other."""
    merging = Call(merge_committed)

    while_held(lambda: relocate("SN-STORED", employee=DUPLICATE), merging)

    assert isinstance(merging.outcome, str), merging.outcome
    assert merging.outcome.splitlines()[-1] == "Committed: 3 record(s) changed, 0 unchanged."
    assert where(race.stored)[:2] == (HardwareStatus.EMPLOYEE, KEEP)
    assert where(race.held)[:2] == (HardwareStatus.EMPLOYEE, KEEP)
    assert not Hardware.objects.filter(employee=race.duplicate).exists()


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_an_onboarding_to_the_duplicate_waits_for_the_merge_and_no_longer_finds_them(race):
    onboarding_call = Call(lambda: onboard(race, DUPLICATE))

    while_held(merge_committed, onboarding_call)

    assert not MovementRequest.objects.filter(to_employee=race.duplicate).exists()
    assert_refused(onboarding_call.outcome, 404, "Employee not found")
    assert where(race.stored) == (HardwareStatus.STORAGE, None, True, "US")
