"""How the workers run a bulk job: each item in a transaction of its own, which claims it, runs
its single call's steps (bulk.api.operations) and writes its result, so an item is run once
whatever happens to a worker: one killed mid-item rolls the item back whole, and the item is
claimed again by the next (docs/decisions/0092-bulk-jobs.md).

Items are claimed oldest first with `FOR UPDATE SKIP LOCKED`, so several workers share a job
without waiting on one another. A run takes items for BULK_JOB_RUN_SECONDS at most, then hands
the rest of the job to the queue again (bulk.tasks), where other companies' jobs
take their turn. A company's jobs run one at a time, oldest first.
"""

import enum
import logging
import time
from uuid import UUID

from django.conf import settings
from django.db import OperationalError, transaction
from django.utils import timezone

from bulk.api.operations import OPERATIONS, Operation
from bulk.choices import FINISHED, UNFINISHED, ItemStatus
from bulk.models import BulkJob, BulkJobItem
from bulk.services import runs
from config.api.envelope import exception_handler
from config.api.parsers import unwrap
from config.kernel.audit import change_context_again
from config.kernel.database import DEADLOCK_DETECTED, DEADLOCK_RETRIES
from config.kernel.errors import ServiceError
from config.ops.outages import database_unavailable

logger = logging.getLogger(__name__)

OTHER_COMPANY_CODE = (
    "Leave companyCode out of an item: every item is for the job's company ({code})"
)
INLINE_COMPANY = "An item cannot create or change a company: the job's companyCode names it"


class Run(enum.Enum):
    """How a run of a job ended."""

    # Its time is up with items left: the job goes back to the queue.
    MORE = "more"
    # It finished the job: the company's next job, if any, is handed to the workers.
    FINISHED = "finished"
    # Nothing for it to do: the job ended, or another worker runs its last items, or it is not
    # the job's turn yet.
    NOTHING = "nothing"


def bulk_job_run(job_id: UUID, generation: int) -> Run:
    """Run `job_id`'s items for BULK_JOB_RUN_SECONDS at most, as a run of the job's hand-over
    `generation` (a run of an older one does nothing)."""
    job = BulkJob.objects.select_related("company", "api_client").filter(pk=job_id).first()
    if job is None or job.status in FINISHED or job.generation != generation or not _its_turn(job):
        return Run.NOTHING
    runs.bulk_job_lease_extend(job)
    with change_context_again(job.trail):
        with transaction.atomic():
            runs.bulk_job_start(job)
        operation = OPERATIONS[job.operation]
        stop_at = time.monotonic() + settings.BULK_JOB_RUN_SECONDS
        while time.monotonic() < stop_at:
            if not _next_item_run(job, operation):
                return Run.FINISHED if _finished_if_done(job) else Run.NOTHING
    return Run.MORE


def bulk_job_next(company_id) -> UUID | None:
    """The company's job whose turn it is: its oldest unfinished one."""
    return (
        BulkJob.objects.filter(company_id=company_id, status__in=UNFINISHED)
        .order_by("created_at", "id")
        .values_list("pk", flat=True)
        .first()
    )


def _its_turn(job: BulkJob) -> bool:
    return bulk_job_next(job.company_id) == job.pk


@transaction.atomic
def _next_item_run(job: BulkJob, operation: Operation) -> bool:
    """Claim the job's next item no worker holds and run it, its result written in the same
    transaction; False when none is left to claim (or the job was cancelled)."""
    item = (
        BulkJobItem.objects.select_for_update(skip_locked=True, of=("self",))
        .filter(job=job, status=ItemStatus.PENDING, job__cancel_requested_at__isnull=True)
        .order_by("index")
        .first()
    )
    if item is None:
        return False
    item.status_code, item.resource_id, item.error = _outcome(job, operation, item.body)
    item.status = ItemStatus.SUCCEEDED if item.error is None else ItemStatus.FAILED
    item.finished_at = timezone.now()
    item.save(update_fields=["status", "status_code", "resource_id", "error", "finished_at"])
    return True


def _outcome(
    job: BulkJob, operation: Operation, body: dict
) -> tuple[int, UUID | None, dict | None]:
    """What the single call would have answered for `body`: its status code, and the id of the
    record it made or changed, or its error (`message` and `details`, as its envelope has
    them). A database that cannot be reached is no answer: the item is left to run again."""
    retries = DEADLOCK_RETRIES
    while True:
        try:
            with transaction.atomic():
                record = _made(job, operation, body)
            return operation.status_code, record.pk, None
        except Exception as error:
            if database_unavailable(error):
                raise
            if _deadlocked(error) and retries:
                retries -= 1
                continue
            answer = exception_handler(error, {}).data
            return (
                answer["statusCode"],
                None,
                {
                    "message": answer["message"],
                    "details": answer.get("details"),
                },
            )


def _deadlocked(error: Exception) -> bool:
    return (
        isinstance(error, OperationalError)
        and getattr(error.__cause__, "sqlstate", None) == DEADLOCK_DETECTED
    )


def _made(job: BulkJob, operation: Operation, body: dict):
    body = unwrap(body)
    code = job.company.code
    named = body.get("companyCode", code)
    # Read as the single call reads a code: trimmed, in any case.
    if not isinstance(named, str) or named.strip().upper() != code:
        raise ServiceError.invalid_field("companyCode", OTHER_COMPANY_CODE.format(code=code))
    if "company" in body and operation.takes_inline_company:
        raise ServiceError.invalid_field("company", INLINE_COMPANY)
    serializer = operation.serializer(data={**body, "companyCode": code})
    serializer.is_valid(raise_exception=True)
    return operation.make(
        company=job.company, api_client=job.api_client, data=serializer.validated_data
    )


@transaction.atomic
def _finished_if_done(job: BulkJob) -> bool:
    """The job's final status, once no item is left to run and none is running (the worker
    running the last one finishes it; a worker that finds nothing to claim while another runs
    an item leaves it to that one)."""
    job.refresh_from_db(from_queryset=BulkJob.objects.select_for_update())
    if job.status in FINISHED:
        return False
    status = runs.bulk_job_final_status(job)
    if status is None:
        return False
    runs.bulk_job_finish(job, status)
    return True
