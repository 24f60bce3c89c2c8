"""The workers' side of bulk jobs: a run of a job (bulk.api.runner), handed to the queue again
while items are left, on a queue of its own (BULK_JOB_QUEUE), so that jobs never wait behind
webhook deliveries nor deliveries behind them; and the sweep that hands a job to the workers
again once the workers running it stopped renewing its lease (a worker killed, a message lost).

With tasks run in the process (no broker: `make run`), a job runs in a thread of its own once
its write commits: the client is answered at once, and reads the job as it runs.
"""

import threading
from datetime import timedelta
from uuid import UUID

from celery import shared_task
from django.conf import settings
from django.db import connections, transaction
from django.utils import timezone

from bulk.api.runner import Run, bulk_job_next, bulk_job_run
from bulk.choices import UNFINISHED
from bulk.models import BulkJob
from bulk.retention import bulk_jobs_purge
from config.ops.broker import publish_after_commit

RUN = "bulk.tasks.run_bulk_job"


def bulk_queue_route(name, args, kwargs, options, task=None, **extra):
    """CELERY_TASK_ROUTES: a job's runs on BULK_JOB_QUEUE (read when each is queued)."""
    if name == RUN:
        return {"queue": settings.BULK_JOB_QUEUE}
    return None


@shared_task(name=RUN)
def run_bulk_job(job_id: str, generation: int) -> None:
    outcome = bulk_job_run(UUID(job_id), generation)
    if outcome is Run.MORE:
        publish_after_commit(run_bulk_job, job_id, generation)
    elif outcome is Run.FINISHED:
        job = BulkJob.objects.filter(pk=job_id).values("company_id").first()
        bulk_job_hand_over_next(job["company_id"])


# A run stops after this long; what is left goes at the next (hourly) run.
PURGE_BUDGET_SECONDS = 300


@shared_task(name="bulk.tasks.purge_finished_bulk_jobs", database_timeout=PURGE_BUDGET_SECONDS + 60)
def purge_finished_bulk_jobs() -> int:
    """Finished jobs past BULK_JOB_RETENTION_DAYS deleted (bulk.retention): how many."""
    return bulk_jobs_purge(max_seconds=PURGE_BUDGET_SECONDS)


@shared_task(name="bulk.tasks.resume_bulk_jobs")
def resume_bulk_jobs() -> int:
    """Each company's job whose turn it is, unfinished and out of its lease, handed to the
    workers again: how many."""
    due = (
        BulkJob.objects.filter(status__in=UNFINISHED)
        .order_by("company_id", "created_at", "id")
        .distinct("company_id")
        .values_list("pk", "lease_expires_at")
    )
    now = timezone.now()
    resumed = [pk for pk, lease in due if lease is None or lease < now]
    for job_id in resumed:
        _hand_over(job_id)
    return len(resumed)


def bulk_job_hand_over(job: BulkJob) -> None:
    """`job` to the workers once the caller's transaction commits."""
    _hand_over(job.pk)


def bulk_job_hand_over_next(company_id) -> None:
    """The company's next job, if one waits, to the workers once the caller's transaction
    commits."""
    job_id = bulk_job_next(company_id)
    if job_id is not None:
        _hand_over(job_id)


@transaction.atomic
def _hand_over(job_id: UUID) -> None:
    """A new generation of BULK_JOB_PARALLELISM runs of the job (those handed out before stop
    as they start), with a lease's time for the workers to take them up before the sweep hands
    the job out again."""
    job = BulkJob.objects.select_for_update().get(pk=job_id)
    job.generation += 1
    job.lease_expires_at = timezone.now() + timedelta(seconds=settings.BULK_JOB_LEASE_SECONDS)
    job.save(update_fields=["generation", "lease_expires_at"])
    if run_bulk_job.app.conf.task_always_eager:
        transaction.on_commit(lambda: _thread_started(job.company_id), robust=True)
        return
    for _ in range(settings.BULK_JOB_PARALLELISM):
        publish_after_commit(run_bulk_job, str(job_id), job.generation)


def _thread_started(company_id) -> None:
    threading.Thread(
        target=_run_in_process, args=(company_id,), name="bulk-jobs", daemon=True
    ).start()


def _run_in_process(company_id) -> None:
    """The company's jobs to their end, oldest first, in this thread: a job a restart of the
    process cut short (`make run` reloads on every change of the code) is taken up again by the
    thread of the company's next hand-over."""
    try:
        while (job_id := bulk_job_next(company_id)) is not None:
            generation = BulkJob.objects.values_list("generation", flat=True).get(pk=job_id)
            while (outcome := bulk_job_run(job_id, generation)) is Run.MORE:
                pass
            if outcome is Run.NOTHING:
                return
    finally:
        connections.close_all()
