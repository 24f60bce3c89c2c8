"""The companies app's Celery tasks, where Celery's autodiscovery looks for them
(config/celery.py). They are the webhooks' and live with them (companies/webhooks/tasks.py)."""

from companies.webhooks.tasks import deliver_event, sweep_due_events

__all__ = ["deliver_event", "sweep_due_events"]
