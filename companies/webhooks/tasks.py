"""Celery tasks of the webhooks: short, idempotent, acknowledged late (CELERY_TASK_ACKS_LATE),
so a worker killed mid-delivery means a repeat, never a loss.

They live in the webhooks package, below the outbox that queues them and above the catch-up,
the leases and the delivery they call, so the modules import one another in one direction only
(outbox -> tasks -> catch_up -> leases -> delivery -> http). Their names stay those they had in
`companies.tasks`, where Celery's autodiscovery still finds them: messages already queued and
the beat schedule (CELERY_BEAT_SCHEDULE) keep working across a deploy.
"""

from datetime import datetime
from uuid import UUID

from celery import shared_task
from django.db import transaction

from companies.webhooks.catch_up import events_catch_up, events_waiting
from companies.webhooks.delivery import accepted, event_attempt
from companies.webhooks.leases import event_claim, events_hand_out


# The HTTP exchange cuts itself inside the attempt's lease (http.post's deadline); these limits
# (prefork pools) only stop a task stuck elsewhere, on the database, and what such a task
# leaves is an interrupted attempt, resumed by the sweep.
@shared_task(name="companies.tasks.deliver_event", soft_time_limit=30, time_limit=40)
def deliver_event(event_id: str, handed_out_until: str | None = None) -> None:
    """One attempt at an event, if it is due (or handed out to this task) and no other worker
    has it. When the receiver takes it, the company's events waiting for a retry follow."""
    until = datetime.fromisoformat(handed_out_until) if handed_out_until else None
    attempt = event_claim(event_id, handed_out_until=until)
    if attempt is not None and accepted(event_attempt(attempt).status_code):
        company_id = attempt.event.company_id
        # One query spares the broker a task after every delivery that has nothing to follow.
        # Queued once the attempt has committed; robust: with the broker down, what waits keeps
        # its schedule.
        if events_waiting(company_id).exists():
            transaction.on_commit(lambda: catch_up_events.delay(str(company_id)), robust=True)


# A run starts no attempt after catch_up.BATCH_SECONDS (10 s), and its last exchange is cut
# inside its lease (10 s of 15 by default): well inside these limits.
@shared_task(name="companies.tasks.catch_up_events", soft_time_limit=40, time_limit=50)
def catch_up_events(company_id: str) -> int:
    """The company's events waiting for a retry, sent now that its endpoint answers again, in
    runs bounded in time: queues itself again while more wait. How many this run delivered."""
    delivered, more = events_catch_up(UUID(company_id))
    if more:
        catch_up_events.delay(company_id)
    return delivered


@shared_task(name="companies.tasks.sweep_due_events")
def sweep_due_events() -> int:
    """Hand every due event to the workers (Celery beat runs this every few seconds)."""
    handed_out = events_hand_out()
    for event_id, until in handed_out:
        deliver_event.delay(str(event_id), until.isoformat())
    return len(handed_out)
