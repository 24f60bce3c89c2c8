"""Writes of shipments: opened with a move that carries a tracking code (or by an operator),
and moved by the events their carrier, an operator or the sandbox records.

A shipment's status is that of its latest event, except that an ending (DELIVERED, CANCELLED,
RETURN_TO_SENDER) applies whenever it happened and only RETURN_TO_SENDER follows DELIVERED or
CANCELLED (tracking.choices.ALLOWED_MOVES). Events arrive late, twice and out of order; the
status they leave is the same whatever order they come in. Each change of status is a move of
the shipment (`transition_apply`: its history row and its `shipment.status_changed` event), and
the record holding it (a movement request, an order) follows: its `updatedAt`, its ETA, and a
movement request's completion on delivery (`shipment_follower_register`).
"""

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, timedelta
from uuid import UUID

from django.db import connection, models
from django.db.models import QuerySet
from django.utils import timezone

from config.kernel.actors import Actor
from config.kernel.database import atomic_retried, records_touch
from config.kernel.errors import NotFound, ServiceError
from config.kernel.shipping import Shipping
from config.kernel.workflow import status_history_write, transition_apply
from tracking.carriers import carrier_recognise, tracking_code_clean, tracking_page
from tracking.choices import ENDINGS, Carrier, Direction, EventSource, Provider, ShipmentStatus
from tracking.models import Shipment, ShipmentEvent, UnmatchedTracking
from tracking.updates import TrackingEvent, TrackingUpdate

SHIPMENT_NOT_FOUND = "Shipment not found"
# UPS and FedEx issue a code again after months; a parcel is delivered or lost long before.
CODE_REUSED_AFTER = timedelta(days=180)
# The advisory locks of tracking codes, in a key space of their own (two-key form).
_CODE_LOCKS = 31
# The records that hold shipments, by their model's label, and the shipment's field naming them.
HOLDERS = {"logistics.movementrequest": "movement_request", "orders.order": "order"}


@dataclass(frozen=True)
class ShipmentMoved:
    """What an update changed of a shipment that its record shows or acts on."""

    shipment: Shipment
    status_changed: bool
    eta_moved: bool
    actor: Actor


# What a holder's flow does when its shipment moves, besides showing it (`_record_follows`),
# by the shipment's field naming the holder.
_followers: dict[str, Callable[[ShipmentMoved], None]] = {}


def shipment_follower_register(holder: str, follow: Callable[[ShipmentMoved], None]) -> None:
    """What the records holding shipments in `holder` (a field of Shipment) do when one moves,
    besides showing it: the flows register when ready, as tracking imports neither."""
    _followers[holder] = follow


def shipment_open(
    *,
    record: models.Model,
    direction: Direction,
    tracking_code: str,
    actor: Actor,
    tracking_link: str | None = None,
    carrier: Carrier | None = None,
    eta: date | None = None,
) -> Shipment:
    """The shipment of `record` (a movement request or an order, locked by the caller's move)
    with this tracking code: the one it has, or a new one, PRE_TRANSIT, of the carrier given or
    recognised from the code, with the carrier's page as its link unless one is given, and
    `eta` (else the record's). What the providers said of the code before it was known is
    recorded once the move is made (shipment_kept_updates_take)."""
    holder = HOLDERS[record._meta.label_lower]
    code = tracking_code_clean(tracking_code)
    if not code:
        raise ServiceError("trackingCode should not be empty")
    Shipping(tracking_code=code, tracking_link=tracking_link).check(Shipment)
    existing = Shipment.objects.filter(**{holder: record}, tracking_code=code).first()
    if existing is not None:
        return existing
    carrier = carrier or carrier_recognise(code)
    shipment = Shipment(
        company_id=record.company_id,
        direction=direction,
        carrier=carrier,
        tracking_code=code,
        tracking_link=tracking_link or tracking_page(carrier, code),
        eta=eta or record.eta,
        **{holder: record},
    )
    shipment.save(force_insert=True)
    status_history_write(shipment, status_from=None, actor=actor)
    return shipment


@atomic_retried
def shipment_add(
    *,
    record: models.Model,
    direction: Direction,
    tracking_code: str,
    actor: Actor,
    tracking_link: str | None = None,
    carrier: Carrier | None = None,
) -> tuple[Shipment, bool]:
    """An operator's shipment of `record` (the admin): with the record locked, as a move locks
    it, the shipment opened (shipment_open), then the updates kept for its code recorded on it.
    Answers the shipment and whether it was opened here (False: the record had one with the
    code)."""
    record = type(record).objects.select_for_update().get(pk=record.pk)
    holder = HOLDERS[record._meta.label_lower]
    code = tracking_code_clean(tracking_code)
    had = Shipment.objects.filter(**{holder: record}, tracking_code=code).exists()
    shipment = shipment_open(
        record=record,
        direction=direction,
        tracking_code=code,
        tracking_link=tracking_link,
        carrier=carrier,
        actor=actor,
    )
    if not had:
        shipment_kept_updates_take(record=record, tracking_code=code)
        shipment.refresh_from_db()
    return shipment, not had


def shipment_kept_updates_take(*, record: models.Model, tracking_code: str) -> None:
    """After the move that opened `record`'s shipment with `tracking_code` (the move done, so
    what the carrier said moves the record after it, as it would have later): the updates kept
    for the code, recorded on it. A callback that found no shipment waits for the code's lock,
    or is waited for: none is kept unseen (receiving.tracking_update_receive)."""
    holder = HOLDERS[record._meta.label_lower]
    code = tracking_code_clean(tracking_code)
    tracking_code_lock(code)
    shipment = (
        Shipment.objects.select_for_update().filter(**{holder: record}, tracking_code=code).first()
    )
    if shipment is None:
        return
    for kept in kept_updates_of(shipment).select_for_update().order_by("received_at"):
        update = TrackingUpdate.from_json(kept.update)
        # What the carrier said, through its provider, whoever opened the shipment.
        actor = Actor.carrier(Provider(kept.provider).label)
        shipment_events_record(shipment, update, source=EventSource.CARRIER, actor=actor)
        kept.matched_at = timezone.now()
        kept.save(update_fields=["matched_at"])


def kept_updates_of(shipment: Shipment) -> QuerySet[UnmatchedTracking]:
    """The kept updates that are the shipment's parcel's: its code, told within
    CODE_REUSED_AFTER, by its carrier's provider (or one naming no carrier)."""
    kept = UnmatchedTracking.objects.filter(
        tracking_code=shipment.tracking_code,
        matched_at__isnull=True,
        received_at__gte=timezone.now() - CODE_REUSED_AFTER,
    )
    if shipment.carrier != Carrier.UNKNOWN:
        kept = kept.filter(carrier__in=(shipment.carrier, Carrier.UNKNOWN))
    return kept


def tracking_code_lock(code: str) -> None:
    """Until the caller's transaction ends, the code is this one's to match: a shipment opened
    with it, and a provider's update finding none, take their turns."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock(%s, hashtext(%s))", [_CODE_LOCKS, code])


@atomic_retried
def shipment_event_add(
    *, shipment_id: UUID, event: TrackingEvent, actor: Actor, source: EventSource
) -> Shipment:
    """An event an operator (or the sandbox) records on a shipment, as a carrier's would be."""
    shipment = Shipment.objects.select_for_update().filter(pk=shipment_id).first()
    if shipment is None:
        raise NotFound(SHIPMENT_NOT_FOUND)
    update = TrackingUpdate(tracking_code=shipment.tracking_code, events=(event,))
    shipment_events_record(shipment, update, source=source, actor=actor)
    return shipment


def shipment_events_record(
    shipment: Shipment, update: TrackingUpdate, *, source: EventSource, actor: Actor
) -> None:
    """Record the update's events on `shipment` (locked by the caller), each once, and move
    the shipment as they say: its status, carrier (when it was unknown), ETA. Its record
    follows a change of what it shows of the shipment (status, carrier, ETA)."""
    fingerprints = [event.fingerprint() for event in update.events]
    told_before = set(
        ShipmentEvent.objects.filter(shipment=shipment, fingerprint__in=fingerprints).values_list(
            "fingerprint", flat=True
        )
    )
    ShipmentEvent.objects.bulk_create(
        [
            ShipmentEvent(
                shipment=shipment,
                source=source,
                fingerprint=event.fingerprint(),
                occurred_at=event.occurred_at,
                status=event.status,
                status_detail=event.status_detail,
                message=event.message,
                city=event.city,
                region=event.region,
                post_code=event.post_code,
                country_code=event.country_code,
            )
            for event in update.events
            if event.fingerprint() not in told_before
        ],
        ignore_conflicts=True,
    )
    events_added = set(fingerprints) - told_before
    taken = _event_taken(shipment, update.events)
    eta_moved = update.eta is not None and update.eta != shipment.eta

    def take(shipment: Shipment) -> None:
        if update.carrier != Carrier.UNKNOWN and shipment.carrier == Carrier.UNKNOWN:
            shipment.carrier = update.carrier
            shipment.tracking_link = shipment.tracking_link or tracking_page(
                update.carrier, shipment.tracking_code
            )
        if eta_moved:
            shipment.eta = update.eta
        if taken is not None:
            shipment.status_detail = taken.status_detail
            shipment.status_since = taken.occurred_at
            if taken.status == ShipmentStatus.DELIVERED:
                shipment.delivered_at = taken.occurred_at

    carrier_before = shipment.carrier
    status_changed = taken is not None and taken.status != shipment.status
    if status_changed:
        transition_apply(shipment, taken.status, actor=actor, rule=take)
    else:
        shown = _shown(shipment)
        take(shipment)
        # A replay changes nothing, not even updatedAt; a new event shows in `events`.
        if events_added or _shown(shipment) != shown:
            shipment.save()
    if status_changed or eta_moved or shipment.carrier != carrier_before:
        _record_follows(ShipmentMoved(shipment, status_changed, eta_moved, actor))


def _shown(shipment: Shipment) -> tuple:
    """What an update may change of a shipment besides its status."""
    return (
        shipment.carrier,
        shipment.tracking_link,
        shipment.eta,
        shipment.status_detail,
        shipment.status_since,
        shipment.delivered_at,
    )


def _event_taken(shipment: Shipment, events: tuple[TrackingEvent, ...]) -> TrackingEvent | None:
    """The event the shipment's status comes from once `events` are told: the latest that
    its graph lets it move to, or any ending it may reach; None when none of them changes
    what it shows. The same events in any order, or twice, leave the same status."""
    moves = Shipment.status_field().moves
    status, since, taken = shipment.status, shipment.status_since, None
    for event in sorted(events, key=lambda event: event.occurred_at):
        moving = event.status != status and event.status in moves.get(status, ())
        in_order = since is None or event.occurred_at >= since
        if (moving and event.status in ENDINGS) or (
            (moving or event.status == status) and in_order
        ):
            status, since, taken = event.status, event.occurred_at, event
    return taken


def _record_follows(moved: ShipmentMoved) -> None:
    """The record holding the shipment shows it (its `updatedAt` moves) and, while it is open
    (it has moves left to make), takes the carrier's ETA; then what its flow registered
    (`shipment_follower_register`)."""
    shipment = moved.shipment
    holder = _holder_of(shipment)
    records = Shipment._meta.get_field(holder).related_model.objects
    record = records.select_for_update().get(pk=getattr(shipment, f"{holder}_id"))
    if moved.eta_moved and record.allowed_moves():
        record.eta = shipment.eta
        record.save(update_fields=["eta", "updated_at"])
    else:
        records_touch(records.filter(pk=record.pk))
    follow = _followers.get(holder)
    if follow is not None:
        follow(moved)


def _holder_of(shipment: Shipment) -> str:
    return "movement_request" if shipment.movement_request_id else "order"
