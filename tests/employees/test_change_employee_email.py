"""`change_employee_email <companyCode> <oldEmail> <newEmail>` (issue 29): an employee's e-mail
corrected by an operator, under the upsert's rules: stored trimmed and lowercased, unique in
the company. The shared rules of every fix (dry run, --commit, --reason, --json) are in
tests/config/test_fix_commands.py."""

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import transaction

from companies.models import Event
from employees.models import Employee
from tests.config.test_audit_trail import trail
from tests.factories import CompanyFactory, EmployeeFactory
from tests.logistics.test_lock_order import Call, wait_until, waiting_for_locks
from tests.support import run_together
from tests.support.threads import TIMEOUT_SECONDS

pytestmark = pytest.mark.django_db

COMMIT = ("--commit", "--reason", "The person's address changed")


@pytest.fixture
def company():
    return CompanyFactory(code="HRS")


def test_commit_changes_the_email_as_the_upsert_stores_it_and_moves_updated_at(manage, company):
    ada = EmployeeFactory(company=company, first_name="Ada", email="ada@old.example")
    before = ada.updated_at

    ran = manage("change_employee_email", " hrs ", " ADA@old.example", " Ada@New.Example ", *COMMIT)

    assert ran.code == 0
    assert ran.out_lines[:2] == [
        "Employee Ada Lovelace <ada@old.example>:",
        "  email: ada@old.example → ada@new.example",
    ]
    ada.refresh_from_db()
    assert ada.email == "ada@new.example"
    assert ada.updated_at > before
    # Employees have no webhook event: none is recorded.
    assert not Event.objects.filter(company=company).exists()


def test_the_email_of_another_employee_is_refused_even_a_deactivated_ones(manage, company):
    EmployeeFactory(company=company, email="ada@old.example")
    EmployeeFactory(company=company, email="left@example.com", status="DEACTIVATED")

    ran = manage("change_employee_email", "HRS", "ada@old.example", "LEFT@example.com", *COMMIT)

    assert ran.code == 1
    assert ran.err.splitlines()[0] == (
        "CommandError: Employee ada@old.example of HRS: email already belongs to another "
        "employee in this company"
    )
    assert Employee.objects.filter(email="ada@old.example").exists()


def test_the_same_email_in_another_company_is_free(manage, company):
    ada = EmployeeFactory(company=company, email="ada@old.example")
    EmployeeFactory(email="ada@new.example")  # another company's

    ran = manage("change_employee_email", "HRS", "ada@old.example", "ada@new.example", *COMMIT)

    assert ran.code == 0
    ada.refresh_from_db()
    assert ada.email == "ada@new.example"


@pytest.mark.parametrize(
    ("arguments", "refusal"),
    [
        (
            ("HRS", "nobody@example.com", "new@example.com"),
            "Employee nobody@example.com of HRS: Employee not found",
        ),
        (
            # Another company's employee is not found in this one.
            ("HRS", "other@example.com", "new@example.com"),
            "Employee other@example.com of HRS: Employee not found",
        ),
        (
            ("ZZZ", "ada@old.example", "new@example.com"),
            "Employee ada@old.example of ZZZ: No company has the code ZZZ",
        ),
        (
            ("HRS", "ada@old.example", "not an e-mail"),
            "Employee ada@old.example of HRS: Invalid request data\n  email: Invalid email format",
        ),
    ],
)
def test_refusals_name_the_record_and_write_nothing(manage, company, arguments, refusal):
    EmployeeFactory(company=company, email="ada@old.example")
    EmployeeFactory(email="other@example.com")

    ran = manage("change_employee_email", *arguments, *COMMIT)

    assert ran.code == 1
    assert ran.err == f"CommandError: {refusal}\nNothing written.\n"
    assert sorted(Employee.objects.values_list("email", flat=True)) == [
        "ada@old.example",
        "other@example.com",
    ]


def test_the_email_it_has_already_is_unchanged_and_writes_nothing(manage, company):
    ada = EmployeeFactory(company=company, first_name="Ada", email="ada@old.example")
    before = ada.updated_at

    ran = manage("change_employee_email", "HRS", "ada@old.example", "ADA@old.example", *COMMIT)

    assert ran.code == 0
    assert ran.out_lines == [
        "Employee Ada Lovelace <ada@old.example>: unchanged",
        "Committed: 0 record(s) changed, 1 unchanged.",
    ]
    ada.refresh_from_db()
    assert ada.updated_at == before
    assert [action for action, _ in trail(Employee, ada)] == ["CREATED"]


def change(old: str, new: str):
    return call_command(
        "change_employee_email", "HRS", old, new, commit=True, reason="Race", stdout=None
    )


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_two_employees_given_one_email_at_once_one_is_refused_by_the_database():
    company = CompanyFactory(code="HRS")
    EmployeeFactory(company=company, email="ada@example.com")
    EmployeeFactory(company=company, email="bo@example.com")

    outcomes = run_together(
        lambda: change("ada@example.com", "shared@example.com"),
        lambda: change("bo@example.com", "shared@example.com"),
    )

    refused = [outcome for outcome in outcomes if isinstance(outcome, CommandError)]
    assert len(refused) == 1, outcomes
    assert "email already belongs to another employee in this company" in str(refused[0])
    assert Employee.objects.filter(company=company, email="shared@example.com").count() == 1


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_an_email_taken_by_a_transaction_not_yet_committed_is_refused_once_it_commits():
    """The check reads committed rows only; the unique constraint makes the change wait for
    the other transaction, then refuses it with the same words."""
    company = CompanyFactory(code="HRS")
    EmployeeFactory(company=company, email="ada@example.com")
    EmployeeFactory(company=company, email="bo@example.com")
    changing = Call(lambda: change("ada@example.com", "shared@example.com"))

    with transaction.atomic():
        Employee.objects.filter(email="bo@example.com").update(email="shared@example.com")
        changing.start()
        wait_until(lambda: waiting_for_locks() == 1)
    changing.join(TIMEOUT_SECONDS)

    assert isinstance(changing.outcome, CommandError), changing.outcome
    assert str(changing.outcome) == (
        "Employee ada@example.com of HRS: email already belongs to another employee in this "
        "company\nNothing written."
    )
    assert Employee.objects.filter(email="ada@example.com").exists()
