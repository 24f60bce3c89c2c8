"""A tracking provider's callback (tracking/api/webhooks.py): its update kept, one insert, and
handed to the workers once that commits (tracking.tasks, which record it: tracking.receiving).
The provider is answered without waiting for the recording, as providers ask."""

from django.db import transaction

from config.ops.broker import publish_after_commit
from tracking import tasks
from tracking.choices import Provider
from tracking.models import ReceivedUpdate
from tracking.receiving import shipments_of_update
from tracking.updates import TrackingUpdate


@transaction.atomic
def tracking_update_accept(*, provider: Provider, update: TrackingUpdate) -> int:
    """A provider's callback: its update kept, to be recorded by a worker once this commits
    (`received_update_record`). Answers how many shipments have the code now (none: the
    update will be kept for the operator)."""
    received = ReceivedUpdate.objects.create(provider=provider, update=update.as_json())
    publish_after_commit(tasks.record_received_update, str(received.pk))
    return shipments_of_update(update).count()
