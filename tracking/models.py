"""Shipments: the parcels a movement request or an order travels in, and what their carriers
said about them."""

import uuid

from django.db import models
from django.db.models import Q

from config.kernel.audit import audited
from config.kernel.workflow import StatusChange, StatusField, StatusModel
from tracking.choices import (
    ALLOWED_MOVES,
    MOVE_EVENTS,
    Carrier,
    Direction,
    EventSource,
    Provider,
    ShipmentStatus,
)

STATUS_LENGTH = 20


@audited()
class Shipment(StatusModel):
    """One parcel of a movement request or an order (exactly one of them). Its status moves
    only with the events the carrier, an operator or the sandbox records
    (tracking.services.shipment_events_record)."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    company = models.ForeignKey(
        "companies.Company", on_delete=models.PROTECT, related_name="shipments"
    )
    # The flows above hold shipments: by string references, as tracking imports neither.
    movement_request = models.ForeignKey(
        "logistics.MovementRequest",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="shipments",
    )
    order = models.ForeignKey(
        "orders.Order", on_delete=models.CASCADE, null=True, blank=True, related_name="shipments"
    )
    direction = models.CharField(max_length=8, choices=Direction.choices)
    carrier = models.CharField(max_length=12, choices=Carrier.choices, default=Carrier.UNKNOWN)
    tracking_code = models.CharField(max_length=100, db_index=True)
    tracking_link = models.URLField(max_length=500, null=True, blank=True)
    status = StatusField(
        max_length=STATUS_LENGTH,
        choices=ShipmentStatus.choices,
        default=ShipmentStatus.PRE_TRANSIT,
        moves=ALLOWED_MOVES,
        events=MOVE_EVENTS,
        payload="tracking.selectors.shipment_payload",
    )
    status_detail = models.CharField(max_length=200, null=True, blank=True)
    eta = models.DateField(null=True, blank=True)
    delivered_at = models.DateTimeField(null=True, blank=True)
    # When the event the status was taken from happened: a later-arriving event that happened
    # before it does not move the status back.
    status_since = models.DateTimeField(null=True, blank=True, editable=False)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(movement_request__isnull=False, order__isnull=True)
                | Q(movement_request__isnull=True, order__isnull=False),
                name="shipment_of_one_record",
            ),
            models.UniqueConstraint(
                fields=["movement_request", "tracking_code"],
                condition=Q(movement_request__isnull=False),
                name="shipment_code_unique_per_movement",
            ),
            models.UniqueConstraint(
                fields=["order", "tracking_code"],
                condition=Q(order__isnull=False),
                name="shipment_code_unique_per_order",
            ),
        ]
        indexes = [models.Index(fields=["status", "updated_at"])]

    number_field = "tracking_code"

    def __str__(self):
        return f"{self.get_carrier_display()} {self.tracking_code} ({self.status})"


class ShipmentStatusChange(StatusChange):
    shipment = models.ForeignKey(Shipment, on_delete=models.CASCADE, related_name="status_history")
    status_from = models.CharField(max_length=STATUS_LENGTH, null=True, blank=True)
    status_to = models.CharField(max_length=STATUS_LENGTH)


class ShipmentEvent(models.Model):
    """A scan or a note about a shipment: what the carrier said happened, when and where. The
    same event told twice (a provider's retry, the same time, status and message) is one
    row (`fingerprint`)."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    shipment = models.ForeignKey(Shipment, on_delete=models.CASCADE, related_name="events")
    occurred_at = models.DateTimeField()
    received_at = models.DateTimeField(auto_now_add=True)
    status = models.CharField(max_length=STATUS_LENGTH, choices=ShipmentStatus.choices)
    status_detail = models.CharField(max_length=200, null=True, blank=True)
    message = models.CharField(max_length=500, blank=True, default="")
    city = models.CharField(max_length=100, null=True, blank=True)
    region = models.CharField(max_length=100, null=True, blank=True)
    post_code = models.CharField(max_length=20, null=True, blank=True)
    country_code = models.CharField(max_length=2, null=True, blank=True)
    source = models.CharField(max_length=8, choices=EventSource.choices)
    fingerprint = models.CharField(max_length=64, editable=False)

    class Meta:
        ordering = ["occurred_at", "received_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["shipment", "fingerprint"], name="shipment_event_told_once"
            )
        ]

    def __str__(self):
        return f"{self.occurred_at:%Y-%m-%d %H:%M} {self.status}: {self.message}"


class UnmatchedTracking(models.Model):
    """A provider's update about a tracking code no shipment has, kept for the operator (the
    provider would retry anything but 2xx). A shipment made later with the code takes it."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    received_at = models.DateTimeField(auto_now_add=True)
    provider = models.CharField(max_length=10, choices=Provider.choices)
    provider_event_id = models.CharField(max_length=200, null=True, blank=True)
    tracking_code = models.CharField(max_length=100, db_index=True)
    carrier = models.CharField(max_length=12, choices=Carrier.choices, default=Carrier.UNKNOWN)
    # The update as tracking.providers read it (tracking.services.TrackingUpdate), to be
    # recorded once a shipment has the code.
    update = models.JSONField()
    matched_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-received_at"]
        verbose_name = "unmatched tracking update"
        constraints = [
            models.UniqueConstraint(
                fields=["provider", "provider_event_id"],
                condition=Q(provider_event_id__isnull=False),
                name="unmatched_tracking_told_once",
            )
        ]

    def __str__(self):
        return f"{self.get_provider_display()} update for {self.tracking_code}"


class ReceivedUpdate(models.Model):
    """A provider's update, kept from its callback until a worker records it
    (tracking.receiving): the callback answers once this is stored, so the provider waits for
    no recording. The rows are the workers' queue, taken oldest first."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    received_at = models.DateTimeField(auto_now_add=True, db_index=True)
    provider = models.CharField(max_length=10, choices=Provider.choices)
    # As tracking.updates.TrackingUpdate.as_json writes it.
    update = models.JSONField()

    class Meta:
        ordering = ["received_at"]

    def __str__(self):
        return f"{self.get_provider_display()} update received {self.received_at:%Y-%m-%d %H:%M}"
