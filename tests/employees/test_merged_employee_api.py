"""What the API answers once an operator merged a duplicate employee into the record to keep
(`merge_employees`, issue 29; the command itself is in tests/employees/test_merge_employees.py):
GET /employees/{id} answers the merged record DEACTIVATED with `mergedInto`, the list's `email`
and `externalReferenceId` criteria no longer find it, and POST /employees no longer matches it:
its e-mail and reference are free for a new employee."""

from io import StringIO

import pytest
from django.core.management import call_command
from django.db import transaction

from employees.choices import EmployeeStatus
from employees.models import Employee
from tests.employees.test_employee_upsert_api import upsert
from tests.factories import CompanyFactory, EmployeeFactory, HardwareFactory
from tests.logistics.test_lock_order import Call, wait_until, waiting_for_locks
from tests.support import assert_refused, error, success
from tests.support.threads import TIMEOUT_SECONDS

pytestmark = pytest.mark.django_db

# The duplicate has the e-mail and reference that the upsert's default body sends.
KEEP, DUPLICATE = "ana@example.com", "ana.silva@example.com"
KEPT_REFERENCE, DUPLICATE_REFERENCE = "HR-KEEP", "HR-1"


@pytest.fixture
def company(caller):
    return CompanyFactory(api_client=caller.api_client, code="EMP")


def entered_twice(company) -> tuple[Employee, Employee]:
    kept = EmployeeFactory(company=company, email=KEEP, external_reference_id=KEPT_REFERENCE)
    duplicate = EmployeeFactory(
        company=company, email=DUPLICATE, external_reference_id=DUPLICATE_REFERENCE
    )
    return kept, duplicate


def merge() -> str:
    out = StringIO()
    call_command("merge_employees", "EMP", KEEP, DUPLICATE, commit=True, reason="Twice", stdout=out)
    return out.getvalue()


@pytest.fixture
def merged(company):
    """The two records, the duplicate (holding an item) merged into the kept one."""
    kept, duplicate = entered_twice(company)
    item = HardwareFactory(company=company, on_employee=True, employee=duplicate)
    merge()
    return kept, duplicate, item


def detail(caller, employee_id, company_code="EMP"):
    return caller.get(f"/employees/{employee_id}", {"companyCode": company_code})


def listed(caller, **criteria):
    return caller.get("/employees", {"companyCode": "EMP", **criteria})


def ids(response) -> list[str]:
    assert response.status_code == 200, response.json()
    return [employee["id"] for employee in response.json()["envelop"]]


def merge_state(employee: Employee) -> tuple:
    employee.refresh_from_db()
    return employee.email, employee.external_reference_id, employee.status, employee.merged_into_id


# --- reads -------------------------------------------------------------------------------------


def test_the_merged_record_answers_deactivated_with_the_kept_ones_id_and_no_hardware(
    caller, merged
):
    kept, duplicate, item = merged

    theirs = detail(caller, duplicate.id)
    ours = detail(caller, kept.id)

    assert theirs.status_code == 200
    [shown] = theirs.json()["envelop"]
    assert (shown["id"], shown["email"], shown["status"], shown["mergedInto"]) == (
        str(duplicate.id),
        DUPLICATE,
        "DEACTIVATED",
        str(kept.id),
    )
    assert shown["hardwares"] == []
    [shown] = ours.json()["envelop"]
    assert (shown["status"], shown["mergedInto"]) == ("ACTIVE", None)
    assert [each["id"] for each in shown["hardwares"]] == [str(item.id)]


def test_the_list_shows_the_merged_record_but_its_email_and_reference_no_longer_find_it(
    caller, merged
):
    kept, duplicate, _ = merged

    assert listed(caller, email=DUPLICATE).json() == success([])
    assert listed(caller, email=DUPLICATE.upper()).json() == success([])
    assert listed(caller, externalReferenceId=DUPLICATE_REFERENCE).json() == success([])
    assert ids(listed(caller, email=KEEP)) == [str(kept.id)]
    assert ids(listed(caller, externalReferenceId=KEPT_REFERENCE)) == [str(kept.id)]
    # Without those criteria it is one of the company's employees, a deactivated one.
    assert ids(listed(caller, status="DEACTIVATED")) == [str(duplicate.id)]
    shown = {each["id"]: each["mergedInto"] for each in listed(caller).json()["envelop"]}
    assert shown == {str(kept.id): None, str(duplicate.id): str(kept.id)}


def test_the_merged_record_of_another_clients_company_is_not_found(caller, other_caller, merged):
    _, duplicate, _ = merged
    CompanyFactory(api_client=other_caller.api_client, code="OTH")

    response = detail(other_caller, duplicate.id, company_code="OTH")

    assert (response.status_code, response.json()) == (404, error(404, "Employee not found"))
    assert_refused(detail(other_caller, duplicate.id), 400, "Invalid company code")


# --- the upsert --------------------------------------------------------------------------------


def test_an_upsert_with_the_duplicates_email_and_reference_makes_a_new_employee(caller, merged):
    kept, duplicate, _ = merged
    before = merge_state(duplicate)

    response = upsert(caller)  # the duplicate's e-mail and reference

    assert response.status_code == 200, response.json()
    answered = response.json()["envelop"]
    new = Employee.objects.get(pk=answered["id"])
    assert new.pk not in (kept.pk, duplicate.pk)
    assert (answered["email"], answered["status"], answered["mergedInto"]) == (
        DUPLICATE,
        "ACTIVE",
        None,
    )
    assert (new.external_reference_id, new.status) == (DUPLICATE_REFERENCE, EmployeeStatus.ACTIVE)
    assert merge_state(duplicate) == before  # still merged, not reactivated
    # The e-mail finds the new employee now, and only it.
    assert ids(listed(caller, email=DUPLICATE)) == [str(new.pk)]
    assert ids(listed(caller, externalReferenceId=DUPLICATE_REFERENCE)) == [str(new.pk)]


def test_an_upsert_with_the_duplicates_reference_does_not_reactivate_the_merged_record(
    caller, merged
):
    kept, duplicate, _ = merged
    before = merge_state(duplicate)

    response = upsert(caller, email="ana.new@example.com")  # the duplicate's reference

    assert response.status_code == 200, response.json()
    answered = response.json()["envelop"]
    assert answered["id"] not in (str(kept.id), str(duplicate.id))
    assert (answered["externalReferenceId"], answered["status"]) == (DUPLICATE_REFERENCE, "ACTIVE")
    assert merge_state(duplicate) == before
    assert Employee.objects.count() == 3


def test_an_upsert_with_the_duplicates_reference_and_the_kept_email_updates_the_kept_record(
    caller, merged
):
    """The reference finds no one (the merged record no longer holds it): the e-mail finds the
    kept record, which takes the reference as an upsert by e-mail does."""
    kept, duplicate, _ = merged
    before = merge_state(duplicate)

    response = upsert(caller, email=KEEP)

    assert response.status_code == 200, response.json()
    answered = response.json()["envelop"]
    assert (answered["id"], answered["externalReferenceId"], answered["mergedInto"]) == (
        str(kept.id),
        DUPLICATE_REFERENCE,
        None,
    )
    assert merge_state(duplicate) == before
    assert Employee.objects.count() == 2


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_an_upsert_of_the_duplicate_during_the_merge_waits_then_makes_a_new_employee(caller):
    """The merge has locked the duplicate, not yet committed: the upsert, which matches by
    reference and e-mail on locked rows, waits for it, then no longer finds the merged record
    and makes a new one: neither the merge nor the upsert is lost."""
    company = CompanyFactory(api_client=caller.api_client, code="EMP")
    kept, duplicate = entered_twice(company)
    upserting = Call(lambda: upsert(caller, lastName="Souza"))

    with transaction.atomic():
        merge()
        upserting.start()
        wait_until(lambda: waiting_for_locks() == 1)
    upserting.join(TIMEOUT_SECONDS)

    assert upserting.outcome.status_code == 200, upserting.outcome
    answered = upserting.outcome.json()["envelop"]
    assert answered["id"] not in (str(kept.id), str(duplicate.id))
    assert (answered["email"], answered["lastName"], answered["mergedInto"]) == (
        DUPLICATE,
        "Souza",
        None,
    )
    assert merge_state(duplicate) == (
        DUPLICATE,
        DUPLICATE_REFERENCE,
        EmployeeStatus.DEACTIVATED,
        kept.pk,
    )
    assert duplicate.last_name == "Lovelace"
