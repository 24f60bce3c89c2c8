"""Celery tasks of tracking: take ids, call the service, safe to run twice. Queued by
tracking.callbacks (and their own sweep); they call tracking.receiving."""

from celery import shared_task

from tracking import receiving


@shared_task(name="tracking.tasks.record_received_update")
def record_received_update(received_update_id: str) -> bool:
    """Record a provider's update its callback kept (tracking.receiving)."""
    return receiving.received_update_record(received_update_id=received_update_id)


@shared_task(name="tracking.tasks.sweep_received_updates")
def sweep_received_updates() -> int:
    """Hand the workers again the kept updates whose task was lost (beat, every minute)."""
    waiting = receiving.received_updates_waiting()
    for received_update_id in waiting:
        record_received_update.delay(str(received_update_id))
    return len(waiting)
