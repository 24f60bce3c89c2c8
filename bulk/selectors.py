"""Reads of bulk jobs, scoped to the caller's company: a job as the API answers it (its counts
taken from its items, so they are true while workers run it), and its results in item order."""

from collections.abc import Iterable, Mapping
from uuid import UUID

from django.db.models import Count, F, QuerySet

from bulk.choices import ItemStatus
from bulk.filters import BulkJobResultFilter
from bulk.models import BulkJob, BulkJobItem
from companies.models import Company
from config.kernel.errors import NotFound
from config.kernel.filtering import apply_filters
from config.kernel.keyset import WHOLE_LIST, Keyset, Page
from config.kernel.links import url_base

BULK_JOB_NOT_FOUND = "Bulk job not found"
BULK_JOBS = Keyset("bulk-jobs", ("-created_at", "-id"))
BULK_JOB_RESULTS = Keyset("bulk-job-results", ("index",))


def bulk_job_list(*, company: Company) -> QuerySet[BulkJob]:
    return BulkJob.objects.filter(company=company)


def bulk_job_get(*, company: Company, job_id: UUID) -> BulkJob:
    job = bulk_job_list(company=company).select_related("company").filter(pk=job_id).first()
    if job is None:
        raise NotFound(BULK_JOB_NOT_FOUND)
    return job


def bulk_job_rows(*, company: Company, page: Page = WHOLE_LIST) -> list[BulkJob]:
    """The company's jobs, newest first (a page of BULK_JOBS), which `bulk_job_answers` turns
    into the API's answers (the paging takes its keys from the instances first)."""
    jobs = list(page.narrow(bulk_job_list(company=company).order_by(*BULK_JOBS.order)))
    for job in jobs:
        job.company = company
    return jobs


def bulk_job_answers(jobs: list[BulkJob]) -> list[dict]:
    """`jobs` as the API answers them, their counts read in one query."""
    counted = _outcomes([job.pk for job in jobs])
    return [_answer(job, counted.get(job.pk, {})) for job in jobs]


def bulk_job_made(job: BulkJob) -> dict:
    """A job as its creation answers it: as made, nothing of it run (the workers may have begun
    by the time the answer is written; reading its counts then would mix two moments)."""
    return _answer(job, {})


def bulk_job_payload(job: BulkJob) -> dict:
    """The job as `GET /bulk-jobs/{id}` shows it (the `bulk_job.completed` event's data)."""
    (answer,) = bulk_job_answers([job])
    return answer


def _outcomes(job_ids: Iterable[UUID]) -> dict[UUID, dict[str, int]]:
    rows = (
        BulkJobItem.objects.filter(job_id__in=job_ids)
        .exclude(status=ItemStatus.PENDING)
        .values("job_id", "status")
        .annotate(items=Count("*"))
        .order_by()
    )
    counted: dict[UUID, dict[str, int]] = {}
    for row in rows:
        counted.setdefault(row["job_id"], {})[row["status"]] = row["items"]
    return counted


def _answer(job: BulkJob, outcomes: Mapping[str, int]) -> dict:
    succeeded = outcomes.get(ItemStatus.SUCCEEDED, 0)
    failed = outcomes.get(ItemStatus.FAILED, 0)
    return {
        "id": job.pk,
        "operation": job.operation,
        "status": job.status,
        "counts": {
            "total": job.total,
            "succeeded": succeeded,
            "failed": failed,
            "pending": job.total - succeeded - failed,
        },
        "createdAt": job.created_at,
        "startedAt": job.started_at,
        "finishedAt": job.finished_at,
        "resultsUrl": (f"{url_base()}/bulk-jobs/{job.pk}/results?companyCode={job.company.code}"),
    }


def bulk_job_result_rows(
    *, job: BulkJob, filters: Mapping | None = None, page: Page = WHOLE_LIST
) -> list[dict]:
    """The results of `job`'s items that have run, in item order (a page of BULK_JOB_RESULTS);
    `filters` the BulkJobResultFilter criteria (`status`)."""
    items = BulkJobItem.objects.filter(job=job).exclude(status=ItemStatus.PENDING)
    items = page.narrow(apply_filters(BulkJobResultFilter, items, filters).order_by("index"))
    return list(
        items.values(
            "index",
            "status",
            "error",
            clientReference=F("client_reference"),
            statusCode=F("status_code"),
            resourceId=F("resource_id"),
            **page.columns,
        )
    )
