"""Celery tasks of the events: short, idempotent, acknowledged late (CELERY_TASK_ACKS_LATE), so
a worker killed mid-delivery means a repeat, never a loss."""

from datetime import datetime

from celery import shared_task

from companies import events


# Well inside the attempt's 60 s lease, so a stuck receiver cannot outlive it (prefork pools).
@shared_task(soft_time_limit=30, time_limit=40)
def deliver_event(event_id: str, handed_out_until: str | None = None) -> None:
    """One attempt at an event, if it is due (or handed out to this task) and no other worker
    has it."""
    until = datetime.fromisoformat(handed_out_until) if handed_out_until else None
    event = events.event_claim(event_id, handed_out_until=until)
    if event is not None:
        events.event_attempt(event)


@shared_task
def sweep_due_events() -> int:
    """Hand every due event to the workers (Celery beat runs this every few seconds)."""
    handed_out = events.events_hand_out()
    for event_id, until in handed_out:
        deliver_event.delay(str(event_id), until.isoformat())
    return len(handed_out)
