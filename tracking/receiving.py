"""A tracking provider's news, recorded by the workers (tracking.tasks) once its callback kept it
(tracking.callbacks): on every shipment with its code (tracking.services), or kept for the
operator when none has it. The kept updates are the workers' queue: the beat hands them a run
every few seconds, and each run takes the oldest no other run holds. A provider retries
anything but 2xx: an update is recorded once however often it comes."""

import time

from django.utils import timezone

from config.kernel.actors import Actor
from config.kernel.audit import ActorType, actor_added
from config.kernel.database import atomic_retried
from tracking.choices import Carrier, EventSource, Provider
from tracking.models import ReceivedUpdate, Shipment, UnmatchedTracking
from tracking.services import CODE_REUSED_AFTER, shipment_events_record, tracking_code_lock
from tracking.updates import TrackingUpdate

# Seconds a run records for at most: a backlog (a provider's burst, workers that were down)
# shares the workers with the webhooks' deliveries, run after run.
RECORDING_BUDGET = 10.0


def received_updates_record(budget: float = RECORDING_BUDGET) -> int:
    """The kept updates recorded, oldest first, each in a transaction of its own, until none is
    left or `budget` seconds have passed. Runs in several workers at once take different ones.
    Answers how many were recorded here."""
    ends = time.monotonic() + budget
    recorded = 0
    while time.monotonic() < ends and received_update_record_next():
        recorded += 1
    return recorded


@atomic_retried
def received_update_record_next() -> bool:
    """Record the oldest kept update no other run holds (tracking_update_receive) and forget
    it. Answers whether there was one."""
    received = (
        ReceivedUpdate.objects.select_for_update(skip_locked=True).order_by("received_at").first()
    )
    if received is None:
        return False
    provider = Provider(received.provider)
    # On the audit trail as the provider's, by the worker that recorded it.
    actor_added(ActorType.SYSTEM, provider.label)
    tracking_update_receive(provider=provider, update=TrackingUpdate.from_json(received.update))
    received.delete()
    return True


def _recorded_on_shipments(update: TrackingUpdate, actor: Actor) -> int:
    shipments = shipments_of_update(update).select_for_update()
    matched = 0
    for shipment in shipments.order_by("pk"):
        shipment_events_record(shipment, update, source=EventSource.CARRIER, actor=actor)
        matched += 1
    return matched


def shipments_of_update(update: TrackingUpdate):
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
    actor = Actor.carrier(Provider(provider).label)
    matched = _recorded_on_shipments(update, actor)
    if not matched:
        # A shipment opened with the code takes the kept updates once its move is made
        # (services.shipment_kept_updates_take): one opened while this looked is found now.
        tracking_code_lock(update.tracking_code)
        matched = _recorded_on_shipments(update, actor)
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
