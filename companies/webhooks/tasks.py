"""Celery tasks of the webhooks: short, idempotent, acknowledged late (CELERY_TASK_ACKS_LATE),
so a worker killed mid-delivery means a repeat, never a loss.

They live in the webhooks package, below the outbox that queues them and above the leases and
the delivery they call, so the modules import one another in one direction only
(outbox -> tasks -> leases -> delivery -> http). Their names stay those they had in
`companies.tasks`, where Celery's autodiscovery still finds them: messages already queued and
the beat schedule (CELERY_BEAT_SCHEDULE) keep working across a deploy.
"""

from datetime import datetime

from celery import shared_task

from companies.webhooks.delivery import event_attempt
from companies.webhooks.leases import event_claim, events_hand_out


# The HTTP exchange cuts itself inside the attempt's lease (http.post's deadline); these limits
# (prefork pools) only stop a task stuck elsewhere, on the database, and what such a task
# leaves is an interrupted attempt, resumed by the sweep.
@shared_task(name="companies.tasks.deliver_event", soft_time_limit=30, time_limit=40)
def deliver_event(event_id: str, handed_out_until: str | None = None) -> None:
    """One attempt at an event, if it is due (or handed out to this task) and no other worker
    has it."""
    until = datetime.fromisoformat(handed_out_until) if handed_out_until else None
    attempt = event_claim(event_id, handed_out_until=until)
    if attempt is not None:
        event_attempt(attempt)


@shared_task(name="companies.tasks.sweep_due_events")
def sweep_due_events() -> int:
    """Hand every due event to the workers (Celery beat runs this every few seconds)."""
    handed_out = events_hand_out()
    for event_id, until in handed_out:
        deliver_event.delay(str(event_id), until.isoformat())
    return len(handed_out)
