"""Shipments (issue 31): opened by a move that carries a tracking code, read by the clients
with their events, and moved by events however late, repeated or out of order they come."""

import itertools
import uuid
from datetime import UTC, date, datetime, timedelta

import pytest
from django.utils import timezone

from config.kernel.actors import Actor
from logistics.choices import MovementType
from orders.models import Order
from tests.factories import (
    CompanyFactory,
    EmployeeFactory,
    HardwareFactory,
    HardwareRequestFactory,
    MovementRequestFactory,
    OrderFactory,
)
from tests.support import assert_refused, events_recorded, iso
from tests.tracking.parcels import advance, onboarding, shipments
from tracking.choices import Carrier, EventSource, Provider
from tracking.models import Shipment, UnmatchedTracking
from tracking.receiving import tracking_update_receive
from tracking.services import shipment_event_add
from tracking.updates import TrackingEvent, TrackingUpdate

pytestmark = pytest.mark.django_db

CARRIER = Actor.carrier("EasyPost")


def at(day: int, hour: int = 12) -> datetime:
    return datetime(2026, 12, day, hour, tzinfo=UTC)


@pytest.mark.parametrize(
    ("code", "carrier", "shown_code", "link"),
    [
        (
            "1Z999AA10123456784",
            "UPS",
            "1Z999AA10123456784",
            "https://www.ups.com/track?tracknum=1Z999AA10123456784",
        ),
        (
            "9400 1118 9922 3100 0000 00",
            "USPS",
            "9400111899223100000000",
            "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223100000000",
        ),
        (
            "EA123456785US",
            "USPS",
            "EA123456785US",
            "https://tools.usps.com/go/TrackConfirmAction?tLabels=EA123456785US",
        ),
        (
            "123456789012",
            "FEDEX",
            "123456789012",
            "https://www.fedex.com/fedextrack/?trknbr=123456789012",
        ),
        (
            "3318810025",
            "DHL_EXPRESS",
            "3318810025",
            "https://www.dhl.com/global-en/home/tracking.html?tracking-id=3318810025",
        ),
        # A UPS code with one digit wrong fails its check digit.
        ("1Z999AA10123456785", "UNKNOWN", "1Z999AA10123456785", None),
        ("trk-1", "UNKNOWN", "TRK-1", None),
    ],
)
def test_a_coordinated_onboarding_has_an_outbound_shipment_of_the_carrier_its_code_names(
    caller, company, code, carrier, shown_code, link
):
    movement = onboarding(company)

    moved = advance(caller, movement, trackingCode=code, eta="2026-12-04")

    assert moved.status_code == 200
    stored = Shipment.objects.get(movement_request=movement)
    assert shipments(caller, f"/movement_requests/{movement.id}", "TRK") == [
        {
            "id": str(stored.id),
            "carrier": carrier,
            "trackingCode": shown_code,
            "trackingLink": link,
            "direction": "OUTBOUND",
            "status": "PRE_TRANSIT",
            "statusDetail": None,
            "eta": "2026-12-04",
            "deliveredAt": None,
            "createdAt": iso(stored.created_at),
            "updatedAt": iso(stored.updated_at),
            "record": {
                "type": "MOVEMENT_REQUEST",
                "id": str(movement.id),
                "number": movement.movement_request_number,
            },
            "events": [],
        }
    ]
    summary = {
        "id": str(stored.id),
        "carrier": carrier,
        "trackingCode": shown_code,
        "status": "PRE_TRANSIT",
        "eta": "2026-12-04",
    }
    assert moved.json()["envelop"][0]["shipments"] == [summary]


def test_the_link_sent_with_the_move_is_the_shipments(caller, company):
    movement = onboarding(company)
    link = "https://track.example.com/1Z999AA10123456784"

    advance(caller, movement, trackingCode="1Z999AA10123456784", trackingLink=link)

    [shipment] = shipments(caller, f"/movement_requests/{movement.id}", "TRK")
    assert (shipment["carrier"], shipment["trackingLink"]) == ("UPS", link)


def test_an_offboarding_coordinated_has_its_return_shipment(caller, company):
    employee = EmployeeFactory(company=company)
    movement = MovementRequestFactory(
        company=company,
        type=MovementType.OFFBOARDING,
        send_to="STORAGE",
        from_employee=employee,
        to_employee=None,
        hardwares=[HardwareFactory(company=company, on_employee=True, employee=employee)],
    )

    advance(caller, movement, trackingCode="1Z999AA10123456784")

    [shipment] = shipments(caller, f"/movement_requests/{movement.id}", "TRK")
    assert (shipment["direction"], shipment["status"]) == ("RETURN", "PRE_TRANSIT")


def test_a_move_without_a_tracking_code_has_no_shipment(caller, company):
    movement = onboarding(company)

    moved = advance(caller, movement, eta="2026-12-04")

    assert moved.json()["envelop"][0]["shipments"] == []
    assert shipments(caller, f"/movement_requests/{movement.id}", "TRK") == []


def order_advance(client, order, status, **fields):
    body = {"companyCode": order.company.code, "status": status, **fields}
    return client.post(f"/sandbox/orders/{order.id}/advance", body, format="json")


def test_an_order_accepted_then_delivered_with_its_code_has_one_outbound_shipment(caller, company):
    order = OrderFactory(company=company)
    HardwareRequestFactory(order=order)
    order_advance(caller, order, "QUOTED")

    accepted = order_advance(caller, order, "ACCEPTED", trackingCode="1Z999AA10123456784")
    delivered = order_advance(caller, order, "DELIVERED", trackingCode="1Z999AA10123456784")

    assert (accepted.status_code, delivered.status_code) == (200, 200)
    [shipment] = shipments(caller, f"/orders/{order.id}", "TRK")
    assert (shipment["direction"], shipment["carrier"], shipment["record"]) == (
        "OUTBOUND",
        "UPS",
        {"type": "ORDER", "id": str(order.id), "number": order.order_number},
    )
    detail = caller.get(f"/orders/{order.id}", {"companyCode": "TRK"}).json()["envelop"][0]
    assert [row["trackingCode"] for row in detail["shipments"]] == ["1Z999AA10123456784"]


def test_shipments_of_another_clients_records_are_not_shown(caller, other_caller, company):
    theirs = CompanyFactory(api_client=other_caller.api_client, code="THR")
    movement = onboarding(theirs)
    advance(other_caller, movement, trackingCode="1Z999AA10123456784")
    order = OrderFactory(company=theirs)

    for path in (f"/movement_requests/{movement.id}", f"/orders/{order.id}"):
        foreign = caller.get(f"{path}/shipments", {"companyCode": "THR"})
        assert_refused(foreign, 400, "Invalid company code")
    mine = caller.get(f"/movement_requests/{movement.id}/shipments", {"companyCode": "TRK"})
    assert_refused(mine, 404, "Movement request not found")
    mine = caller.get(f"/orders/{order.id}/shipments", {"companyCode": "TRK"})
    assert_refused(mine, 404, "Order not found")


@pytest.mark.parametrize(
    ("path", "message"),
    [("/movement_requests", "Invalid MovementRequest id"), ("/orders", "Invalid order ID format")],
)
def test_shipments_of_a_malformed_id_are_refused(caller, company, path, message):
    assert_refused(caller.get(f"{path}/not-a-uuid/shipments", {"companyCode": "TRK"}), 400, message)


@pytest.mark.parametrize("path", ["/movement_requests", "/orders"])
def test_shipments_need_the_company_code(caller, company, path):
    response = caller.get(f"{path}/{uuid.uuid4()}/shipments")

    assert_refused(response, 400, "Missing required filter: companyCode")


def coordinated(caller, company, code: str) -> Shipment:
    movement = onboarding(company)
    advance(caller, movement, trackingCode=code)
    return Shipment.objects.get(movement_request=movement)


# A parcel's story, and a stray scan after its delivery.
STORY = (
    TrackingEvent(at(1), "IN_TRANSIT", "departed_facility", "Departed facility"),
    TrackingEvent(at(2), "OUT_FOR_DELIVERY", "out_for_delivery", "Out for delivery"),
    TrackingEvent(at(2, 15), "DELIVERED", "arrived_at_destination", "Delivered"),
    TrackingEvent(at(3), "IN_TRANSIT", "status_update", "Scanned at depot"),
)


def test_the_same_events_in_any_order_or_twice_leave_the_shipment_delivered(caller, company):
    orders = list(itertools.permutations(STORY))
    parcels = [coordinated(caller, company, f"TRK-{n}") for n in range(len(orders))]

    for parcel, told in zip(parcels, orders, strict=True):
        for event in (*told, *told):
            shipment_event_add(
                shipment_id=parcel.id, event=event, actor=CARRIER, source=EventSource.CARRIER
            )

    for parcel in parcels:
        [shown] = shipments(caller, f"/movement_requests/{parcel.movement_request_id}", "TRK")
        assert (shown["status"], shown["statusDetail"], shown["deliveredAt"]) == (
            "DELIVERED",
            "arrived_at_destination",
            "2026-12-02T15:00:00Z",
        )
        # Every event once, oldest first, whatever order they came in.
        assert [event["message"] for event in shown["events"]] == [event.message for event in STORY]


def test_a_later_event_that_happened_earlier_does_not_move_the_status_back(caller, company):
    parcel = coordinated(caller, company, "TRK-1")

    for event in (STORY[1], STORY[0]):
        shipment_event_add(
            shipment_id=parcel.id, event=event, actor=CARRIER, source=EventSource.CARRIER
        )

    parcel.refresh_from_db()
    assert parcel.status == "OUT_FOR_DELIVERY"


def test_a_delivered_parcel_only_returns_to_sender_and_stays_so(caller, company, receiver):
    company.webhook_url = receiver.url
    company.save()
    parcel = coordinated(caller, company, "TRK-1")
    told = (
        STORY[2],
        TrackingEvent(at(4), "RETURN_TO_SENDER", "return", "Returned to sender"),
        TrackingEvent(at(5), "DELIVERED", "arrived_at_destination", "Delivered again"),
    )

    for event in told:
        shipment_event_add(
            shipment_id=parcel.id, event=event, actor=CARRIER, source=EventSource.CARRIER
        )

    parcel.refresh_from_db()
    assert parcel.status == "RETURN_TO_SENDER"
    assert [status for _, _, status in events_recorded("shipment.status_changed")] == [
        "DELIVERED",
        "RETURN_TO_SENDER",
    ]
    history = parcel.status_history.values_list("status_from", "status_to", "actor_kind")
    assert list(history) == [
        (None, "PRE_TRANSIT", "API_CLIENT"),
        ("PRE_TRANSIT", "DELIVERED", "CARRIER"),
        ("DELIVERED", "RETURN_TO_SENDER", "CARRIER"),
    ]


def test_a_carriers_eta_becomes_the_records_eta(caller, company):
    parcel = coordinated(caller, company, "1Z999AA10123456784")
    before = caller.get(f"/movement_requests/{parcel.movement_request_id}", {"companyCode": "TRK"})

    matched = tracking_update_receive(
        provider=Provider.EASYPOST,
        update=TrackingUpdate(
            tracking_code="1Z999AA10123456784", eta=date(2026, 12, 9), events=STORY[:1]
        ),
    )

    assert matched == 1
    after = caller.get(f"/movement_requests/{parcel.movement_request_id}", {"companyCode": "TRK"})
    [was], [now] = before.json()["envelop"], after.json()["envelop"]
    assert (was["eta"], now["eta"]) == (None, "2026-12-09")
    assert now["updatedAt"] > was["updatedAt"]
    assert now["shipments"][0] | {"id": None} == {
        "id": None,
        "carrier": "UPS",
        "trackingCode": "1Z999AA10123456784",
        "status": "IN_TRANSIT",
        "eta": "2026-12-09",
    }


def test_an_orders_shipment_moves_the_orders_eta_and_nothing_else(caller, company):
    order = OrderFactory(company=company)
    HardwareRequestFactory(order=order)
    order_advance(caller, order, "QUOTED")
    order_advance(caller, order, "ACCEPTED", trackingCode="1Z999AA10123456784")

    tracking_update_receive(
        provider=Provider.AFTERSHIP,
        update=TrackingUpdate(
            tracking_code="1Z999AA10123456784",
            eta=date(2026, 12, 9),
            events=(STORY[2],),
        ),
    )

    order.refresh_from_db()
    # Delivery makes the hardware, with its serial numbers: the operator's move still.
    assert (order.status, order.eta) == ("ACCEPTED", date(2026, 12, 9))
    assert Order.objects.get(pk=order.pk).shipments.get().status == "DELIVERED"


def test_a_reused_code_is_not_the_parcel_of_an_old_shipment_or_of_another_carrier(caller, company):
    old = coordinated(caller, company, "1Z999AA10123456784")
    Shipment.objects.filter(pk=old.pk).update(created_at=timezone.now() - timedelta(days=181))
    ups = coordinated(caller, company, "1Z999AA10123456784")

    usps = tracking_update_receive(
        provider=Provider.EASYPOST,
        update=TrackingUpdate(
            tracking_code="1Z999AA10123456784", carrier=Carrier.USPS, events=STORY[:1]
        ),
    )
    matched = tracking_update_receive(
        provider=Provider.EASYPOST,
        update=TrackingUpdate(
            tracking_code="1Z999AA10123456784", carrier=Carrier.UPS, events=STORY[:1]
        ),
    )

    assert (usps, matched) == (0, 1)
    old.refresh_from_db()
    ups.refresh_from_db()
    assert (old.status, ups.status) == ("PRE_TRANSIT", "IN_TRANSIT")
    assert UnmatchedTracking.objects.filter(carrier="USPS").count() == 1


def test_an_update_told_again_changes_nothing(caller, company):
    parcel = coordinated(caller, company, "1Z999AA10123456784")
    update = TrackingUpdate(tracking_code="1Z999AA10123456784", events=STORY[:2])
    tracking_update_receive(provider=Provider.AFTERSHIP, update=update)
    parcel.refresh_from_db()

    tracking_update_receive(provider=Provider.AFTERSHIP, update=update)

    again = Shipment.objects.get(pk=parcel.pk)
    assert (again.updated_at, again.status) == (parcel.updated_at, "OUT_FOR_DELIVERY")


def test_a_delivery_told_before_the_code_was_known_completes_the_onboarding_after_its_move(
    caller, company
):
    company.complete_on_delivery = True
    company.save()
    movement = onboarding(company)
    kept = tracking_update_receive(
        provider=Provider.EASYPOST,
        update=TrackingUpdate(tracking_code="1Z999AA10123456784", events=(STORY[2],)),
    )

    advance(caller, movement, trackingCode="1Z999AA10123456784")

    assert kept == 0
    shown = caller.get(f"/movement_requests/{movement.id}", {"companyCode": "TRK"})
    [row] = shown.json()["envelop"]
    assert (row["status"], row["shipments"][0]["status"]) == ("DONE", "DELIVERED")
    assert row["dateCompleted"] is not None
    assert [
        (entry["statusFrom"], entry["statusTo"]) for entry in row["movementRequestStatusHistoric"]
    ] == [
        (None, "PROCESSING"),
        ("PROCESSING", "COORDINATED"),
        ("COORDINATED", "DONE"),
    ]
    assert [status for _, _, status in events_recorded("movement_request.status_changed")] == [
        "COORDINATED",
        "DONE",
    ]
