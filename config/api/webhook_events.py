"""The event types the service sends to a company's `webhookUrl`, as the schema's `webhooks`
section shows them (config/api/webhooks.py): for each kind of record, the answer serializer its
events carry under `data`, and for each event type when it is sent and an example.

An event type the service starts sending gets a row here: tests/companies/test_webhook_schema.py
collects every type the code can record (the status graphs' events, and each `event_record` or
`event_record_about` call) and fails naming any missing. A serializer is named by its dotted
path, as the settings name the apps' code: config/api sits below the apps
(tests/config/test_import_graph.py).
"""

from dataclasses import dataclass

from config.api import webhook_examples as examples


@dataclass(frozen=True)
class EventType:
    kind: str
    summary: str
    sent_when: str
    example: dict  # the event's `data`


@dataclass(frozen=True)
class RecordEvents:
    """The event types about one kind of record, whose `data` is its serializer's answer."""

    serializer: str  # the dotted path of the answer serializer
    data: str  # what `data` is
    types: tuple[EventType, ...]


EVENT_TYPES = (
    RecordEvents(
        "orders.answers.OrderSerializer",
        "The order as `GET /orders/{orderId}` shows it.",
        (
            EventType(
                "order.created",
                "An order was made",
                "`POST /orders/quote` made an order (PENDING); a quote answered with an order "
                "made before (the same `poNumber`) sends nothing. With `autoQuote` an "
                "`order.quoted` follows at once.",
                examples.order("PENDING"),
            ),
            EventType(
                "order.quoted",
                "An order was quoted",
                "The order moved to QUOTED: its selected lines are priced, and it waits for "
                "`POST /orders/confirm` or a cancel.",
                examples.order("QUOTED"),
            ),
            EventType(
                "order.accepted",
                "An order was accepted",
                "The order moved to ACCEPTED: confirmed by `POST /orders/confirm`, or by an "
                "operator.",
                examples.order("ACCEPTED"),
            ),
            EventType(
                "order.delivered",
                "An order was delivered",
                "The order moved to DELIVERED: its items exist (`createdHardwares`, each also "
                "at `GET /hardwares/{hardwareId}`), with the employee or in storage.",
                examples.order(
                    "DELIVERED",
                    date="2026-03-09",
                    trackingCode=examples.TRACKING_CODE,
                    trackingLink=examples.TRACKING_LINK,
                    dateCompleted="2026-03-09T16:20:00.091733Z",
                    createdHardwares=[examples.DELIVERED_ITEM],
                ),
            ),
            EventType(
                "order.cancelled",
                "An order was cancelled",
                "The order moved to CANCELLED, from PENDING or QUOTED: by `POST /orders/cancel` "
                "or by an operator. It makes no more moves.",
                examples.order("CANCELLED"),
            ),
            EventType(
                "order.updated",
                "An order changed without moving",
                "Something of the order other than its status changed: its lines, prices or "
                "chosen alternatives, the serial numbers of the items it made, or its employee "
                "(merged into another).",
                examples.order("QUOTED", updatedAt="2026-03-04T08:47:30.402117Z"),
            ),
        ),
    ),
    RecordEvents(
        "logistics.answers.MovementRequestSerializer",
        "The movement request as `GET /movement_requests/{movementRequestId}` shows it.",
        (
            EventType(
                "movement_request.created",
                "A movement request was made",
                "An onboarding or an offboarding was made (`POST /movement_requests/onboarding`, "
                "`POST /movement_requests/offboarding`): PROCESSING, its items `inMovement`.",
                examples.movement("PROCESSING"),
            ),
            EventType(
                "movement_request.status_changed",
                "A movement request moved",
                "The movement request made a move: to COORDINATED (with its ETA and tracking, "
                "and its shipment in `shipments`), to DONE (its items landed) or to CANCELLED "
                "(its items stay where they were). DONE and CANCELLED are final.",
                examples.COORDINATED,
            ),
        ),
    ),
    RecordEvents(
        "tracking.answers.ShipmentSerializer",
        "The shipment as `GET /movement_requests/{movementRequestId}/shipments` or "
        "`GET /orders/{orderId}/shipments` lists it, with its events; `record` names the "
        "movement request or order it is a parcel of.",
        (
            EventType(
                "shipment.status_changed",
                "A shipment's status changed",
                "An event of the carrier (through AfterShip or EasyPost), an operator or the "
                "sandbox moved the shipment to another status. Its status is that of its latest "
                "event (`occurredAt`), except that DELIVERED and CANCELLED move on only to "
                "RETURN_TO_SENDER, which is final; an event told again sends nothing.",
                examples.SHIPMENT,
            ),
        ),
    ),
    RecordEvents(
        "hardware.answers.HardwareDetailSerializer",
        "The item as `GET /hardwares/{hardwareId}` shows it.",
        (
            EventType(
                "hardware.updated",
                "A hardware item changed",
                "An item changed other than by a movement request: corrected "
                "(`PATCH /hardwares/{hardwareId}`), relocated by an operator, handed to "
                "another employee when its employee was merged into them, or found again "
                "after it was retired as LOST or STOLEN "
                "(`POST /hardwares/{hardwareId}/reinstate`: ACTIVE, in storage).",
                examples.ITEM,
            ),
            EventType(
                "hardware.wiped",
                "A hardware item's data was wiped",
                "The provider's operations recorded a data wipe of the item, with its "
                "certificate (`GET /hardwares/{hardwareId}/wipes`). A CLEAR or PURGE wipe makes "
                "an item AWAITING_WIPE ACTIVE again; a DESTROY wipe retires it as DISPOSED (a "
                "`hardware.retired` comes first).",
                examples.WIPED_ITEM,
            ),
            EventType(
                "hardware.retired",
                "A hardware item was retired",
                "The item's `lifecycle` moved to RETIRED, with its `retiredReason`: by "
                "`POST /hardwares/{hardwareId}/retire`, by an operator, or by a DESTROY wipe "
                "(DISPOSED). It stays listed and cannot go out again; one retired as LOST or "
                "STOLEN comes back by `POST /hardwares/{hardwareId}/reinstate`, which sends "
                "`hardware.updated`.",
                examples.RETIRED_ITEM,
            ),
        ),
    ),
    RecordEvents(
        "bulk.answers.BulkJobSerializer",
        "The job as `GET /bulk-jobs/{bulkJobId}` shows it.",
        (
            EventType(
                "bulk_job.completed",
                "A bulk job ended",
                "The job reached its final status: SUCCEEDED (every item did), FAILED (none "
                "did), PARTIALLY_FAILED, or CANCELLED (cancelled with items not run); `counts` "
                "say how many of each. Its results are at `resultsUrl`.",
                examples.BULK_JOB,
            ),
        ),
    ),
    RecordEvents(
        "companies.answers.WebhookTestSerializer",
        "The company and the URL the test was sent to.",
        (
            EventType(
                "webhook.test",
                "A test of the company's webhook URL",
                "`POST /companies/{companyCode}/webhook-test` asked for it, to try the receiver: "
                "signed, retried and listed like every event.",
                {"companyCode": "DEM", "webhookUrl": "https://hooks.example.com/hlos"},
            ),
        ),
    ),
)
