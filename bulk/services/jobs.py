"""The writes a client or an operator makes: a job (its items stored, nothing of them run) and
its cancellation. Each is one transaction; the workers are told once it commits
(bulk.tasks)."""

from dataclasses import dataclass
from uuid import UUID

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from bulk import tasks
from bulk.choices import FINISHED, BulkJobStatus, BulkOperation
from bulk.models import BulkJob, BulkJobItem
from bulk.selectors import bulk_job_get
from bulk.services.runs import bulk_job_finish
from companies.models import ApiClient, Company
from config.kernel.actors import Actor
from config.kernel.audit import change_context_now
from config.kernel.errors import FieldError, ServiceError
from config.kernel.workflow import status_history_write

TOO_MANY_ITEMS = "A bulk job takes 1 to {maximum} items"
CLIENT_REFERENCE = "clientReference"
CLIENT_REFERENCE_MAX_LENGTH = 255
INVALID_CLIENT_REFERENCE = (
    f"{CLIENT_REFERENCE} is text of 1 to {CLIENT_REFERENCE_MAX_LENGTH} characters"
)
# PostgreSQL keeps no NUL character in text (nor in JSON), so an item holding one cannot wait
# for its run: refused with the job, in DRF's words for a text field.
NUL_CHARACTERS = "Null characters are not allowed."
ITEMS_STORED_AT_ONCE = 1000


@dataclass(frozen=True)
class BulkItem:
    body: dict
    client_reference: str | None = None


@transaction.atomic
def bulk_job_create(
    *,
    company: Company,
    operation: BulkOperation,
    items: list[BulkItem],
    actor: Actor,
    api_client: ApiClient | None = None,
) -> BulkJob:
    """A job of `items`, QUEUED. Of an item only what cannot wait is judged here (its
    reference, a NUL character the database cannot keep); the rest is when it runs, as its
    single call would judge it, on the trail of this write (who made it, the request's id, its
    reason)."""
    maximum = settings.BULK_JOB_MAX_ITEMS
    if not 1 <= len(items) <= maximum:
        raise ServiceError.invalid_field("items", TOO_MANY_ITEMS.format(maximum=maximum))
    refusals = _item_refusals(items)
    if refusals:
        raise ServiceError.invalid_fields(refusals)
    job = BulkJob(
        company=company,
        api_client=api_client,
        actor_kind=actor.kind,
        actor_name=actor.name,
        operation=operation,
        total=len(items),
        trail=change_context_now(),
    )
    job.save(force_insert=True)
    status_history_write(job, status_from=None, actor=actor)
    BulkJobItem.objects.bulk_create(
        (
            BulkJobItem(
                job=job, index=index, body=item.body, client_reference=item.client_reference
            )
            for index, item in enumerate(items)
        ),
        batch_size=ITEMS_STORED_AT_ONCE,
    )
    tasks.bulk_job_hand_over(job)
    return job


def _item_refusals(items: list[BulkItem]) -> list[FieldError]:
    refusals = []
    for index, item in enumerate(items):
        reference = item.client_reference
        if _holds_nul(item.body) or _holds_nul(reference):
            refusals.append({"field": f"items[{index}]", "message": NUL_CHARACTERS})
        elif reference is not None and not (
            isinstance(reference, str) and 1 <= len(reference) <= CLIENT_REFERENCE_MAX_LENGTH
        ):
            field = f"items[{index}].{CLIENT_REFERENCE}"
            refusals.append({"field": field, "message": INVALID_CLIENT_REFERENCE})
    return refusals


def _holds_nul(value) -> bool:
    if isinstance(value, str):
        return "\x00" in value
    if isinstance(value, dict):
        return any(_holds_nul(key) or _holds_nul(item) for key, item in value.items())
    if isinstance(value, list):
        return any(_holds_nul(item) for item in value)
    return False


@transaction.atomic
def bulk_job_cancel(*, company: Company, job_id: UUID, actor: Actor) -> BulkJob:
    """Its items not run yet will not run: a QUEUED job is CANCELLED now, a RUNNING one once
    the items being run end (bulk.api.runner). A finished job is left as it is."""
    job = bulk_job_get(company=company, job_id=job_id)
    job.refresh_from_db(from_queryset=BulkJob.objects.select_for_update())
    if job.status in FINISHED:
        return job
    if job.cancel_requested_at is None:
        job.cancel_requested_at = timezone.now()
        job.save(update_fields=["cancel_requested_at", "updated_at"])
    if job.status == BulkJobStatus.QUEUED:
        bulk_job_finish(job, BulkJobStatus.CANCELLED, actor=actor)
        # Its company's next job, if it was waiting for this one.
        tasks.bulk_job_hand_over_next(company.pk)
    return job
