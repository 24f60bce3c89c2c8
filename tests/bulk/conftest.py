"""Fixtures of the bulk jobs' tests."""

import pytest

from bulk.api.runner import Run, bulk_job_run
from bulk.models import BulkJob
from tests.factories import CompanyFactory


@pytest.fixture
def company(caller):
    """The caller's company, code BLK."""
    return CompanyFactory(api_client=caller.api_client, code="BLK", name="Bulk Co")


def run_once(job_id) -> Run:
    """One run of the job, as a worker handed its latest generation would make it."""
    return bulk_job_run(job_id, BulkJob.objects.get(pk=job_id).generation)


def run_to_the_end(job_id) -> BulkJob:
    """The job run in the test, as the workers would run it, until it ends."""
    while run_once(job_id) is Run.MORE:
        pass
    return BulkJob.objects.get(pk=job_id)
