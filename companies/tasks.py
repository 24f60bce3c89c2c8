"""The companies app's Celery tasks, where Celery's autodiscovery looks for them
(config/celery.py). The webhooks' live with them (companies/webhooks/tasks.py)."""

from celery import shared_task

from companies import services
from companies.webhooks.tasks import deliver_event, sweep_due_events

__all__ = ["deliver_event", "purge_idempotency_keys", "sweep_due_events"]


@shared_task(name="companies.tasks.purge_idempotency_keys")
def purge_idempotency_keys() -> int:
    """Drop the Idempotency-Keys past their 24 hours (CELERY_BEAT_SCHEDULE)."""
    return services.purge_expired_idempotency_keys()
