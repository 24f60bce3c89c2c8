"""The sandbox's carrier (issue 31): a parcel's journey told as a carrier would tell it, to see
a shipment move and its webhooks arrive without a real parcel. The events go through the
carriers' own way in (tracking.services.shipment_events_record), one at a time, marked
SANDBOX."""

from datetime import datetime, timedelta
from uuid import UUID

from django.db import models
from django.utils import timezone

from companies.models import Company
from config.kernel.actors import Actor
from config.kernel.database import atomic_retried
from config.kernel.errors import NotFound
from tracking.choices import EventSource
from tracking.choices import ShipmentStatus as Status
from tracking.models import Shipment
from tracking.services import SHIPMENT_NOT_FOUND, shipment_events_record
from tracking.updates import TrackingEvent, TrackingUpdate


class Scenario(models.TextChoices):
    DELIVERED = "DELIVERED"
    ATTEMPT_FAIL_THEN_DELIVERED = "ATTEMPT_FAIL_THEN_DELIVERED"
    EXCEPTION_CUSTOMS = "EXCEPTION_CUSTOMS"
    LOST = "LOST"
    RETURN_TO_SENDER = "RETURN_TO_SENDER"


ORIGIN = {"city": "Louisville", "region": "KY", "post_code": "40209", "country_code": "US"}
HUB = {"city": "Cologne", "region": "NW", "post_code": "51147", "country_code": "DE"}
DESTINATION = {"city": "Amsterdam", "region": "NH", "post_code": "1012", "country_code": "NL"}

# Each step: hours after the first, status, the carrier's code (EasyPost's words), its message,
# where.
_SETTING_OFF = (
    (0, Status.PRE_TRANSIT, "label_created", "Shipping label created", ORIGIN),
    (5, Status.IN_TRANSIT, "received_at_origin_facility", "Picked up", ORIGIN),
    (30, Status.IN_TRANSIT, "arrived_at_facility", "Arrived at facility", HUB),
)
_OUT = (54, Status.OUT_FOR_DELIVERY, "out_for_delivery", "Out for delivery", DESTINATION)
_STEPS = {
    Scenario.DELIVERED: (
        *_SETTING_OFF,
        _OUT,
        (59, Status.DELIVERED, "arrived_at_destination", "Delivered", DESTINATION),
    ),
    Scenario.ATTEMPT_FAIL_THEN_DELIVERED: (
        *_SETTING_OFF,
        _OUT,
        (
            58,
            Status.FAILURE,
            "delivery_exception",
            "Delivery attempted: no one available to sign",
            DESTINATION,
        ),
        (78, Status.OUT_FOR_DELIVERY, "out_for_delivery", "Out for delivery", DESTINATION),
        (82, Status.DELIVERED, "arrived_at_destination", "Delivered", DESTINATION),
    ),
    Scenario.EXCEPTION_CUSTOMS: (
        *_SETTING_OFF,
        (40, Status.IN_TRANSIT, "in_transit", "Import clearance in progress", DESTINATION),
        (52, Status.FAILURE, "held", "Held by customs: commercial invoice required", DESTINATION),
    ),
    Scenario.LOST: (
        *_SETTING_OFF,
        (150, Status.FAILURE, "lost", "The carrier cannot locate the parcel", HUB),
    ),
    Scenario.RETURN_TO_SENDER: (
        *_SETTING_OFF,
        _OUT,
        (58, Status.FAILURE, "refused", "Delivery refused by the recipient", DESTINATION),
        (60, Status.RETURN_TO_SENDER, "return", "Returning to sender", DESTINATION),
    ),
}


def scenario_events(scenario: Scenario, start: datetime) -> tuple[TrackingEvent, ...]:
    """The scenario's events, its first at `start`, the rest spread over the days after."""
    return tuple(
        TrackingEvent(
            occurred_at=start + timedelta(hours=hours),
            status=status,
            status_detail=detail,
            message=message,
            **place,
        )
        for hours, status, detail, message, place in _STEPS[scenario]
    )


@atomic_retried
def shipment_simulate(
    *, company: Company, shipment_id: UUID, scenario: Scenario, actor: Actor
) -> Shipment:
    """Play `scenario` on the company's shipment, as its carrier would tell it: its events
    spread over the days until now, or from just after the shipment's latest status if that is
    later (a scenario played again continues the story rather than rewriting it). Another
    company's shipment is not found."""
    shipment = Shipment.objects.select_for_update().filter(pk=shipment_id, company=company).first()
    if shipment is None:
        raise NotFound(SHIPMENT_NOT_FOUND)
    # Told as of now: the story's last event happened now, its first days before, unless the
    # shipment's latest status is later (the story goes on from there).
    span = timedelta(hours=_STEPS[scenario][-1][0])
    start = timezone.now() - span
    if shipment.status_since is not None and shipment.status_since >= start:
        start = shipment.status_since + timedelta(minutes=1)
    # One callback an event, as a carrier tells them over the days: a webhook at each change.
    for event in scenario_events(scenario, start):
        update = TrackingUpdate(tracking_code=shipment.tracking_code, events=(event,))
        shipment_events_record(shipment, update, source=EventSource.SANDBOX, actor=actor)
    return shipment
