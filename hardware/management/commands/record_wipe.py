"""python manage.py record_wipe <hardwareId or serial> --method CLEAR|PURGE|DESTROY --tool TEXT
[--performed-at ISO] [--verified | --not-verified] --reason TEXT [--commit] [--json]: a data wipe
an operator made, recorded with its certificate (hardware.lifecycle.hardware_wipe_record); a dry
run first (config.kernel.fixes).

--reason is the wipe's own reason (kept with it) and the audit trail's, so it is asked for on the
dry run too: a preview that leaves it out would preview a wipe the service cannot record. The
wipe's id and its certificate's SHA-256 are printed once committed: a dry run's would name a
wipe and a certificate that are rolled back."""

import argparse
from datetime import datetime
from functools import partial

from django.utils import timezone

from config.kernel.actors import Actor
from config.kernel.changes import RecordChange
from config.kernel.errors import ServiceError
from config.kernel.fixes import FixCommand, FixLine
from hardware.choices import WipeMethod
from hardware.lifecycle import WipeReport, hardware_wipe_record
from hardware.models import HardwareWipe
from hardware.services import hardware_lock_by_reference

NAME = "record_wipe"
REASON_NEEDED = "--reason is required: it is the wipe's reason, kept with it and on the audit trail"


def iso_datetime(value: str) -> datetime:
    """An ISO 8601 moment; without an offset, in the service's time zone (settings.TIME_ZONE)."""
    try:
        moment = datetime.fromisoformat(value.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected a date and time as ISO 8601 (2025-03-01T14:30:00+00:00), not {value}"
        ) from None
    return moment if timezone.is_aware(moment) else timezone.make_aware(moment)


class Command(FixCommand):
    help = (
        "Record a data wipe (NIST SP 800-88 Rev. 1) of an item in storage, with its "
        "certificate: CLEAR or PURGE makes an item awaiting its wipe ACTIVE again, DESTROY "
        "retires it as DISPOSED. --reason, the wipe's reason (also on the audit trail), is "
        "required, on the dry run too. A dry run by default: prints what would change and "
        "writes nothing; --commit writes it and prints the wipe's id, the item's lifecycle and "
        "the certificate's SHA-256. Refused for a retired item, one with an employee or in an "
        "open movement request, and a wipe performed in the future."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "hardware", metavar="hardwareId", help="The item's id or serial number."
        )
        parser.add_argument(
            "--method",
            required=True,
            type=str.upper,
            choices=WipeMethod.values,
            help="How it was wiped: CLEAR, PURGE or DESTROY (NIST SP 800-88 Rev. 1).",
        )
        parser.add_argument("--tool", required=True, help="The software or machine that wiped it.")
        parser.add_argument(
            "--performed-at",
            type=iso_datetime,
            metavar="ISO",
            help="When it was wiped (ISO 8601; UTC without an offset). Default: now.",
        )
        verification = parser.add_mutually_exclusive_group()
        verification.add_argument(
            "--verified",
            dest="verified",
            action="store_true",
            default=True,
            help="The wipe was verified afterwards (the default).",
        )
        verification.add_argument(
            "--not-verified",
            dest="verified",
            action="store_false",
            help="The wipe was not verified afterwards.",
        )

    def fix(self, *, hardware, commit, reason, **options):
        # The reason is the wipe's own, and what the line shows of the wipe depends on whether
        # it is kept.
        if reason is None:
            raise ServiceError(REASON_NEEDED)
        report = WipeReport(
            method=WipeMethod(options["method"]),
            tool=options["tool"],
            reason=reason,
            performed_at=options["performed_at"],
            verified=options["verified"],
        )
        apply = partial(_wipe_recorded, hardware, report, written=commit)
        return [FixLine(apply, record=f"Hardware {hardware.strip()}")]


def _wipe_recorded(reference: str, report: WipeReport, *, written: bool) -> list[RecordChange]:
    item = hardware_lock_by_reference(reference)
    lifecycle, retired_reason = item.lifecycle, item.retired_reason
    wipe = hardware_wipe_record(
        company=item.company, hardware_id=item.pk, report=report, actor=Actor.command(NAME)
    )
    moved = wipe.hardware
    # The lifecycle is shown even when the wipe leaves it (an ACTIVE item wiped again).
    fields = {"lifecycle": (lifecycle, moved.lifecycle)}
    if moved.retired_reason != retired_reason:
        fields["retired reason"] = (retired_reason, moved.retired_reason)
    fields |= {name: (None, shown) for name, shown in _wipe_shown(wipe, written=written).items()}
    return [RecordChange(f"Hardware {item.id} {item}", fields)]


def _wipe_shown(wipe: HardwareWipe, *, written: bool) -> dict:
    verified = "verified" if wipe.verified else "not verified"
    facts = f"{wipe.method} with {wipe.tool}, performed {wipe.performed_at.isoformat()}, {verified}"
    if not written:
        return {"wipe": facts, "certificate": "a PDF, made and kept on --commit"}
    return {"wipe": f"{wipe.id} ({facts})", "certificate": f"SHA-256 {wipe.certificate_sha256}"}
