"""The companies app's Celery tasks, where Celery's autodiscovery looks for them
(config/celery.py). The webhooks' live with them (companies/webhooks/tasks.py)."""

from dataclasses import asdict

from celery import shared_task

from companies import retention
from companies.webhooks.tasks import catch_up_events, deliver_event, sweep_due_events

__all__ = [
    "catch_up_events",
    "deliver_event",
    "purge_idempotency_keys",
    "purge_old_records",
    "sweep_due_events",
]

# A run stops starting batches after this long; what is left goes at the next (hourly) run.
PURGE_BUDGET_SECONDS = 300


# Its database work is bounded a minute past its budget, not by DB_TASK_TIMEOUT
# (config.ops.deadlines).
@shared_task(name="companies.tasks.purge_old_records", database_timeout=PURGE_BUDGET_SECONDS + 60)
def purge_old_records() -> dict:
    """Delete expired Idempotency-Keys, finished events and audit rows past their retention, in
    batches (CELERY_BEAT_SCHEDULE, hourly); what was deleted."""
    return asdict(retention.purge_old_records(max_seconds=PURGE_BUDGET_SECONDS))


@shared_task(name="companies.tasks.purge_idempotency_keys")
def purge_idempotency_keys() -> dict:
    """The former name, which purged Idempotency-Keys alone: a beat of the previous release, or
    a message it queued, still finds a task across a deploy."""
    return purge_old_records()
