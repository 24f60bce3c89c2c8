"""Reads of shipments: with their events (the shipments of a record, the webhooks' payload),
or short, under the records that hold them (a movement request's, an order's answers).
Each in a fixed number of queries, however many shipments and events."""

from collections import defaultdict
from collections.abc import Iterable
from uuid import UUID

from django.db.models import QuerySet

from companies.models import Company
from config.kernel.rows import Nested, Row
from tracking.answers import (
    ShipmentEventSerializer,
    ShipmentLocationSerializer,
    ShipmentSerializer,
    ShipmentSummarySerializer,
)
from tracking.models import Shipment, ShipmentEvent

SHIPMENT = Row(ShipmentSerializer)
# The record holding it: one of the two is set (tracking.models.Shipment).
RECORD = Nested(
    "record",
    {
        "movement_request_id": "movement_request_id",
        "movement_request_number": "movement_request__movement_request_number",
        "order_id": "order_id",
        "order_number": "order__order_number",
    },
)
EVENT = Row(ShipmentEventSerializer)
LOCATION = Nested("location", ShipmentLocationSerializer)
SUMMARY = Row(ShipmentSummarySerializer)


def shipments_of(*, company: Company, holder: str, record_id: UUID) -> list[dict]:
    """The shipments of one of the company's records (`holder` the shipment's field naming
    it), oldest first, each with its events, oldest first."""
    return _shipment_rows(Shipment.objects.filter(company=company, **{holder: record_id}))


def shipment_payload(shipment: Shipment) -> dict:
    """The shipment as the reads show it: the data of its `shipment.status_changed` event."""
    return _shipment_rows(Shipment.objects.filter(pk=shipment.pk))[0]


def shipment_summaries(*, holder: str, record_ids: QuerySet | Iterable[UUID]) -> dict:
    """The short shipments of each record, oldest first, in one query: {record id: [...]}."""
    shipments = Shipment.objects.filter(**{f"{holder}_id__in": record_ids})
    rows = SUMMARY.values(shipments.order_by("created_at", "pk"), f"{holder}_id")
    summaries = defaultdict(list)
    for row in rows:
        summaries[row.pop(f"{holder}_id")].append(row)
    return summaries


def _shipment_rows(shipments: QuerySet[Shipment]) -> list[dict]:
    shipments = shipments.order_by("created_at", "pk")
    rows = list(SHIPMENT.values(shipments, **RECORD.expressions))
    events = ShipmentEvent.objects.filter(shipment_id__in=shipments.values("pk"))
    by_shipment = defaultdict(list)
    events = events.order_by(*ShipmentEvent._meta.ordering)
    for event in EVENT.values(events, "shipment_id", **LOCATION.expressions):
        shipment_id = event.pop("shipment_id")
        location = LOCATION.take(event)
        event["location"] = location if any(location.values()) else None
        by_shipment[shipment_id].append(event)
    for row in rows:
        row["record"] = _record(RECORD.take(row))
        row["events"] = by_shipment.get(row["id"], [])
    return rows


def _record(ids: dict) -> dict:
    if ids["movement_request_id"] is not None:
        return {
            "type": "MOVEMENT_REQUEST",
            "id": ids["movement_request_id"],
            "number": ids["movement_request_number"],
        }
    return {"type": "ORDER", "id": ids["order_id"], "number": ids["order_number"]}
