"""A tracking provider's news: its callback's update kept (one insert, then the answer), and
recorded by a worker on every shipment with its code (tracking.services), or kept for the
operator when none has it. A provider retries anything but 2xx, and a broker may lose a task:
an update is recorded once however often it comes, and the sweep hands on what a lost task
left (tracking.tasks)."""

from datetime import timedelta
from uuid import UUID

from django.db import transaction
from django.utils import timezone

from config.kernel.actors import Actor
from config.kernel.audit import ActorType, actor_added
from config.kernel.database import atomic_retried
from config.ops.broker import publish_after_commit
from tracking import tasks as tracking_tasks
from tracking.choices import Carrier, EventSource, Provider
from tracking.models import ReceivedUpdate, Shipment, UnmatchedTracking
from tracking.services import shipment_events_record
from tracking.updates import TrackingUpdate

# UPS and FedEx issue a code again after months; a parcel is delivered or lost long before.
CODE_REUSED_AFTER = timedelta(days=180)
# A kept update not recorded by then is handed to the workers again (tracking.tasks' sweep),
# at most this many a run.
RECORDED_WITHIN = timedelta(minutes=1)
SWEPT_AT_ONCE = 500


@transaction.atomic
def tracking_update_accept(*, provider: Provider, update: TrackingUpdate) -> int:
    """A provider's callback: its update kept, to be recorded by a worker once this commits
    (`received_update_record`). Answers how many shipments have the code now (none: the
    update will be kept for the operator)."""
    received = ReceivedUpdate.objects.create(provider=provider, update=update.as_json())
    publish_after_commit(tracking_tasks.record_received_update, str(received.pk))
    return _shipments_of_update(update).count()


@atomic_retried
def received_update_record(*, received_update_id: UUID) -> bool:
    """Record a kept update (tracking_update_receive) and forget it, once: a second worker
    handed the same one finds it taken or gone. Answers whether it was recorded here."""
    received = (
        ReceivedUpdate.objects.select_for_update(skip_locked=True)
        .filter(pk=received_update_id)
        .first()
    )
    if received is None:
        return False
    provider = Provider(received.provider)
    # On the audit trail as the provider's, by the worker that recorded it.
    actor_added(ActorType.SYSTEM, provider.label)
    tracking_update_receive(provider=provider, update=TrackingUpdate.from_json(received.update))
    received.delete()
    return True


def received_updates_waiting() -> list[UUID]:
    """The kept updates a worker should have recorded by now: their task was lost (a broker
    down when the callback committed, a worker killed)."""
    waiting = ReceivedUpdate.objects.filter(received_at__lt=timezone.now() - RECORDED_WITHIN)
    return list(waiting.values_list("pk", flat=True)[:SWEPT_AT_ONCE])


def _shipments_of_update(update: TrackingUpdate):
    """The shipments an update with its code is about. Carriers reuse codes after a while: a
    shipment opened more than CODE_REUSED_AFTER ago, or of another carrier than the update
    names, is not this parcel's."""
    shipments = Shipment.objects.filter(
        tracking_code=update.tracking_code,
        created_at__gte=timezone.now() - CODE_REUSED_AFTER,
    )
    if update.carrier != Carrier.UNKNOWN:
        shipments = shipments.filter(carrier__in=(update.carrier, Carrier.UNKNOWN))
    return shipments


@atomic_retried
def tracking_update_receive(*, provider: Provider, update: TrackingUpdate) -> int:
    """A tracking provider's update, recorded on every shipment with its code (in id order,
    as concurrent updates lock them); with none, kept for the operator once (a provider's retry
    of the same callback is no second one). Answers how many shipments it was recorded on."""
    shipments = _shipments_of_update(update).select_for_update()
    actor = Actor.carrier(Provider(provider).label)
    matched = 0
    for shipment in shipments.order_by("pk"):
        shipment_events_record(shipment, update, source=EventSource.CARRIER, actor=actor)
        matched += 1
    if not matched:
        UnmatchedTracking.objects.bulk_create(
            [
                UnmatchedTracking(
                    provider=provider,
                    provider_event_id=update.provider_event_id,
                    tracking_code=update.tracking_code,
                    carrier=update.carrier,
                    update=update.as_json(),
                )
            ],
            ignore_conflicts=True,
        )
    return matched
