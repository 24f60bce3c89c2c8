"""Finished bulk jobs past BULK_JOB_RETENTION_DAYS go with their items; others stay."""

from datetime import timedelta

import pytest
from django.utils import timezone

from bulk.choices import BulkOperation
from bulk.models import BulkJob, BulkJobItem, BulkJobStatusChange
from bulk.retention import bulk_jobs_purge
from bulk.services.jobs import BulkItem, bulk_job_create
from bulk.tasks import purge_finished_bulk_jobs
from config.kernel.actors import Actor
from tests.bulk.conftest import run_to_the_end

pytestmark = pytest.mark.django_db


def job_of(company, caller, items: int) -> BulkJob:
    return bulk_job_create(
        company=company,
        operation=BulkOperation.HARDWARES_CREATE,
        items=[BulkItem(body={"hardwareType": "MONITOR", "countryCode": "US"})] * items,
        actor=Actor.api_client(caller.api_client),
        api_client=caller.api_client,
    )


def finished_days_ago(job: BulkJob, days: int) -> BulkJob:
    run_to_the_end(job.pk)
    BulkJob.objects.filter(pk=job.pk).update(finished_at=timezone.now() - timedelta(days=days))
    return job


def test_a_job_finished_past_its_retention_goes_with_its_items_and_others_stay(
    caller, company, settings
):
    settings.BULK_JOB_RETENTION_DAYS = 30
    old = finished_days_ago(job_of(company, caller, 5), 31)
    recent = finished_days_ago(job_of(company, caller, 2), 29)
    unfinished = job_of(company, caller, 3)
    BulkJob.objects.filter(pk=unfinished.pk).update(created_at=timezone.now() - timedelta(days=60))

    assert bulk_jobs_purge(batch_size=2) == 1

    assert set(BulkJob.objects.values_list("pk", flat=True)) == {recent.pk, unfinished.pk}
    assert not BulkJobItem.objects.filter(job_id=old.pk).exists()
    assert not BulkJobStatusChange.objects.filter(job_id=old.pk).exists()
    assert BulkJobItem.objects.filter(job_id=recent.pk).count() == 2
    assert BulkJobItem.objects.filter(job_id=unfinished.pk).count() == 3
    assert purge_finished_bulk_jobs() == 0


def test_a_purge_out_of_time_leaves_the_rest_for_the_next_run(caller, company, settings):
    settings.BULK_JOB_RETENTION_DAYS = 1
    job = finished_days_ago(job_of(company, caller, 4), 2)

    assert bulk_jobs_purge(batch_size=1, max_seconds=0) == 0
    assert BulkJobItem.objects.filter(job_id=job.pk).count() == 3

    assert bulk_jobs_purge(batch_size=1) == 1
    assert not BulkJob.objects.filter(pk=job.pk).exists()
