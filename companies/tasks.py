"""Celery tasks of the events: short, idempotent, acknowledged late (CELERY_TASK_ACKS_LATE), so
a worker killed mid-delivery means a repeat, never a loss."""

from celery import shared_task

from companies import events


@shared_task
def deliver_event(event_id: str) -> None:
    """One attempt at an event, if it is due and no other worker has it."""
    event = events.event_claim(event_id)
    if event is not None:
        events.event_attempt(event)


@shared_task
def sweep_due_events() -> int:
    """Hand every due event to the workers (Celery beat runs this every few seconds)."""
    due = events.events_due()
    for event_id in due:
        deliver_event.delay(str(event_id))
    return len(due)
