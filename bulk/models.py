"""Bulk jobs: many bodies of one single call, run later by the workers, each with its result
(docs/bulk-jobs.md, docs/decisions/0092-bulk-jobs.md)."""

import uuid

from django.core.serializers.json import DjangoJSONEncoder
from django.db import models

from bulk.choices import (
    BULK_JOB_COMPLETED,
    BULK_JOB_MOVES,
    FINISHED,
    BulkJobStatus,
    BulkOperation,
    ItemStatus,
)
from companies.models import ApiClient, Company
from config.kernel.actors import ActorKind
from config.kernel.audit import audited
from config.kernel.database import JSONField
from config.kernel.workflow import StatusChange, StatusField, StatusModel


# The lease and the generation move as workers take the job: no change a person made.
@audited(exclude=("lease_expires_at", "generation"))
class BulkJob(StatusModel):
    number_field = "id"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    company = models.ForeignKey(Company, on_delete=models.CASCADE, related_name="bulk_jobs")
    # Who made it: an API client (its items run as that client's calls), or an operator.
    api_client = models.ForeignKey(
        ApiClient, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    actor_kind = models.CharField(max_length=12, choices=ActorKind.choices)
    actor_name = models.CharField(max_length=200)
    operation = models.CharField(max_length=30, choices=BulkOperation.choices)
    status = StatusField(
        max_length=16,
        choices=BulkJobStatus.choices,
        default=BulkJobStatus.QUEUED,
        moves=BULK_JOB_MOVES,
        events=dict.fromkeys(FINISHED, BULK_JOB_COMPLETED),
        payload="bulk.selectors.bulk_job_payload",
    )
    total = models.PositiveIntegerField()
    # The audit trail's context of the write that made it (source, actor, request id,
    # reason): every item's writes carry it again (config.kernel.audit).
    trail = JSONField(default=dict, encoder=DjangoJSONEncoder)
    cancel_requested_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # Until when the workers running it are taken to be alive: past it, with items still to
    # run, the sweep hands the job to the workers again (bulk.tasks).
    lease_expires_at = models.DateTimeField(null=True, blank=True)
    # Each hand-over to the workers starts a new generation of runs; a run of an older one
    # stops when it starts, so a job resumed by the sweep has BULK_JOB_PARALLELISM runs at most.
    generation = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = "bulk job"
        indexes = [
            # A company's jobs newest first (the list), and its unfinished ones oldest first.
            models.Index(fields=["company", "-created_at", "-id"], name="bulk_job_company_new"),
            models.Index(
                fields=["company", "created_at"],
                condition=models.Q(status__in=["QUEUED", "RUNNING"]),
                name="bulk_job_unfinished",
            ),
        ]

    def __str__(self):
        return f"{self.operation} of {self.total} items ({self.status})"


class BulkJobItem(models.Model):
    """One body of a job, and once it has run, what its single call would have answered."""

    # No index of its own: the unique (job, index) and the (job, status) indexes lead with it,
    # and one on it alone led PostgreSQL, when its statistics took a new job for one row, to
    # claim each item by reading and sorting every item of the job (bench/bulk.py).
    job = models.ForeignKey(BulkJob, on_delete=models.CASCADE, related_name="items", db_index=False)
    index = models.PositiveIntegerField()
    client_reference = models.CharField(max_length=255, null=True, blank=True)
    body = JSONField()
    status = models.CharField(max_length=9, choices=ItemStatus.choices, default=ItemStatus.PENDING)
    status_code = models.PositiveSmallIntegerField(null=True, blank=True)
    resource_id = models.UUIDField(null=True, blank=True)
    error = JSONField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["job", "index"]
        verbose_name = "bulk job item"
        constraints = [
            models.UniqueConstraint(fields=["job", "index"], name="bulk_item_job_index"),
        ]
        indexes = [
            # The items still to run, in order: what the workers claim.
            models.Index(
                fields=["job", "index"],
                condition=models.Q(status="PENDING"),
                name="bulk_item_pending",
            ),
            # Counting a job's outcomes.
            models.Index(fields=["job", "status"], name="bulk_item_job_status"),
        ]

    def __str__(self):
        return f"#{self.index} {self.status}"


class BulkJobStatusChange(StatusChange):
    job = models.ForeignKey(BulkJob, on_delete=models.CASCADE, related_name="status_history")
    status_from = models.CharField(max_length=16, null=True, blank=True)
    status_to = models.CharField(max_length=16)

    class Meta(StatusChange.Meta):
        verbose_name = "bulk job status change"
