"""Operators find a shipment by its tracking code or its record's number, see what its carrier
said, add an event or a shipment through the services, see a record's shipments on its page,
follow the work its carriers' news leaves, and read the updates no shipment took."""

from datetime import timedelta

import pytest
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from companies.models import Event
from config.kernel.actors import Actor
from config.kernel.shipping import Shipping
from logistics import services as logistics_services
from tests.admin_pages import change_page_form, message_texts
from tests.factories import OrderFactory
from tests.tracking.parcels import advance, onboarding, shipments
from tracking.choices import EventSource, ShipmentStatus
from tracking.models import Shipment, ShipmentEvent, UnmatchedTracking
from tracking.receiving import tracking_update_receive
from tracking.services import shipment_event_add, shipment_open
from tracking.updates import TrackingEvent, TrackingUpdate

pytestmark = pytest.mark.django_db

CHANGELIST = reverse("admin:tracking_shipment_changelist")
ADD = reverse("admin:tracking_shipment_add")
UNMATCHED = reverse("admin:tracking_unmatchedtracking_changelist")
UPS_CODE = "1Z999AA10123456784"
FEDEX_CODE = "123456789012"
COMMAND = Actor.command("test")


def page(shipment) -> str:
    return reverse("admin:tracking_shipment_change", args=[shipment.pk])


def shown(response) -> list:
    return list(response.context["cl"].result_list)


# --- records with shipments, made by the services ------------------------------------------------


def coordinated(company, code: str) -> Shipment:
    """An onboarding moved to COORDINATED with a tracking code: its shipment."""
    movement = onboarding(company)
    logistics_services.movement_request_move(
        movement_request_id=movement.pk,
        to_status="COORDINATED",
        actor=COMMAND,
        shipping=Shipping(tracking_code=code),
    )
    return Shipment.objects.get(movement_request=movement)


def opened(record, code: str, direction: str = "OUTBOUND") -> Shipment:
    """A shipment an operator opens on a movement request or an order, its record locked."""
    with transaction.atomic():
        locked = type(record).objects.select_for_update().get(pk=record.pk)
        return shipment_open(record=locked, direction=direction, tracking_code=code, actor=COMMAND)


def told(shipment: Shipment, status: str, *, ago=timedelta(hours=1), message="") -> Shipment:
    event = TrackingEvent(occurred_at=timezone.now() - ago, status=status, message=message)
    return shipment_event_add(
        shipment_id=shipment.pk, event=event, actor=COMMAND, source=EventSource.SANDBOX
    )


def event_line(page_response, **fields) -> dict:
    """The shipment's page sent back with its empty events line filled."""
    data = change_page_form(page_response)
    [events] = [
        inline
        for inline in page_response.context["inline_admin_formsets"]
        if inline.formset.model is ShipmentEvent
    ]
    [empty] = events.formset.extra_forms
    occurred_at = fields.pop("occurred_at", None)
    if occurred_at is not None:
        local = timezone.localtime(occurred_at)
        data[empty.add_prefix("occurred_at_0")] = local.strftime("%Y-%m-%d")
        data[empty.add_prefix("occurred_at_1")] = local.strftime("%H:%M:%S")
    data.update({empty.add_prefix(name): value for name, value in fields.items()})
    return data


# --- the list ------------------------------------------------------------------------------------


@pytest.mark.parametrize("term", [UPS_CODE, "1z999aa1 0123456784"])
def test_the_list_finds_a_shipment_by_its_code_as_a_carrier_prints_it(admin_client, company, term):
    wanted = coordinated(company, UPS_CODE)
    coordinated(company, "1Z999AA10123456785")

    assert shown(admin_client.get(CHANGELIST, {"q": term})) == [wanted]


def test_the_list_finds_the_shipments_of_a_movement_or_an_order_by_its_number(
    admin_client, company
):
    of_movement = coordinated(company, UPS_CODE)
    number = of_movement.movement_request.movement_request_number
    order = OrderFactory(company=company, order_number=number + 1000)  # not the same number
    of_order = opened(order, "JD014600006281234567")

    assert shown(admin_client.get(CHANGELIST, {"q": str(number)})) == [of_movement]
    assert shown(admin_client.get(CHANGELIST, {"q": str(order.order_number)})) == [of_order]


def test_the_list_shows_the_code_linked_to_the_carrier_and_the_record_linked_to_its_page(
    admin_client, company
):
    shipment = coordinated(company, UPS_CODE)

    listed = admin_client.get(CHANGELIST).content.decode()

    assert page(shipment) in listed
    assert f"https://www.ups.com/track?tracknum={UPS_CODE}" in listed
    movement_page = reverse(
        "admin:logistics_movementrequest_change", args=[shipment.movement_request_id]
    )
    assert movement_page in listed
    assert f"Movement request {shipment.movement_request.movement_request_number}" in listed


@pytest.mark.parametrize("rows", [1, 20])
def test_the_list_uses_a_fixed_number_of_queries(
    admin_client, company, django_assert_max_num_queries, rows
):
    for number in range(rows):
        coordinated(company, f"1Z999AA1{number:010d}")

    with django_assert_max_num_queries(12):
        response = admin_client.get(CHANGELIST)

    assert response.context["cl"].result_count == rows


# --- a shipment's page: events added through the service -----------------------------------------


def test_an_event_added_on_the_page_moves_the_shipment_and_tells_the_company(
    admin_client, caller, company
):
    movement = onboarding(company)
    assert advance(caller, movement, trackingCode=UPS_CODE).status_code == 200
    shipment = Shipment.objects.get(movement_request=movement)
    occurred_at = (timezone.now() - timedelta(minutes=5)).replace(microsecond=0)

    response = admin_client.post(
        page(shipment),
        event_line(
            admin_client.get(page(shipment)),
            occurred_at=occurred_at,
            status="DELIVERED",
            status_detail="DL",
            message="Left at the front desk",
            city="Berlin",
            country_code="de",
        ),
    )

    assert response.status_code == 302
    assert response.url == page(shipment)
    assert message_texts(response) == [
        f"Recorded 1 event(s). Shipment {UPS_CODE} is now DELIVERED."
    ]
    shipment.refresh_from_db()
    assert (shipment.status, shipment.status_detail) == ("DELIVERED", "DL")
    assert shipment.delivered_at == occurred_at
    move = shipment.status_history.last()
    assert (move.status_to, move.actor_kind, move.actor_name) == ("DELIVERED", "STAFF", "admin")
    [event] = Event.objects.filter(kind="shipment.status_changed", company=company)
    assert event.payload["data"]["id"] == str(shipment.pk)
    assert event.payload["data"]["status"] == "DELIVERED"
    [shown_shipment] = shipments(caller, f"/movement_requests/{movement.pk}", "TRK")
    [told_event] = shown_shipment["events"]
    assert told_event["status"] == "DELIVERED"
    assert told_event["message"] == "Left at the front desk"
    assert told_event["source"] == "OPERATOR"
    assert told_event["location"] == {
        "city": "Berlin",
        "region": None,
        "postCode": None,
        "countryCode": "DE",
    }


def test_an_event_the_status_graph_ignores_is_recorded_and_keeps_the_status(admin_client, company):
    shipment = told(coordinated(company, UPS_CODE), "DELIVERED", ago=timedelta(hours=2))

    response = admin_client.post(
        page(shipment),
        event_line(
            admin_client.get(page(shipment)),
            occurred_at=timezone.now() - timedelta(minutes=1),
            status="IN_TRANSIT",
            message="Scanned at the depot",
        ),
    )

    shipment.refresh_from_db()
    assert shipment.status == "DELIVERED"
    assert shipment.events.count() == 2
    [said] = message_texts(response)
    assert said.startswith(f"Recorded 1 event(s). Shipment {UPS_CODE} stays DELIVERED")
    assert "it moves only to RETURN_TO_SENDER" in said


def test_an_event_without_a_time_happened_now(admin_client, company):
    shipment = coordinated(company, UPS_CODE)
    before = timezone.now()

    admin_client.post(
        page(shipment), event_line(admin_client.get(page(shipment)), status="IN_TRANSIT")
    )

    [event] = shipment.events.all()
    assert event.occurred_at >= before
    assert Shipment.objects.get(pk=shipment.pk).status == "IN_TRANSIT"


def test_a_page_saved_without_an_event_records_nothing(admin_client, company):
    shipment = coordinated(company, UPS_CODE)

    response = admin_client.post(page(shipment), change_page_form(admin_client.get(page(shipment))))

    assert message_texts(response) == ["Nothing to record: fill the empty line of the events."]
    assert not shipment.events.exists()


@pytest.mark.parametrize(
    ("line", "error"),
    [
        ({"country_code": "XX"}, "An ISO 3166-1 alpha-2 country code"),
        (
            {"occurred_at": timezone.now() + timedelta(days=1)},
            "An event that happened: not a time to come.",
        ),
        ({"status": ""}, "This field is required."),
    ],
)
def test_an_event_line_that_says_nothing_true_is_refused_on_the_form(
    admin_client, company, line, error
):
    shipment = coordinated(company, UPS_CODE)

    response = admin_client.post(
        page(shipment),
        event_line(
            admin_client.get(page(shipment)),
            **{"status": "IN_TRANSIT", "message": "Scanned", **line},
        ),
    )

    assert response.status_code == 200
    assert error in response.content.decode()
    assert not shipment.events.exists()
    assert Shipment.objects.get(pk=shipment.pk).status == "PRE_TRANSIT"


def test_the_page_shows_the_carriers_word_read_only_the_events_oldest_first_and_the_moves(
    admin_client, company
):
    shipment = coordinated(company, UPS_CODE)
    told(shipment, "OUT_FOR_DELIVERY", ago=timedelta(hours=1), message="Second scan")
    told(shipment, "IN_TRANSIT", ago=timedelta(hours=3), message="First scan")

    response = admin_client.get(page(shipment))
    content = response.content.decode()

    assert content.index("First scan") < content.index("Second scan")
    assert f"https://www.ups.com/track?tracknum={UPS_CODE}" in content
    form = response.context["adminform"].form
    assert set(form.fields) == {"change_reason"}  # nothing of the shipment is typed in
    [events] = [
        inline
        for inline in response.context["inline_admin_formsets"]
        if inline.formset.model is ShipmentEvent
    ]
    assert len(events.formset.extra_forms) == 1  # the line to add one; those told are read-only
    assert not events.has_change_permission
    assert "PRE_TRANSIT" in content and "OUT_FOR_DELIVERY" in content  # the status history
    assert 'name="_continue"' not in content
    assert reverse("admin:tracking_shipment_delete", args=[shipment.pk]) not in content


def test_the_history_page_shows_the_moves_and_the_events_sent(admin_client, company):
    shipment = told(coordinated(company, UPS_CODE), "DELIVERED")

    history = admin_client.get(reverse("admin:tracking_shipment_history", args=[shipment.pk]))

    content = history.content.decode()
    assert history.status_code == 200
    assert "created → PRE_TRANSIT" in content
    assert "PRE_TRANSIT → DELIVERED" in content
    assert "shipment.status_changed event" in content


def test_a_shipment_is_on_its_companys_audit_trail(caller, company):
    shipment = coordinated(company, UPS_CODE)

    trail = caller.get("/audit-events", {"companyCode": "TRK", "targetType": "SHIPMENT"})

    assert trail.status_code == 200, trail.json()
    [created] = trail.json()["envelop"]
    assert created["target"] == {
        "type": "SHIPMENT",
        "id": str(shipment.pk),
        "label": f"Shipment {UPS_CODE}",
    }


# --- adding a shipment, through shipment_open ---------------------------------------------------


def test_a_shipment_is_added_to_a_movement_request_by_its_number(admin_client, company):
    movement = onboarding(company)

    response = admin_client.post(
        ADD,
        {
            "movement_request_number": movement.movement_request_number,
            "direction": "RETURN",
            "tracking_code": " 1234 5678 9012",
        },
    )

    shipment = Shipment.objects.get(movement_request=movement)
    assert response.status_code == 302
    assert response.url == page(shipment)
    assert (shipment.tracking_code, shipment.carrier, shipment.direction) == (
        FEDEX_CODE,
        "FEDEX",
        "RETURN",
    )
    assert shipment.tracking_link == f"https://www.fedex.com/fedextrack/?trknbr={FEDEX_CODE}"
    assert shipment.company == company
    [created] = shipment.status_history.all()
    assert (created.status_to, created.actor_kind, created.actor_name) == (
        "PRE_TRANSIT",
        "STAFF",
        "admin",
    )
    assert message_texts(response) == [
        f"Shipment {FEDEX_CODE} (FedEx, RETURN) added to Movement request "
        f"{movement.movement_request_number}."
    ]


def test_a_shipment_added_with_its_carrier_and_link_keeps_them(admin_client, company):
    order = OrderFactory(company=company)

    admin_client.post(
        ADD,
        {
            "order_number": order.order_number,
            "direction": "OUTBOUND",
            "tracking_code": "CP123",
            "carrier": "DHL_EXPRESS",
            "tracking_link": "https://track.example.com/CP123",
        },
    )

    shipment = Shipment.objects.get(order=order)
    assert (shipment.carrier, shipment.tracking_link) == (
        "DHL_EXPRESS",
        "https://track.example.com/CP123",
    )


def test_the_same_code_twice_on_a_record_makes_one_shipment(admin_client, company):
    shipment = coordinated(company, UPS_CODE)
    number = shipment.movement_request.movement_request_number

    response = admin_client.post(
        ADD,
        {
            "movement_request_number": number,
            "direction": "OUTBOUND",
            "tracking_code": "1Z999AA1 0123456784",
        },
    )

    assert Shipment.objects.filter(movement_request=shipment.movement_request).count() == 1
    assert response.url == page(shipment)
    assert message_texts(response) == [
        f"Movement request {number} has shipment {UPS_CODE} already: nothing was added."
    ]


@pytest.mark.parametrize(
    ("record", "error"),
    [
        ({}, "Give the movement request&#x27;s number or the order&#x27;s."),
        ({"movement_request_number": 1, "order_number": 1}, "Give the movement request&#x27;s"),
        ({"movement_request_number": 987654}, "No movement request has this number."),
        ({"order_number": 987654}, "No order has this number."),
    ],
)
def test_a_shipment_is_added_to_exactly_one_record_that_exists(admin_client, record, error):
    response = admin_client.post(
        ADD, {**record, "direction": "OUTBOUND", "tracking_code": UPS_CODE}
    )

    assert response.status_code == 200
    assert error in response.content.decode()
    assert not Shipment.objects.exists()


def test_a_link_that_is_not_a_web_address_is_refused_on_the_form(admin_client, company):
    movement = onboarding(company)

    response = admin_client.post(
        ADD,
        {
            "movement_request_number": movement.movement_request_number,
            "direction": "OUTBOUND",
            "tracking_code": UPS_CODE,
            "tracking_link": "ftp://example.com/track",
        },
    )

    assert response.status_code == 200
    assert "An http(s) address." in response.content.decode()
    assert not Shipment.objects.exists()


def test_a_shipment_cannot_be_deleted(admin_client, company):
    shipment = coordinated(company, UPS_CODE)

    response = admin_client.post(
        reverse("admin:tracking_shipment_delete", args=[shipment.pk]), {"post": "yes"}
    )

    assert response.status_code == 403
    assert Shipment.objects.filter(pk=shipment.pk).exists()


# --- a record's shipments on its page ------------------------------------------------------------


def test_the_movement_page_lists_its_shipments_and_adds_one(admin_client, company):
    shipment = coordinated(company, UPS_CODE)
    movement = shipment.movement_request

    content = admin_client.get(
        reverse("admin:logistics_movementrequest_change", args=[movement.pk])
    ).content.decode()

    assert page(shipment) in content
    assert UPS_CODE in content
    assert f"{ADD}?movement_request_number={movement.movement_request_number}" in content


def test_the_order_page_lists_its_shipments_and_adds_one(admin_client, company):
    order = OrderFactory(company=company)
    admin_client.post(
        ADD, {"order_number": order.order_number, "direction": "OUTBOUND", "tracking_code": "CP1"}
    )
    shipment = Shipment.objects.get(order=order)

    content = admin_client.get(
        reverse("admin:orders_order_change", args=[order.pk])
    ).content.decode()

    assert page(shipment) in content
    assert "CP1" in content
    assert f"{ADD}?order_number={order.order_number}" in content


def test_the_add_link_of_a_record_names_it_on_the_form(admin_client, company):
    movement = onboarding(company)

    form = (
        admin_client.get(ADD, {"movement_request_number": movement.movement_request_number})
        .context["adminform"]
        .form
    )

    assert form.initial["movement_request_number"] == str(movement.movement_request_number)
    assert form["direction"].value() == "OUTBOUND"


# --- work waiting ------------------------------------------------------------------------------


def figure(admin_client, label: str) -> dict:
    dashboard = admin_client.get(reverse("admin:index")).context["dashboard"]
    [group] = [group for group in dashboard if group["name"] == "Shipments"]
    [count] = [count for count in group["counts"] if count["label"] == label]
    return count


def listed_by(admin_client, count: dict) -> set:
    return {record.pk for record in admin_client.get(count["url"]).context["cl"].result_list}


def test_delivered_shipments_of_open_movements_are_work_waiting(admin_client, company):
    delivered = told(coordinated(company, "1Z999AA10000000001"), "DELIVERED")
    under_way = told(coordinated(company, "1Z999AA10000000002"), "OUT_FOR_DELIVERY")
    of_a_done_movement = told(coordinated(company, "1Z999AA10000000003"), "DELIVERED")
    logistics_services.movement_request_move(
        movement_request_id=of_a_done_movement.movement_request_id, to_status="DONE", actor=COMMAND
    )
    told(opened(OrderFactory(company=company), "1Z999AA10000000004"), "DELIVERED")
    # Brought back from the employee, the request still open: counted too.
    returned = told(opened(onboarding(company), "1Z999AA10000000005", "RETURN"), "DELIVERED")

    count = figure(admin_client, "delivered by the carrier, movement not DONE")

    assert count["count"] == 2
    assert listed_by(admin_client, count) == {delivered.pk, returned.pk}
    assert under_way.pk not in listed_by(admin_client, count)


def test_delivery_exceptions_are_work_waiting_a_pickup_after_three_days(admin_client, company):
    failed = told(coordinated(company, "1Z999AA10000000001"), "FAILURE")
    returned = told(coordinated(company, "1Z999AA10000000002"), "RETURN_TO_SENDER")
    waiting = told(
        coordinated(company, "1Z999AA10000000003"), "AVAILABLE_FOR_PICKUP", ago=timedelta(days=4)
    )
    told(coordinated(company, "1Z999AA10000000004"), "AVAILABLE_FOR_PICKUP", ago=timedelta(days=1))
    told(coordinated(company, "1Z999AA10000000005"), "IN_TRANSIT")
    coordinated(company, "1Z999AA10000000006")

    count = figure(admin_client, "delivery exceptions")

    assert count["count"] == 3
    assert listed_by(admin_client, count) == {failed.pk, returned.pk, waiting.pk}


def test_updates_no_shipment_took_are_work_waiting(admin_client, company):
    for code in ("1Z999AA10000000001", "1Z999AA10000000002"):
        tracking_update_receive(provider="AFTERSHIP", update=TrackingUpdate(tracking_code=code))
    coordinated(company, "1Z999AA10000000001")  # takes its update

    count = figure(admin_client, "unmatched tracking updates")

    waiting = UnmatchedTracking.objects.get(tracking_code="1Z999AA10000000002")
    assert count["count"] == 1
    assert listed_by(admin_client, count) == {waiting.pk}


# --- updates no shipment took ---------------------------------------------------------------------


def test_the_unmatched_list_shows_a_kept_update_read_only(admin_client):
    update = TrackingUpdate(
        tracking_code=UPS_CODE,
        carrier="UPS",
        provider_event_id="evt-1",
        events=(
            TrackingEvent(
                occurred_at=timezone.now(), status=ShipmentStatus.IN_TRANSIT, message="Departed"
            ),
        ),
    )
    tracking_update_receive(provider="EASYPOST", update=update)
    unmatched = UnmatchedTracking.objects.get()

    listed = admin_client.get(UNMATCHED, {"q": "1z999aa1 0123456784"})
    shown_page = admin_client.get(
        reverse("admin:tracking_unmatchedtracking_change", args=[unmatched.pk])
    )

    assert shown(listed) == [unmatched]
    content = shown_page.content.decode()
    assert "&quot;message&quot;: &quot;Departed&quot;" in content
    assert "&quot;provider_event_id&quot;: &quot;evt-1&quot;" in content
    assert f"{ADD}?tracking_code={UPS_CODE}&amp;carrier=UPS" in content
    assert 'name="_save"' not in content
    assert admin_client.get(reverse("admin:tracking_unmatchedtracking_add")).status_code == 403
