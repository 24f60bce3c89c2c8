"""The bulk jobs' operations as Swagger UI shows them (config/api/docs.py)."""

from django.conf import settings

from bulk.api.serializers import ITEM_NOT_AN_OBJECT
from bulk.filters import INVALID_OUTCOME
from bulk.selectors import BULK_JOB_NOT_FOUND
from bulk.services.jobs import INVALID_CLIENT_REFERENCE, NUL_CHARACTERS, TOO_MANY_ITEMS
from config.api.docs import (
    DEMO_COMPANY,
    DEMO_EMPLOYEE,
    READ_COMPANY_REFUSALS,
    WRITE_COMPANY_REFUSALS,
    operation,
    placeholder,
    request_example,
)

NOT_FOUND = f"400 `Invalid bulk job ID format`; 404 `{BULK_JOB_NOT_FOUND}` (another company's too)"

BULK_JOBS_CREATE = operation(
    "Run many single calls as one job",
    "Up to "
    f"{settings.BULK_JOB_MAX_ITEMS:,} bodies of one operation's single call: `EMPLOYEES_UPSERT` "
    "(`POST /employees`), `HARDWARES_CREATE` (`POST /hardwares`), "
    "`MOVEMENT_REQUESTS_ONBOARDING` and `MOVEMENT_REQUESTS_OFFBOARDING` "
    "(`POST /movement_requests/onboarding`, `/offboarding`). Each item is that call's body "
    "without `companyCode` (the job's), with an optional `clientReference` echoed in its "
    "result. Answered 202 at once with the job (QUEUED) and its `Location`; the workers run "
    "the items later, each in a transaction of its own through the very rules of its single "
    "call, with the same events and audit trail (this request's id and `X-Change-Reason`). "
    "Read the job (`GET /bulk-jobs/{bulkJobId}`) or wait for its `bulk_job.completed` "
    "webhook, then its results. A company's jobs run one at a time, oldest first. The job "
    "costs one request of the budget; its items none. Its body may be up to "
    f"{settings.BULK_JOB_MAX_BODY_BYTES // (1024 * 1024)} MiB. With `Idempotency-Key`, a "
    "retry answers the same job and runs nothing again.\n\n"
    f"Refusals: {WRITE_COMPANY_REFUSALS}; 400 `Invalid request data` for `operation`, "
    f"`items` (`{TOO_MANY_ITEMS.format(maximum=settings.BULK_JOB_MAX_ITEMS)}`, "
    f"`{ITEM_NOT_AN_OBJECT}`, `{NUL_CHARACTERS}`) or an item's `clientReference` "
    f"(`{INVALID_CLIENT_REFERENCE}`); "
    "413 `Request body too large`. An item's own mistakes are its result's, not the job's.",
    request_example(
        "Upsert two employees of DEM",
        {
            "companyCode": DEMO_COMPANY,
            "operation": "EMPLOYEES_UPSERT",
            "items": [
                {**DEMO_EMPLOYEE, "clientReference": "row-1"},
                {
                    **DEMO_EMPLOYEE,
                    "firstName": "John",
                    "email": "john.doe@example.com",
                    "governmentDNI": "987-65-4321",
                    "clientReference": "row-2",
                },
            ],
        },
    ),
)

BULK_JOBS_LIST = operation(
    "List the company's bulk jobs",
    "Newest first, each with its counts; `limit` and `cursor` page them.\n\n"
    f"Refusals: {READ_COMPANY_REFUSALS}.",
)

BULK_JOBS_RETRIEVE = operation(
    "Read a bulk job",
    "Its status (QUEUED, RUNNING, then SUCCEEDED, PARTIALLY_FAILED, FAILED or CANCELLED), and "
    "how many items succeeded, failed or are still to run, true at any moment while it runs."
    f"\n\nRefusals: {READ_COMPANY_REFUSALS}; {NOT_FOUND}.",
)

BULK_JOBS_CANCEL = operation(
    "Cancel a bulk job",
    "Its items not run yet are not run: a QUEUED job is CANCELLED at once, a RUNNING one once "
    "the items being run end (read it again to see). A finished job is answered as it is. "
    "What the items that ran did stays done.\n\n"
    f"Refusals: {WRITE_COMPANY_REFUSALS}; {NOT_FOUND}.",
    request_example(
        "Cancel a job of DEM",
        {"companyCode": DEMO_COMPANY},
        placeholder("a job of the demo company (GET /bulk-jobs?companyCode=DEM)"),
    ),
)

BULK_JOBS_RESULTS = operation(
    "Read a bulk job's results",
    "One result a run item, in item order: `statusCode` and `error` (`message`, `details`) are "
    "exactly what the item's single call would have answered, and `resourceId` the record it "
    "made or changed. `status=SUCCEEDED` or `FAILED` keeps one kind; `limit` and `cursor` page "
    "them. With `Accept: application/x-ndjson` the whole result set streams as JSON Lines.\n\n"
    f"Refusals: {READ_COMPANY_REFUSALS}; {NOT_FOUND}; 400 `{INVALID_OUTCOME}`.",
)
