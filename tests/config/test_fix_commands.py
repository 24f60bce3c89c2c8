"""What every data fix command shares (config/kernel/fixes.py, issue 29): a dry run by default
that prints what would change and writes nothing, `--commit` with a required `--reason` kept
on the audit trail, every refusal an error line and a non-zero exit with nothing written, and
`--json`'s summary as the last line. Shown with `change_employee_email`, and with a fix read
from a CSV file (as `import_serials` will be), which reports each refused line by its number."""

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from companies.selectors import company_get_by_code
from config.kernel.fixes import FixCommand, csv_fix_lines
from employees.corrections import employee_email_change
from employees.models import Employee
from tests.config.test_audit_trail import trail
from tests.factories import CompanyFactory, EmployeeFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def ada():
    company = CompanyFactory(code="FIX")
    return EmployeeFactory(company=company, first_name="Ada", email="ada@old.example")


def emails(company) -> list[str]:
    return sorted(Employee.objects.filter(company=company).values_list("email", flat=True))


def test_a_fix_is_a_dry_run_by_default_that_prints_the_change_and_writes_nothing(manage, ada):
    ran = manage("change_employee_email", "FIX", "ada@old.example", "ada@new.example")

    assert (ran.code, ran.err) == (0, "")
    assert ran.out_lines == [
        "Employee Ada Lovelace <ada@old.example>:",
        "  email: ada@old.example → ada@new.example",
        "Dry run: 1 record(s) would change, 0 unchanged. Nothing written: run again with "
        "--commit --reason TEXT to write.",
    ]
    assert emails(ada.company) == ["ada@old.example"]
    assert [action for action, _ in trail(Employee, ada)] == ["CREATED"]


def test_commit_writes_with_one_trail_row_per_record_carrying_the_reason(manage, ada):
    ran = manage(
        "change_employee_email", "FIX", "ada@old.example", "ada@new.example",
        "--commit", "--reason", "Ticket 812: new domain",
    )  # fmt: skip

    assert (ran.code, ran.err) == (0, "")
    assert ran.out_lines[-1] == "Committed: 1 record(s) changed, 0 unchanged."
    assert emails(ada.company) == ["ada@new.example"]
    assert trail(Employee, ada, "UPDATED") == [
        (
            "UPDATED",
            {
                "source": "COMMAND",
                "actorType": "COMMAND",
                "actorName": "change_employee_email",
                "reason": "Ticket 812: new domain",
            },
        )
    ]


def test_commit_without_a_reason_is_an_error_and_writes_nothing(manage, ada):
    ran = manage("change_employee_email", "FIX", "ada@old.example", "ada@new.example", "--commit")

    assert ran.code == 1
    assert ran.err.splitlines() == [
        "CommandError: --reason is required with --commit: it is kept on the audit trail",
        "Nothing written.",
    ]
    assert ran.out == ""
    assert emails(ada.company) == ["ada@old.example"]


def test_a_refusal_is_an_error_line_naming_the_record_and_writes_nothing(manage, ada):
    EmployeeFactory(company=ada.company, email="taken@example.com")

    ran = manage(
        "change_employee_email", "FIX", "ada@old.example", "taken@example.com",
        "--commit", "--reason", "Typo",
    )  # fmt: skip

    assert ran.code == 1
    assert ran.err.splitlines() == [
        "CommandError: Employee ada@old.example of FIX: email already belongs to another "
        "employee in this company",
        "Nothing written.",
    ]
    assert emails(ada.company) == ["ada@old.example", "taken@example.com"]
    assert [action for action, _ in trail(Employee, ada)] == ["CREATED"]


@pytest.mark.parametrize(
    ("options", "summary"),
    [
        ([], {"committed": False, "changed": 1, "unchanged": 0, "errors": []}),
        (
            ["--commit", "--reason", "New domain"],
            {"committed": True, "changed": 1, "unchanged": 0, "errors": []},
        ),
    ],
)
def test_json_ends_the_output_with_the_summary(manage, ada, options, summary):
    ran = manage(
        "change_employee_email", "FIX", "ada@old.example", "ada@new.example", "--json", *options
    )

    assert ran.code == 0
    assert json.loads(ran.out_lines[-1]) == summary


def test_json_summarises_a_refusal_and_an_unchanged_record(manage, ada):
    refused = manage(
        "change_employee_email", "FIX", "nobody@example.com", "x@example.com", "--json"
    )
    unchanged = manage(
        "change_employee_email", "FIX", "ADA@old.example", "ada@old.example", "--json"
    )

    assert refused.code == 1
    assert json.loads(refused.out_lines[-1]) == {
        "committed": False,
        "changed": 0,
        "unchanged": 0,
        "errors": [
            {"line": None, "message": "Employee nobody@example.com of FIX: Employee not found"}
        ],
    }
    assert unchanged.code == 0
    assert unchanged.out_lines[0] == "Employee Ada Lovelace <ada@old.example>: unchanged"
    assert json.loads(unchanged.out_lines[-1])["unchanged"] == 1


# --- a fix read from a CSV file, a line at a time ----------------------------------------------

HEADER = ("companyCode", "oldEmail", "newEmail")


class EmailsFromFile(FixCommand):
    """A CSV fix as `import_serials` will be one: an e-mail changed per line."""

    def add_arguments(self, parser):
        parser.add_argument("file")

    def fix(self, *, file, **options):
        return csv_fix_lines(
            file,
            headers=[HEADER],
            apply_row=self.change,
            record_of=lambda row: f"Employee {row['oldEmail']}",
        )

    @staticmethod
    def change(row: dict) -> list:
        company = company_get_by_code(code=row["companyCode"])
        return [
            employee_email_change(company=company, email=row["oldEmail"], new_email=row["newEmail"])
        ]


def run_file(tmp_path, text: str, **options) -> tuple[list[str], str | None]:
    """The fix run on a file holding `text`: its output lines, and its error (None if none)."""
    path = tmp_path / "emails.csv"
    path.write_text(text, encoding="utf-8")
    out = StringIO()
    try:
        call_command(EmailsFromFile(), str(path), stdout=out, **options)
    except CommandError as error:
        return out.getvalue().splitlines(), str(error)
    return out.getvalue().splitlines(), None


def test_a_csv_fix_reports_every_refused_line_by_its_number_and_writes_nothing(tmp_path, ada):
    EmployeeFactory(company=ada.company, email="bo@old.example")
    EmployeeFactory(company=ada.company, email="cy@old.example")
    EmployeeFactory(company=ada.company, email="taken@example.com")
    text = (
        "companyCode,oldEmail,newEmail\n"
        "FIX,ada@old.example,ada@new.example\n"  # line 2: fine
        "FIX,bo@old.example,taken@example.com\n"  # line 3: taken in the company
        "FIX,cy@old.example\n"  # line 4: a field missing
        "\n"
        "FIX,cy@old.example,ada@new.example\n"  # line 6: taken by line 2 of the file
    )

    lines, error = run_file(tmp_path, text, commit=True, reason="HR export", json=True)

    assert error.splitlines() == [
        "line 3: Employee bo@old.example: email already belongs to another employee in this "
        "company",
        "line 4: Expected 3 fields (companyCode,oldEmail,newEmail), not 2",
        "line 6: Employee cy@old.example: email already belongs to another employee in this "
        "company",
        "Nothing written.",
    ]
    assert lines[:2] == [
        "line 2: Employee Ada Lovelace <ada@old.example>:",
        "  email: ada@old.example → ada@new.example",
    ]
    assert json.loads(lines[-1]) == {
        "committed": False,
        "changed": 1,
        "unchanged": 0,
        "errors": [
            {"line": 3, "message": error.splitlines()[0].removeprefix("line 3: ")},
            {"line": 4, "message": "Expected 3 fields (companyCode,oldEmail,newEmail), not 2"},
            {"line": 6, "message": error.splitlines()[2].removeprefix("line 6: ")},
        ],
    }
    assert emails(ada.company) == [
        "ada@old.example",
        "bo@old.example",
        "cy@old.example",
        "taken@example.com",
    ]


def test_a_csv_fix_commits_every_line_with_its_trail_row(tmp_path, ada):
    bo = EmployeeFactory(company=ada.company, email="bo@old.example")
    text = (
        "\ufeffcompanyCode,oldEmail,newEmail\n"  # as a spreadsheet saves it, with a BOM
        "FIX,ada@old.example,ada@new.example\n"
        "fix,BO@old.example,bo@new.example\n"
    )

    lines, error = run_file(tmp_path, text, commit=True, reason="HR export", json=True)

    assert error is None
    assert json.loads(lines[-1]) == {"committed": True, "changed": 2, "unchanged": 0, "errors": []}
    assert emails(ada.company) == ["ada@new.example", "bo@new.example"]
    for employee in (ada, bo):
        [(_, context)] = trail(Employee, employee, "UPDATED")
        assert (context["actorName"], context["reason"]) == ("test_fix_commands", "HR export")


def test_a_csv_fix_with_another_header_is_refused_on_line_1(tmp_path, ada):
    lines, error = run_file(tmp_path, "company,old,new\nFIX,ada@old.example,a@b.example\n")

    assert error.splitlines() == [
        "line 1: Expected the header companyCode,oldEmail,newEmail, not company,old,new",
        "Nothing written.",
    ]
    assert lines == []
    assert emails(ada.company) == ["ada@old.example"]


def test_a_csv_fix_of_a_missing_file_is_refused(tmp_path):
    out = StringIO()

    with pytest.raises(CommandError, match=r"^Cannot read .*missing\.csv: .*\nNothing written\.$"):
        call_command(EmailsFromFile(), str(tmp_path / "missing.csv"), stdout=out)
