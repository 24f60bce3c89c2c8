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
from config.ops.broker import publish_after_commit

RUN = "bulk.tasks.run_bulk_job"


def bulk_queue_route(name, args, kwargs, options, task=None, **extra):
    """CELERY_TASK_ROUTES: a job's runs on BULK_JOB_QUEUE (read when each is queued)."""
    if name == RUN:
        return {"queue": settings.BULK_JOB_QUEUE}
    return None


@shared_task(name=RUN)
def run_bulk_job(job_id: str) -> None:
    outcome = bulk_job_run(UUID(job_id))
    if outcome is Run.MORE:
        publish_after_commit(run_bulk_job, job_id)
    elif outcome is Run.FINISHED:
        job = BulkJob.objects.filter(pk=job_id).values("company_id").first()
        bulk_job_hand_over_next(job["company_id"])


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
        # A lease's time for the workers to take it up, before it is handed over again.
        BulkJob.objects.filter(pk=job_id).update(
            lease_expires_at=now + timedelta(seconds=settings.BULK_JOB_LEASE_SECONDS)
        )
        _hand_over(job_id)
    return len(resumed)


def bulk_job_hand_over(job: BulkJob) -> None:
    """`job` to BULK_JOB_PARALLELISM workers once the caller's transaction commits."""
    _hand_over(job.pk)


def bulk_job_hand_over_next(company_id) -> None:
    """The company's next job, if one waits, to the workers once the caller's transaction
    commits."""
    job_id = bulk_job_next(company_id)
    if job_id is not None:
        _hand_over(job_id)


def _hand_over(job_id: UUID) -> None:
    if run_bulk_job.app.conf.task_always_eager:
        transaction.on_commit(lambda: _thread_started(job_id), robust=True)
        return
    for _ in range(settings.BULK_JOB_PARALLELISM):
        publish_after_commit(run_bulk_job, str(job_id))


def _thread_started(job_id: UUID) -> None:
    threading.Thread(
        target=_run_in_process, args=(job_id,), name=f"bulk-job-{job_id}", daemon=True
    ).start()


def _run_in_process(job_id: UUID) -> None:
    """The job to its end, then its company's next ones, in this thread."""
    try:
        while job_id is not None:
            outcome = bulk_job_run(job_id)
            if outcome is Run.NOTHING:
                return
            if outcome is Run.FINISHED:
                job_id = bulk_job_next(BulkJob.objects.get(pk=job_id).company_id)
    finally:
        connections.close_all()
