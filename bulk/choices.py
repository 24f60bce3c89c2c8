from django.db import models


class BulkOperation(models.TextChoices):
    """What a bulk job does to each of its items: the single call whose body an item is."""

    EMPLOYEES_UPSERT = "EMPLOYEES_UPSERT", "Employees upsert (POST /employees)"
    HARDWARES_CREATE = "HARDWARES_CREATE", "Hardware create (POST /hardwares)"
    MOVEMENT_REQUESTS_ONBOARDING = (
        "MOVEMENT_REQUESTS_ONBOARDING",
        "Onboardings (POST /movement_requests/onboarding)",
    )
    MOVEMENT_REQUESTS_OFFBOARDING = (
        "MOVEMENT_REQUESTS_OFFBOARDING",
        "Offboardings (POST /movement_requests/offboarding)",
    )


class BulkJobStatus(models.TextChoices):
    QUEUED = "QUEUED"
    RUNNING = "RUNNING"
    SUCCEEDED = "SUCCEEDED"
    PARTIALLY_FAILED = "PARTIALLY_FAILED"
    FAILED = "FAILED"
    CANCELLED = "CANCELLED"


FINISHED = (
    BulkJobStatus.SUCCEEDED,
    BulkJobStatus.PARTIALLY_FAILED,
    BulkJobStatus.FAILED,
    BulkJobStatus.CANCELLED,
)
UNFINISHED = (BulkJobStatus.QUEUED, BulkJobStatus.RUNNING)

# A job waiting for its turn may be cancelled before it starts; a running one ends in the status
# its items' outcomes give, or CANCELLED when it was cancelled with items not run.
BULK_JOB_MOVES = {
    BulkJobStatus.QUEUED: (BulkJobStatus.RUNNING, BulkJobStatus.CANCELLED),
    BulkJobStatus.RUNNING: FINISHED,
}
BULK_JOB_COMPLETED = "bulk_job.completed"


class ItemStatus(models.TextChoices):
    PENDING = "PENDING"
    SUCCEEDED = "SUCCEEDED"
    FAILED = "FAILED"
