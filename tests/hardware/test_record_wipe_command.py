"""`record_wipe <hardwareId or serial> --method ... --tool ... --reason ...` (issue 32): a data
wipe an operator made, recorded with its certificate through hardware.lifecycle, a dry run first
like every data fix (config.kernel.fixes; their shared rules: tests/config/test_fix_commands.py).
CLEAR and PURGE make an item awaiting its wipe ACTIVE, DESTROY retires it as DISPOSED."""

import hashlib
import json
from datetime import timedelta

import pytest
from django.db import transaction
from django.utils import timezone

from config.kernel.actors import Actor
from hardware.choices import RetiredReason
from hardware.lifecycle import hardware_retire, hardware_wipe_await
from hardware.models import Hardware, HardwareWipe
from tests.config.test_audit_trail import trail
from tests.factories import CompanyFactory, HardwareFactory
from tests.support import events_recorded

pytestmark = pytest.mark.django_db

REASON = "Returned by a leaver, ticket 77"
COMMIT = ("--commit", "--reason", REASON)
WIPED_AT = "2025-03-01T14:30:00+00:00"
PURGED = ("--method", "PURGE", "--tool", "Blancco 7", "--performed-at", WIPED_AT)
TESTS = Actor.command("test")


def awaiting_wipe(item: Hardware) -> Hardware:
    """The item returned to storage by an offboarding that asked for a wipe."""
    with transaction.atomic():
        hardware_wipe_await(items=[item], actor=TESTS, note="Offboarding with a wipe")
    item.refresh_from_db()
    return item


@pytest.fixture
def laptop():
    item = HardwareFactory(company=CompanyFactory(code="WIP"), serial_number="SN-WIPE-1")
    return awaiting_wipe(item)


def lifecycle_of(item: Hardware) -> tuple:
    item.refresh_from_db()
    return item.lifecycle, item.retired_reason


def moves_of(item: Hardware) -> list[tuple]:
    return list(
        item.status_history.order_by("created_at", "id").values_list(
            "status_from", "status_to", "actor_kind", "actor_name", "note"
        )
    )


def test_a_dry_run_says_what_it_would_do_and_writes_nothing(manage, laptop):
    moves = moves_of(laptop)

    ran = manage("record_wipe", "SN-WIPE-1", *PURGED, "--reason", REASON)

    assert (ran.code, ran.err) == (0, "")
    assert ran.out_lines == [
        f"Hardware {laptop.id} Dell U2723QE (SN-WIPE-1):",
        "  lifecycle: AWAITING_WIPE → ACTIVE",
        f"  wipe: — → PURGE with Blancco 7, performed {WIPED_AT}, verified",
        "  certificate: — → a PDF, made and kept on --commit",
        "Dry run: 1 record(s) would change, 0 unchanged. Nothing written: run again with "
        "--commit --reason TEXT to write.",
    ]
    assert lifecycle_of(laptop) == ("AWAITING_WIPE", None)
    assert not HardwareWipe.objects.exists()
    assert moves_of(laptop) == moves
    assert events_recorded("hardware.wiped") == []


def test_commit_of_a_purge_makes_the_item_active_and_prints_the_stored_certificates_sha256(
    manage, laptop
):
    ran = manage("record_wipe", "SN-WIPE-1", *PURGED, "--json", *COMMIT)

    assert (ran.code, ran.err) == (0, "")
    wipe = HardwareWipe.objects.get(hardware=laptop)
    assert ran.out_lines[:-1] == [
        f"Hardware {laptop.id} Dell U2723QE (SN-WIPE-1):",
        "  lifecycle: AWAITING_WIPE → ACTIVE",
        f"  wipe: — → {wipe.id} (PURGE with Blancco 7, performed {WIPED_AT}, verified)",
        f"  certificate: — → SHA-256 {wipe.certificate_sha256}",
        "Committed: 1 record(s) changed, 0 unchanged.",
    ]
    assert json.loads(ran.out_lines[-1]) == {
        "committed": True,
        "changed": 1,
        "unchanged": 0,
        "errors": [],
    }
    assert lifecycle_of(laptop) == ("ACTIVE", None)
    certificate = bytes(wipe.certificate)
    assert certificate.startswith(b"%PDF")
    assert hashlib.sha256(certificate).hexdigest() == wipe.certificate_sha256
    assert (wipe.method, wipe.tool, wipe.verified, wipe.reason, wipe.recorded_by) == (
        "PURGE",
        "Blancco 7",
        True,
        REASON,
        "Management command: record_wipe",
    )
    assert wipe.performed_at.isoformat() == WIPED_AT
    assert moves_of(laptop)[-1] == (
        "AWAITING_WIPE",
        "ACTIVE",
        "COMMAND",
        "record_wipe",
        f"PURGE wipe {wipe.id}: {REASON}",
    )
    assert [data_id for _, data_id, _ in events_recorded("hardware.wiped")] == [str(laptop.id)]


def test_destroy_retires_the_item_as_disposed_not_verified_when_told(manage, laptop):
    ran = manage(
        "record_wipe",
        laptop.id,
        "--method",
        "destroy",
        "--tool",
        "Shredder SX-2",
        "--not-verified",
        *COMMIT,
    )

    assert ran.code == 0, ran.err
    assert ran.out_lines[1:3] == [
        "  lifecycle: AWAITING_WIPE → RETIRED",
        "  retired reason: — → DISPOSED",
    ]
    assert lifecycle_of(laptop) == ("RETIRED", "DISPOSED")
    wipe = HardwareWipe.objects.get(hardware=laptop)
    assert (wipe.method, wipe.verified) == ("DESTROY", False)
    assert f"certificate: — → SHA-256 {wipe.certificate_sha256}" in ran.out


def test_an_active_item_wiped_again_stays_active_and_says_so(manage):
    item = HardwareFactory(serial_number="SN-WIPE-2")

    ran = manage("record_wipe", "SN-WIPE-2", *PURGED, *COMMIT)

    assert ran.code == 0, ran.err
    assert ran.out_lines[1] == "  lifecycle: ACTIVE → ACTIVE"
    assert lifecycle_of(item) == ("ACTIVE", None)
    assert HardwareWipe.objects.filter(hardware=item).count() == 1


def test_the_audit_trail_shows_the_command_and_the_reason(manage, laptop):
    ran = manage("record_wipe", "SN-WIPE-1", *PURGED, *COMMIT)

    assert ran.code == 0, ran.err
    wipe = HardwareWipe.objects.get(hardware=laptop)
    by_the_command = {
        "source": "COMMAND",
        "actorType": "COMMAND",
        "actorName": "record_wipe",
        "reason": REASON,
    }
    assert trail(HardwareWipe, wipe) == [("CREATED", by_the_command)]
    assert trail(Hardware, laptop, "UPDATED")[-1] == ("UPDATED", by_the_command)


# --- refusals: an error line, exit code 1, nothing written ------------------------------------


def retired_item() -> Hardware:
    item = HardwareFactory(serial_number="SN-GONE")
    hardware_retire(
        company=item.company,
        hardware_id=item.pk,
        reason=RetiredReason.LOST,
        actor=TESTS,
        note="Taxi",
    )
    return item


def held_item() -> Hardware:
    return HardwareFactory(serial_number="SN-HELD", on_employee=True)


@pytest.mark.parametrize(
    ("made", "refusal"),
    [
        (retired_item, "Hardware {id} is retired: a retired item is not wiped"),
        (held_item, "Hardware {id} is with an employee: only an item in storage can be wiped"),
    ],
    ids=["retired", "with an employee"],
)
def test_an_item_the_service_refuses_is_named_with_its_refusal(manage, made, refusal):
    item = made()
    before = lifecycle_of(item)

    ran = manage("record_wipe", item.serial_number, *PURGED, *COMMIT)

    assert ran.code == 1
    message = refusal.format(id=item.id)
    assert ran.err == f"CommandError: Hardware {item.serial_number}: {message}\nNothing written.\n"
    assert lifecycle_of(item) == before
    assert not HardwareWipe.objects.exists()


def test_an_unknown_item_and_a_serial_of_two_companies_are_refused(manage, laptop):
    HardwareFactory(serial_number="SN-TWICE")
    HardwareFactory(serial_number="SN-TWICE")

    unknown = manage("record_wipe", "SN-NONE", *PURGED, *COMMIT)
    ambiguous = manage("record_wipe", "SN-TWICE", *PURGED, *COMMIT)

    assert (unknown.code, ambiguous.code) == (1, 1)
    assert unknown.err == "CommandError: Hardware SN-NONE: Hardware not found\nNothing written.\n"
    assert ambiguous.err.splitlines()[0] == (
        "CommandError: Hardware SN-TWICE: Serial number SN-TWICE is on items of several "
        "companies: name the item by its hardware id"
    )
    assert not HardwareWipe.objects.exists()


def test_a_wipe_performed_in_the_future_is_refused(manage, laptop):
    tomorrow = (timezone.now() + timedelta(days=1)).isoformat()

    ran = manage(
        "record_wipe", laptop.id, "--method", "CLEAR", "--tool", "nwipe", "--performed-at",
        tomorrow, *COMMIT,
    )  # fmt: skip

    assert ran.code == 1
    assert ran.err == (
        f"CommandError: Hardware {laptop.id}: Invalid request data\n"
        "  performedAt: performedAt is in the future\nNothing written.\n"
    )
    assert lifecycle_of(laptop) == ("AWAITING_WIPE", None)
    assert not HardwareWipe.objects.exists()


@pytest.mark.parametrize(
    ("commit", "refusal"),
    [
        ((), "--reason is required: it is the wipe's reason, kept with it and on the audit trail"),
        (("--commit",), "--reason is required with --commit: it is kept on the audit trail"),
    ],
    ids=["dry run", "commit"],
)
def test_a_wipe_without_a_reason_is_refused_even_on_a_dry_run(manage, laptop, commit, refusal):
    ran = manage("record_wipe", laptop.id, *PURGED, *commit)

    assert ran.code == 1
    assert ran.err == f"CommandError: {refusal}\nNothing written.\n"
    assert lifecycle_of(laptop) == ("AWAITING_WIPE", None)
    assert not HardwareWipe.objects.exists()


@pytest.mark.parametrize(
    ("arguments", "complaint"),
    [
        (("--method", "ERASE", "--tool", "x"), "invalid choice: 'ERASE'"),
        (("--method", "CLEAR"), "the following arguments are required: --tool"),
        (("--method", "CLEAR", "--tool", "x", "--performed-at", "yesterday"), "ISO 8601"),
        (("--method", "CLEAR", "--tool", "x", "--verified", "--not-verified"), "not allowed"),
    ],
)
def test_a_mistyped_command_line_is_refused_before_anything_runs(
    manage, laptop, arguments, complaint
):
    ran = manage("record_wipe", laptop.id, *arguments, *COMMIT)

    assert ran.code == 2
    assert complaint in ran.err
    assert not HardwareWipe.objects.exists()
