"""`manage.py export_audit`: a company's audit trail as JSON Lines, one event a line exactly as
GET /audit-events answers it, oldest first, read a chunk at a time."""

import json
from datetime import UTC, datetime, timedelta
from io import StringIO

import pytest
from django.apps import apps
from django.core.management import CommandError, call_command

from companies.management.commands import export_audit
from tests.factories import CompanyFactory, HardwareFactory, HardwareRequestFactory, OrderFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def company(caller, settings):
    # Images absolute in both, as the command has no request to make them absolute against.
    settings.PUBLIC_BASE_URL = "http://testserver"
    company = CompanyFactory(api_client=caller.api_client, code="EXP")
    order = OrderFactory(company=company)
    HardwareRequestFactory.create_batch(2, order=order, quoted_unit_price="10.00")
    HardwareFactory.create_batch(2, company=company)
    caller.patch("/companies/EXP", {"name": "Exported"}, format="json", HTTP_X_CHANGE_REASON="Go")
    CompanyFactory(code="OTH")  # another company: none of its events
    return company


def exported(*args, **options) -> list[dict]:
    out = StringIO()
    call_command("export_audit", *args, stdout=out, **options)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_the_export_is_the_apis_list_oldest_first(caller, company):
    answered = caller.get("/audit-events", {"companyCode": "EXP"}).json()["envelop"]

    lines = exported("--company", "exp")

    assert lines == list(reversed(answered))
    assert len(lines) == 7
    assert [line["reason"] for line in lines if line["reason"]] == ["Go"]


def test_the_export_reads_a_chunk_at_a_time(caller, company, monkeypatch, tmp_path):
    whole = exported("--company", "EXP")
    monkeypatch.setattr(export_audit, "CHUNK_EVENTS", 2)
    target = tmp_path / "trail.jsonl"
    err = StringIO()

    out = StringIO()
    call_command(
        "export_audit", "--company", "EXP", "--output", str(target), stdout=out, stderr=err
    )

    assert [json.loads(line) for line in target.read_text().splitlines()] == whole
    assert out.getvalue() == ""
    assert err.getvalue().strip() == f"Wrote {len(whole)} event(s) of EXP to {target}."


def test_since_and_until_bound_the_export(company):
    at = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
    apps.get_model("companies", "CompanyAuditEvent").objects.update(pgh_created_at=at)
    lines = apps.get_model("orders", "HardwareRequestAuditEvent").objects
    lines.update(pgh_created_at=at + timedelta(hours=1))

    kinds = {
        line["target"]["type"]
        for line in exported(
            "--company", "EXP", "--since", "2026-03-01T12:00:00Z", "--until", "2026-03-01T13:00Z"
        )
    }

    assert kinds == {"COMPANY"}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--company", "NOP"], "No company has the code 'NOP'."),
        (
            ["--company", "EXP", "--since", "2026-03-01"],
            "Invalid --since: expected an ISO 8601 date-time with its offset",
        ),
        (
            ["--company", "EXP", "--until", "soon"],
            "Invalid --until: expected an ISO 8601 date-time with its offset",
        ),
    ],
)
def test_a_bad_argument_is_refused_with_its_reason(company, args, message):
    with pytest.raises(CommandError, match=message):
        exported(*args)
