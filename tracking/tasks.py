"""Celery tasks of tracking: safe to run twice, or at once in several workers. Run by the beat
(config/settings.py) or, with tasks run in the process, by tracking.callbacks; they call
tracking.receiving."""

from celery import shared_task

from tracking import receiving


@shared_task(name="tracking.tasks.record_received_updates")
def record_received_updates() -> int:
    """Record the updates the providers' callbacks kept, oldest first (tracking.receiving)."""
    return receiving.received_updates_record()
