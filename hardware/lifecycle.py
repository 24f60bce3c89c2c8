"""An item's life beside its place: awaiting a data wipe after a return, wiped (with a
certificate), retired, found again. Each change of `lifecycle` is a move of its graph
(config.kernel.workflow.transition_apply: its history row with who and why, its event, the
audit trail); a wipe is recorded whatever it moves. The API, the admin, `record_wipe` and the
sandbox all come here."""

from dataclasses import dataclass
from datetime import datetime
from functools import partial
from uuid import UUID

from django.db import transaction
from django.utils import timezone

from companies.models import Company
from config.kernel.actors import Actor
from config.kernel.database import records_touch
from config.kernel.errors import NotFound, ServiceError
from config.kernel.workflow import event_record_about, transition_apply
from employees.models import Employee
from hardware.certificates import CertificateFacts, certificate_pdf, sha256_of
from hardware.choices import (
    HARDWARE_WIPED,
    REINSTATABLE,
    HardwareStatus,
    Lifecycle,
    RetiredReason,
    WipeMethod,
)
from hardware.models import Hardware, HardwareWipe
from hardware.selectors import HARDWARE_NOT_FOUND, open_movement_of
from hardware.services import hardware_updated_record, storage_for_country

# Why an item cannot go out (logistics' checks name the item before these).
AWAITING_WIPE = "is awaiting a data wipe"
RETIRED = "is retired"
NOT_GOING_OUT = {Lifecycle.AWAITING_WIPE: AWAITING_WIPE, Lifecycle.RETIRED: RETIRED}


def hardware_lock_one(*, company: Company, hardware_id: UUID) -> Hardware:
    """The company's item, locked until the transaction ends; another company's is not found.
    Every caller names the company (the API's, the item's own in the admin and commands), so
    no write reaches an item by its id alone."""
    items = Hardware.objects.select_related("company", "hardware_type").select_for_update(
        of=("self",)
    )
    item = items.filter(company=company, pk=hardware_id).first()
    if item is None:
        raise NotFound(HARDWARE_NOT_FOUND)
    return item


def hardware_wipe_await(*, items: list[Hardware], actor: Actor, note: str) -> None:
    """Items returned to storage by an offboarding that asked for a wipe: AWAITING_WIPE, in
    the caller's transaction (their rows locked by the caller)."""
    for item in sorted(items, key=lambda item: item.pk):
        transition_apply(item, Lifecycle.AWAITING_WIPE, actor=actor, note=note)


@dataclass(frozen=True, kw_only=True)
class WipeReport:
    """What an operator tells of a wipe they made."""

    method: WipeMethod
    tool: str
    reason: str
    performed_at: datetime | None = None  # None: now
    verified: bool = True


@transaction.atomic
def hardware_wipe_record(
    *, company: Company, hardware_id: UUID, report: WipeReport, actor: Actor
) -> HardwareWipe:
    """A wipe of an item in storage, with its certificate. CLEAR and PURGE make an item
    awaiting its wipe ACTIVE again (ready to go out); DESTROY retires it as DISPOSED. Sends
    `hardware.wiped` (and `hardware.retired` for DESTROY)."""
    item = hardware_lock_one(hardware_id=hardware_id, company=company)
    _wipeable_check(item, report)
    performed_at = report.performed_at or timezone.now()
    wipe = HardwareWipe(
        hardware=item,
        method=report.method,
        tool=report.tool,
        performed_at=performed_at,
        verified=report.verified,
        reason=report.reason,
        recorded_by=f"{actor.kind.label}: {actor.name}",
    )
    wipe.certificate = certificate_pdf(_certificate_facts(wipe, item))
    wipe.certificate_sha256 = sha256_of(wipe.certificate)
    wipe.save(force_insert=True)
    note = f"{report.method} wipe {wipe.id}: {report.reason}"
    if report.method == WipeMethod.DESTROY:
        _retire(item, RetiredReason.DISPOSED, actor=actor, note=note)
    elif item.lifecycle == Lifecycle.AWAITING_WIPE:
        transition_apply(item, Lifecycle.ACTIVE, actor=actor, note=note)
    else:
        records_touch(Hardware.objects.filter(pk=item.pk))
    event_record_about(item, HARDWARE_WIPED)
    return wipe


# What the sandbox says of the wipes it records (POST /sandbox/hardwares/{hardwareId}/wipe).
SANDBOX_TOOL = "Sandbox eraser"


def hardware_sandbox_wipe(
    *, company: Company, hardware_id: UUID, method: WipeMethod, actor: Actor
) -> HardwareWipe:
    """A wipe of one of the company's items recorded as an operator records it, made by a
    sandbox client to try what follows: verified, now, with the sandbox's tool."""
    report = WipeReport(
        method=method, tool=SANDBOX_TOOL, reason=f"Sandbox wipe by {actor.name}", verified=True
    )
    return hardware_wipe_record(
        hardware_id=hardware_id, report=report, actor=actor, company=company
    )


def _wipeable_check(item: Hardware, report: WipeReport) -> None:
    if item.lifecycle == Lifecycle.RETIRED:
        raise ServiceError(f"Hardware {item.id} {RETIRED}: a retired item is not wiped")
    if item.status != HardwareStatus.STORAGE:
        raise ServiceError(
            f"Hardware {item.id} is with an employee: only an item in storage can be wiped"
        )
    _not_moving_check(item, "wiping it")
    if report.performed_at is not None and report.performed_at > timezone.now():
        raise ServiceError.invalid_field("performedAt", "performedAt is in the future")


def _certificate_facts(wipe: HardwareWipe, item: Hardware) -> CertificateFacts:
    return CertificateFacts(
        certificate_id=str(wipe.id),
        hardware_id=str(item.id),
        serial_number=item.serial_number,
        item=f"{item.name} ({item.hardware_type.name})",
        company=f"{item.company.name} ({item.company.code})",
        method=f"{wipe.method}: {WipeMethod(wipe.method).label}",
        tool=wipe.tool,
        performed_by=wipe.performed_by,
        recorded_by=wipe.recorded_by,
        performed_at=wipe.performed_at,
        verified=wipe.verified,
        issued_at=timezone.now(),
    )


@transaction.atomic
def hardware_retire(
    *,
    hardware_id: UUID,
    reason: RetiredReason,
    actor: Actor,
    note: str | None = None,
    company: Company,
) -> Hardware:
    """The item retired (lost, stolen, disposed of, ...): it stays in the lists, marked, and
    cannot go out again. Refused while an open movement request carries it."""
    item = hardware_lock_one(hardware_id=hardware_id, company=company)
    if item.lifecycle == Lifecycle.RETIRED:
        raise ServiceError(f"Hardware {item.id} {RETIRED} already ({item.retired_reason})")
    _not_moving_check(item, "retiring the item")
    return _retire(item, reason, actor=actor, note=note)


def _not_moving_check(item: Hardware, doing: str) -> None:
    """Refused while an open movement request carries the item, naming it."""
    if item.in_movement:
        raise ServiceError(
            f"Hardware {item.id} is in open movement request {open_movement_of(item)}: cancel "
            f"it, or wait until it is DONE, before {doing}"
        )


def _retire(item: Hardware, reason: RetiredReason, *, actor: Actor, note: str | None) -> Hardware:
    return transition_apply(
        item, Lifecycle.RETIRED, actor=actor, note=note, rule=partial(_retired_as, reason=reason)
    )


def _retired_as(item: Hardware, *, reason: RetiredReason) -> None:
    item.retired_reason, item.retired_at = reason, timezone.now()


@transaction.atomic
def hardware_reinstate(
    *, company: Company, hardware_id: UUID, actor: Actor, note: str | None = None
) -> Hardware:
    """An item retired as LOST or STOLEN found again: ACTIVE, in the storage of its country
    (whoever held it holds it no more). Sends `hardware.updated`."""
    item = hardware_lock_one(hardware_id=hardware_id, company=company)
    if item.lifecycle != Lifecycle.RETIRED:
        raise ServiceError(f"Hardware {item.id} is not retired")
    if item.retired_reason not in REINSTATABLE:
        raise ServiceError(
            f"Hardware {item.id} was retired as {item.retired_reason}: only an item retired as "
            "LOST or STOLEN (found again) can be reinstated"
        )
    holder = item.employee_id
    transition_apply(item, Lifecycle.ACTIVE, actor=actor, note=note, rule=_found_again)
    if holder is not None:
        records_touch(Employee.objects.filter(pk=holder))
    hardware_updated_record(item)
    return item


def _found_again(item: Hardware) -> None:
    item.retired_reason = item.retired_at = None
    item.status, item.employee = HardwareStatus.STORAGE, None
    item.storage = storage_for_country(country_code=item.country_code)
