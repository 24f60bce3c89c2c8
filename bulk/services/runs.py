"""The writes the workers make as they run a job (bulk.api.runner): its moves from QUEUED to
RUNNING and to a final status, in the caller's transaction, and its lease."""

from datetime import timedelta

from django.conf import settings
from django.utils import timezone

from bulk.choices import UNFINISHED, BulkJobStatus, ItemStatus
from bulk.models import BulkJob, BulkJobItem
from config.kernel.actors import Actor
from config.kernel.workflow import transition_apply


def bulk_job_actor(job: BulkJob) -> Actor:
    """Who the job's moves are by: whoever made it."""
    return Actor(job.actor_kind, job.actor_name)


def bulk_job_start(job: BulkJob) -> None:
    """QUEUED to RUNNING (once: the job's other workers find it RUNNING)."""
    job.refresh_from_db(from_queryset=BulkJob.objects.select_for_update())
    if job.status == BulkJobStatus.QUEUED:
        transition_apply(job, BulkJobStatus.RUNNING, actor=bulk_job_actor(job), rule=_started)


def _started(job: BulkJob) -> None:
    job.started_at = timezone.now()


def bulk_job_finish(job: BulkJob, status: BulkJobStatus, *, actor: Actor | None = None) -> None:
    """To a final status, with its `bulk_job.completed` event: by `actor` (who cancelled a
    QUEUED job), else by whoever made the job, whose workers finish it."""
    transition_apply(job, status, actor=actor or bulk_job_actor(job), rule=_finished)


def _finished(job: BulkJob) -> None:
    job.finished_at = timezone.now()
    job.lease_expires_at = None


def bulk_job_lease_extend(job: BulkJob) -> None:
    """The workers running `job` are alive for another lease (a statement of its own)."""
    until = timezone.now() + timedelta(seconds=settings.BULK_JOB_LEASE_SECONDS)
    BulkJob.objects.filter(pk=job.pk, status__in=UNFINISHED).update(lease_expires_at=until)


def bulk_job_final_status(job: BulkJob) -> BulkJobStatus | None:
    """Where `job` ends, or None while one of its items is running (the worker running it will
    finish the job) or while items are left to run."""
    pending = BulkJobItem.objects.filter(job=job, status=ItemStatus.PENDING)
    left = pending.count()
    if left:
        free = len(pending.select_for_update(skip_locked=True).values_list("pk", flat=True))
        if free < left or job.cancel_requested_at is None:
            return None
        return BulkJobStatus.CANCELLED
    outcomes = set(BulkJobItem.objects.filter(job=job).values_list("status", flat=True).distinct())
    if outcomes == {ItemStatus.SUCCEEDED}:
        return BulkJobStatus.SUCCEEDED
    if outcomes == {ItemStatus.FAILED}:
        return BulkJobStatus.FAILED
    return BulkJobStatus.PARTIALLY_FAILED
