"""Finished bulk jobs are kept BULK_JOB_RETENTION_DAYS after they finished, then deleted with
their items and history by beat's hourly `purge_finished_bulk_jobs` (bulk.tasks): a job of
10,000 items holds 10,000 bodies and results, which a client has read long before.

As the other purges (companies/retention.py), rows go in batches, each its own short
transaction, so a purge holds no lock for long and one stopped halfway loses nothing: the next
run goes on. A job's deletion is on the audit trail, as any record's."""

import time
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from bulk.choices import FINISHED
from bulk.models import BulkJob, BulkJobItem

# Items deleted a transaction.
BATCH_SIZE = 1000


def bulk_jobs_expired() -> QuerySet[BulkJob]:
    """Jobs finished more than BULK_JOB_RETENTION_DAYS ago, oldest first; unfinished ones are
    kept whatever their age."""
    cutoff = timezone.now() - timedelta(days=settings.BULK_JOB_RETENTION_DAYS)
    return BulkJob.objects.filter(status__in=FINISHED, finished_at__lt=cutoff).order_by(
        "finished_at"
    )


def bulk_jobs_purge(*, batch_size: int = BATCH_SIZE, max_seconds: float | None = None) -> int:
    """Delete the expired jobs, each one's items `batch_size` at a time and then the job, until
    none is left or `max_seconds` have passed (checked between batches): how many jobs went."""
    deadline = None if max_seconds is None else time.monotonic() + max_seconds
    purged = 0
    while (job_id := bulk_jobs_expired().values_list("pk", flat=True).first()) is not None:
        while _items_deleted(job_id, batch_size):
            if deadline is not None and time.monotonic() > deadline:
                return purged
        BulkJob.objects.filter(pk=job_id).delete()
        purged += 1
    return purged


@transaction.atomic
def _items_deleted(job_id, batch_size: int) -> int:
    batch = BulkJobItem.objects.filter(job_id=job_id).values_list("pk", flat=True)[:batch_size]
    deleted, _ = BulkJobItem.objects.filter(pk__in=list(batch)).delete()
    return deleted
