"""A provider's callback (tracking/api/webhooks.py): its update kept, one insert, for the
workers to record (tracking.tasks, every few seconds: tracking.receiving). The provider is
answered without waiting for the recording, as providers ask; the kept updates are the
workers' queue, so a callback publishes nothing to the broker."""

from config.ops.broker import run_if_in_process
from tracking import tasks
from tracking.choices import Provider
from tracking.models import ReceivedUpdate
from tracking.receiving import shipments_of_update
from tracking.updates import TrackingUpdate


def tracking_update_accept(*, provider: Provider, update: TrackingUpdate) -> int:
    """A provider's callback: its update kept, for a worker to record (`received_updates_record`;
    in the request itself when tasks run in the process). Answers how many shipments have the
    code now (none: the update will be kept for the operator)."""
    ReceivedUpdate.objects.create(provider=provider, update=update.as_json())
    run_if_in_process(tasks.record_received_updates)
    return shipments_of_update(update).count()
