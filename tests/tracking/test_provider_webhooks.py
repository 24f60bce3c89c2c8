"""POST /tracking/webhooks/aftership and /tracking/webhooks/easypost: the tracking providers'
callbacks, signed as each provider signs them, with payloads shaped as their docs show them
(AfterShip's webhook specification and delivery sub-statuses; EasyPost's Event and Tracker,
from EasyPost/examples' official responses), and what the clients then read of their
shipments."""

import base64
import copy
import hashlib
import hmac
import json
import unicodedata
import uuid
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from django.test import TestCase

from companies.models import Event
from tests.support import assert_refused, events_recorded
from tests.tracking.parcels import advance, onboarding, shipments
from tracking.models import UnmatchedTracking

pytestmark = pytest.mark.django_db

AFTERSHIP = "/tracking/webhooks/aftership"
EASYPOST = "/tracking/webhooks/easypost"
AFTERSHIP_SECRET = "aftership-test-secret"
# With a compatibility character (the ligature "ﬁ"): EasyPost signs with the secret in NFKD,
# where it is "fi", so a receiver that did not normalise it would refuse every callback.
EASYPOST_SECRET = "easypost-\ufb01xture-secret"
SIGNED = object()
UPS_CODE = "1Z999AA10123456784"
USPS_CODE = "9405500207552011812894"
STATUS_CHANGED = "shipment.status_changed"


@pytest.fixture(autouse=True)
def secrets(settings, eager_tasks):
    """The providers' secrets set, and the workers' tasks run at once (by `posted`)."""
    settings.AFTERSHIP_WEBHOOK_SECRET = AFTERSHIP_SECRET
    settings.EASYPOST_WEBHOOK_SECRET = EASYPOST_SECRET


def posted(client, path, body, headers):
    """The callback, then what the workers do once it has committed (record the update)."""
    with TestCase.captureOnCommitCallbacks(execute=True):
        return client.post(path, data=body, content_type="application/json", **headers)


# --- the providers' callbacks, as they sign and shape them -----------------------------------


def aftership_signature(body: bytes, secret: str = AFTERSHIP_SECRET) -> str:
    return base64.b64encode(hmac.new(secret.encode(), body, hashlib.sha256).digest()).decode()


def easypost_signature(body: bytes, secret: str = EASYPOST_SECRET) -> str:
    key = unicodedata.normalize("NFKD", secret).encode()
    return "hmac-sha256-hex=" + hmac.new(key, body, hashlib.sha256).hexdigest()


def encoded(payload) -> bytes:
    return json.dumps(payload).encode()


def post_aftership(client, payload=None, *, body=None, signature=SIGNED):
    body = encoded(payload) if body is None else body
    if signature is SIGNED:
        signature = aftership_signature(body)
    headers = {} if signature is None else {"HTTP_AFTERSHIP_HMAC_SHA256": signature}
    return posted(client, AFTERSHIP, body, headers)


def post_easypost(client, payload=None, *, body=None, signature=SIGNED):
    body = encoded(payload) if body is None else body
    if signature is SIGNED:
        signature = easypost_signature(body)
    headers = {} if signature is None else {"HTTP_X_HMAC_SIGNATURE": signature}
    return posted(client, EASYPOST, body, headers)


def checkpoint(time, tag, subtag, message, *, city=None, state=None, zip=None, country="USA"):
    """A checkpoint of AfterShip's tracking (its `country_iso3`, as the docs' example)."""
    return {
        "slug": "ups",
        "city": city,
        "created_at": "2026-12-05T08:03:52+00:00",
        "location": ", ".join(part for part in (city, state, zip, country) if part) or None,
        "country_name": country,
        "message": message,
        "country_iso3": country,
        "tag": tag,
        "subtag": subtag,
        "subtag_message": tag,
        "checkpoint_time": time,
        "coordinates": [],
        "state": state,
        "zip": zip,
        "raw_tag": "I",
    }


def aftership(code, *checkpoints, slug="ups", expected_delivery=None, event="tracking_update"):
    """AfterShip's webhook, as its specification's example (trimmed of the fields unused)."""
    last = checkpoints[-1] if checkpoints else {"tag": "Pending", "subtag": "Pending_001"}
    return {
        "event_id": str(uuid.uuid4()),
        "event": event,
        "is_tracking_first_tag": True,
        "msg": {
            "id": "grhrexm6t3hiwkjwq37jd003",
            "tracking_number": code,
            "title": code,
            "note": None,
            "origin_country_iso3": "USA",
            "destination_country_iso3": "USA",
            "courier_destination_country_iso3": "USA",
            "shipment_package_count": 1,
            "active": True,
            "order_id": None,
            "order_date": "2026-11-28T08:52:54Z",
            "source": "api",
            "emails": [],
            "smses": [],
            "slug": slug,
            "tag": last["tag"],
            "subtag": last["subtag"],
            "subtag_message": last["tag"],
            "expected_delivery": expected_delivery,
            "return_to_sender": False,
            "checkpoints": list(checkpoints),
        },
        "ts": 1796112000,
    }


def detail(time, status, status_detail, message, *, city=None, state=None, zip=None, country=None):
    """A TrackingDetail of EasyPost's Tracker."""
    return {
        "object": "TrackingDetail",
        "message": message,
        "description": "",
        "status": status,
        "status_detail": status_detail,
        "datetime": time,
        "source": "USPS",
        "carrier_code": "",
        "tracking_location": {
            "object": "TrackingLocation",
            "city": city,
            "state": state,
            "country": country,
            "zip": zip,
        },
    }


def easypost(code, *details, carrier="USPS", est_delivery_date=None, description=None):
    """EasyPost's Event about a Tracker, as its docs' examples show them."""
    last = details[-1] if details else {"status": "unknown", "status_detail": "unknown"}
    return {
        "description": description or "tracker.updated",
        "mode": "test",
        "previous_attributes": {"status": "pre_transit"},
        "created_at": "2026-12-01T20:39:17.000Z",
        "pending_urls": ["https://hlos.example.com/tracking/webhooks/easypost"],
        "completed_urls": [],
        "updated_at": "2026-12-01T20:39:17.000Z",
        "id": f"evt_{uuid.uuid4().hex}",
        "user_id": "user_060ab38db3c04ffaa60f262e5781a9be",
        "status": "pending",
        "object": "Event",
        "result": {
            "id": "trk_3898303eff624097a516ab324bb133f3",
            "object": "Tracker",
            "mode": "test",
            "tracking_code": code,
            "status": last["status"],
            "status_detail": last["status_detail"],
            "created_at": "2026-11-30T00:07:43Z",
            "updated_at": "2026-12-01T20:39:17Z",
            "signed_by": None,
            "weight": None,
            "est_delivery_date": est_delivery_date,
            "shipment_id": None,
            "carrier": carrier,
            "tracking_details": list(details),
            "fees": [],
            "carrier_detail": None,
            "public_url": "https://track.easypost.com/djE6dHJrXzM4OTgzMDNlZmY2MjQwOTdhNTE2YWIzMjRiYjEzM2Yz",
        },
    }


# --- what a provider and a client read -----------------------------------------------------


def recorded(shipments_count: int = 1) -> dict:
    """The answer to an update about shipments we have: accepted, and recorded by a worker."""
    plural = "s" if shipments_count > 1 else ""
    return {
        "status": "accepted",
        "message": f"Accepted for {shipments_count} shipment{plural}",
        "shipments": shipments_count,
    }


def shipped(caller, company, code):
    """An onboarding the sandbox's operator coordinated with `code`: its shipment, PRE_TRANSIT."""
    movement = onboarding(company)
    assert advance(caller, movement, trackingCode=code).status_code == 200
    return movement


def shipment_of(caller, movement) -> dict:
    [shipment] = shipments(caller, f"/movement_requests/{movement.id}", movement.company.code)
    return shipment


def told(shipment: dict) -> list[tuple]:
    """Its events as a client reads them: when, status, the carrier's code and words, where."""
    return [
        (
            event["occurredAt"],
            event["status"],
            event["statusDetail"],
            event["message"],
            event["location"],
            event["source"],
        )
        for event in shipment["events"]
    ]


def place(city=None, region=None, post_code=None, country_code=None) -> dict:
    return {"city": city, "region": region, "postCode": post_code, "countryCode": country_code}


def arrival(time="2026-12-01T10:00:00Z") -> dict:
    return checkpoint(time, "InTransit", "InTransit_003", "Arrival Scan")


def arrival_detail(time="2026-12-01T10:00:00Z") -> dict:
    return detail(time, "in_transit", "arrived_at_facility", "Arrival Scan")


@dataclass(frozen=True)
class Callback:
    """A provider's callback as the tests send it: posted, signed, and an arrival scan of a
    code in its shape."""

    post: Callable
    sign: Callable[[bytes, str], str]
    header: str
    arrival: Callable[[str], dict]


AFTERSHIP_CALLBACK = Callback(
    post_aftership,
    aftership_signature,
    "aftership-hmac-sha256",
    lambda code: aftership(code, arrival()),
)
EASYPOST_CALLBACK = Callback(
    post_easypost,
    easypost_signature,
    "X-Hmac-Signature",
    # The carrier EasyPost names is the code's (a UPS code is UPS's parcel).
    lambda code: easypost(code, arrival_detail(), carrier="UPS" if code == UPS_CODE else "USPS"),
)
CALLBACKS = [
    pytest.param(AFTERSHIP_CALLBACK, id="aftership"),
    pytest.param(EASYPOST_CALLBACK, id="easypost"),
]


def changed(payload: dict, **changes) -> dict:
    """A copy of `payload` with values replaced, each at a path (`msg__checkpoints__0__tag`)."""
    payload = copy.deepcopy(payload)
    for path, value in changes.items():
        *parents, last = path.split("__")
        item = payload
        for key in parents:
            item = item[int(key)] if key.isdigit() else item[key]
        item[last] = value
    return payload


# --- mapping -------------------------------------------------------------------------------


def test_an_aftership_update_moves_the_shipment_and_shows_its_checkpoints(caller, company):
    movement = shipped(caller, company, UPS_CODE)
    label = "Shipper created a label, UPS has not received the package yet."
    update = aftership(
        UPS_CODE,
        checkpoint("2026-11-30T18:22:00-05:00", "InfoReceived", "InfoReceived_001", label),
        checkpoint(
            "2026-12-01T04:10:00-05:00",
            "InTransit",
            "InTransit_003",
            "Arrival Scan",
            city="Louisville",
            state="KY",
            zip="40213",
        ),
        expected_delivery="2026-12-03",
    )

    response = post_aftership(caller, update)

    assert (response.status_code, response.json()) == (200, recorded())
    shipment = shipment_of(caller, movement)
    assert (shipment["carrier"], shipment["status"], shipment["statusDetail"]) == (
        "UPS",
        "IN_TRANSIT",
        "InTransit_003",
    )
    assert shipment["eta"] == "2026-12-03"
    assert told(shipment) == [
        (
            "2026-11-30T23:22:00Z",
            "PRE_TRANSIT",
            "InfoReceived_001",
            label,
            place(None, None, None, "US"),
            "CARRIER",
        ),
        (
            "2026-12-01T09:10:00Z",
            "IN_TRANSIT",
            "InTransit_003",
            "Arrival Scan",
            place("Louisville", "KY", "40213", "US"),
            "CARRIER",
        ),
    ]
    # The movement request follows: the carrier's ETA, and its short shipment.
    shown = caller.get(f"/movement_requests/{movement.id}", {"companyCode": "TRK"})
    [row] = shown.json()["envelop"]
    assert row["eta"] == "2026-12-03"
    assert [(each["trackingCode"], each["status"]) for each in row["shipments"]] == [
        (UPS_CODE, "IN_TRANSIT")
    ]


def test_an_easypost_event_moves_the_shipment_and_shows_its_tracking_details(caller, company):
    movement = shipped(caller, company, USPS_CODE)
    event = easypost(
        USPS_CODE,
        detail(
            "2026-11-30T00:07:43Z", "pre_transit", "status_update", "Pre-Shipment Info Sent to USPS"
        ),
        detail(
            "2026-11-30T12:44:43Z",
            "pre_transit",
            "status_update",
            "Shipping Label Created",
            city="HOUSTON",
            state="TX",
            zip="77063",
        ),
        detail(
            "2026-12-01T09:12:00-06:00",
            "in_transit",
            "arrived_at_facility",
            "Arrived at USPS Regional Origin Facility",
            city="NORTH HOUSTON",
            state="TX",
            zip="77315",
            country="US",
        ),
        est_delivery_date="2026-12-04T00:07:43Z",
    )

    response = post_easypost(caller, event)

    assert (response.status_code, response.json()) == (200, recorded())
    shipment = shipment_of(caller, movement)
    assert (shipment["carrier"], shipment["status"], shipment["statusDetail"]) == (
        "USPS",
        "IN_TRANSIT",
        "arrived_at_facility",
    )
    assert shipment["eta"] == "2026-12-04"
    assert told(shipment) == [
        (
            "2026-11-30T00:07:43Z",
            "PRE_TRANSIT",
            "status_update",
            "Pre-Shipment Info Sent to USPS",
            None,
            "CARRIER",
        ),
        (
            "2026-11-30T12:44:43Z",
            "PRE_TRANSIT",
            "status_update",
            "Shipping Label Created",
            place("HOUSTON", "TX", "77063"),
            "CARRIER",
        ),
        (
            "2026-12-01T15:12:00Z",
            "IN_TRANSIT",
            "arrived_at_facility",
            "Arrived at USPS Regional Origin Facility",
            place("NORTH HOUSTON", "TX", "77315", "US"),
            "CARRIER",
        ),
    ]


@pytest.mark.parametrize(
    ("tag", "subtag", "status"),
    [
        ("InfoReceived", "InfoReceived_001", "PRE_TRANSIT"),
        ("Pending", "Pending_001", "PRE_TRANSIT"),
        ("InTransit", "InTransit_007", "IN_TRANSIT"),
        ("OutForDelivery", "OutForDelivery_001", "OUT_FOR_DELIVERY"),
        ("AttemptFail", "AttemptFail_001", "FAILURE"),
        ("Delivered", "Delivered_001", "DELIVERED"),
        ("AvailableForPickup", "AvailableForPickup_001", "AVAILABLE_FOR_PICKUP"),
        ("Exception", "Exception_004", "FAILURE"),
        ("Exception", "Exception_013", "FAILURE"),
        ("Exception", "Exception_010", "RETURN_TO_SENDER"),
        ("Exception", "Exception_011", "RETURN_TO_SENDER"),
        ("Exception", "Exception_020", "CANCELLED"),
        ("Expired", "Expired_001", "UNKNOWN"),
    ],
)
def test_each_aftership_tag_is_a_status_keeping_the_subtag(caller, company, tag, subtag, status):
    movement = shipped(caller, company, UPS_CODE)
    update = aftership(UPS_CODE, checkpoint("2026-12-01T10:00:00Z", tag, subtag, "Carrier words"))

    assert post_aftership(caller, update).status_code == 200

    shipment = shipment_of(caller, movement)
    assert (shipment["status"], shipment["statusDetail"]) == (status, subtag)
    assert [(event["status"], event["statusDetail"]) for event in shipment["events"]] == [
        (status, subtag)
    ]


@pytest.mark.parametrize(
    ("easypost_status", "status"),
    [
        ("pre_transit", "PRE_TRANSIT"),
        ("in_transit", "IN_TRANSIT"),
        ("out_for_delivery", "OUT_FOR_DELIVERY"),
        ("delivered", "DELIVERED"),
        ("available_for_pickup", "AVAILABLE_FOR_PICKUP"),
        ("return_to_sender", "RETURN_TO_SENDER"),
        ("failure", "FAILURE"),
        ("cancelled", "CANCELLED"),
        ("error", "FAILURE"),
        ("unknown", "UNKNOWN"),
    ],
)
def test_each_easypost_status_is_a_status_keeping_its_detail(
    caller, company, easypost_status, status
):
    movement = shipped(caller, company, USPS_CODE)
    event = easypost(
        USPS_CODE, detail("2026-12-01T10:00:00Z", easypost_status, "status_update", "Words")
    )

    assert post_easypost(caller, event).status_code == 200

    shipment = shipment_of(caller, movement)
    assert (shipment["status"], shipment["statusDetail"]) == (status, "status_update")


PAGES = {
    "UPS": "https://www.ups.com/track?tracknum=PARCEL0042",
    "FEDEX": "https://www.fedex.com/fedextrack/?trknbr=PARCEL0042",
    "DHL_EXPRESS": "https://www.dhl.com/global-en/home/tracking.html?tracking-id=PARCEL0042",
    "USPS": "https://tools.usps.com/go/TrackConfirmAction?tLabels=PARCEL0042",
    "UNKNOWN": None,
}


@pytest.mark.parametrize(
    ("callback", "carrier"),
    [
        (lambda code: aftership(code, slug="ups"), "UPS"),
        (lambda code: aftership(code, slug="fedex"), "FEDEX"),
        (lambda code: aftership(code, slug="dhl"), "DHL_EXPRESS"),
        (lambda code: aftership(code, slug="usps"), "USPS"),
        (lambda code: aftership(code, slug="royal-mail"), "UNKNOWN"),
        (lambda code: easypost(code, carrier="UPS"), "UPS"),
        (lambda code: easypost(code, carrier="FedEx"), "FEDEX"),
        (lambda code: easypost(code, carrier="DHLExpress"), "DHL_EXPRESS"),
        (lambda code: easypost(code, carrier="USPS"), "USPS"),
        (lambda code: easypost(code, carrier="CanadaPost"), "UNKNOWN"),
    ],
)
def test_the_provider_names_the_carrier_no_code_format_told(caller, company, callback, carrier):
    # No carrier issues codes of this format: the shipment opens with an UNKNOWN carrier.
    movement = shipped(caller, company, "PARCEL0042")
    assert shipment_of(caller, movement)["carrier"] == "UNKNOWN"
    payload = callback("PARCEL0042")
    post = post_aftership if "msg" in payload else post_easypost

    assert post(caller, payload).status_code == 200

    shipment = shipment_of(caller, movement)
    assert (shipment["carrier"], shipment["trackingLink"]) == (carrier, PAGES[carrier])


def test_an_aftership_payload_of_the_current_api_versions_reads_alike(caller, company):
    # Since 2024 a checkpoint names its country `country_region`, and the delivery date
    # expected is the latest estimate's.
    movement = shipped(caller, company, UPS_CODE)
    update = aftership(UPS_CODE)
    scan = checkpoint(
        "2026-12-01T10:00:00Z", "InTransit", "InTransit_007", "Departure Scan", city="Köln"
    )
    del scan["country_iso3"]
    update["msg"]["checkpoints"] = [{**scan, "country_region": "DEU"}]
    del update["msg"]["expected_delivery"]
    update["msg"]["latest_estimated_delivery"] = {
        "type": "specific",
        "source": "Carrier EDD",
        "datetime": "2026-12-06",
        "datetime_min": None,
        "datetime_max": None,
    }

    assert post_aftership(caller, update).status_code == 200

    shipment = shipment_of(caller, movement)
    assert shipment["eta"] == "2026-12-06"
    assert [event["location"] for event in shipment["events"]] == [place("Köln", None, None, "DE")]


# --- signatures ----------------------------------------------------------------------------


@pytest.mark.parametrize("callback", CALLBACKS)
@pytest.mark.parametrize(
    "signature",
    [
        pytest.param(lambda sign, body: None, id="missing"),
        pytest.param(lambda sign, body: "", id="empty"),
        pytest.param(lambda sign, body: sign(body, "another-secret"), id="another-secret"),
        pytest.param(lambda sign, body: sign(body.replace(b"Scan", b"Scans")), id="another-body"),
        pytest.param(lambda sign, body: "hmac-sha256-hex=00ff", id="garbage"),
    ],
)
def test_a_missing_or_wrong_signature_is_refused_and_records_nothing(
    caller, company, callback, signature
):
    movement = shipped(caller, company, UPS_CODE)

    # About the shipment's code, and about a code no shipment has.
    for code in (UPS_CODE, "1Z999AA10000000001"):
        body = encoded(callback.arrival(code))
        response = callback.post(caller, body=body, signature=signature(callback.sign, body))

        assert (response.status_code, response.json()) == (
            401,
            {"status": "refused", "message": f"Missing or wrong {callback.header} signature"},
        )
    shipment = shipment_of(caller, movement)
    assert (shipment["status"], shipment["events"]) == ("PRE_TRANSIT", [])
    assert not UnmatchedTracking.objects.exists()
    assert events_recorded(STATUS_CHANGED) == []


# --- replays and order ---------------------------------------------------------------------


@pytest.mark.parametrize("callback", CALLBACKS)
def test_a_callback_told_twice_is_recorded_once(caller, company, callback):
    movement = shipped(caller, company, UPS_CODE)
    payload = callback.arrival(UPS_CODE)

    first, again = callback.post(caller, payload), callback.post(caller, payload)

    assert [(first.status_code, first.json()), (again.status_code, again.json())] == [
        (200, recorded())
    ] * 2
    shipment = shipment_of(caller, movement)
    assert [(event["status"], event["message"]) for event in shipment["events"]] == [
        ("IN_TRANSIT", "Arrival Scan")
    ]
    assert events_recorded(STATUS_CHANGED) == [(company.id, shipment["id"], "IN_TRANSIT")]


def test_the_same_scan_in_a_later_callback_is_not_recorded_again(caller, company):
    # AfterShip sends the whole tracking each time: the checkpoints told before come again.
    movement = shipped(caller, company, UPS_CODE)
    out = checkpoint("2026-12-02T07:30:00Z", "OutForDelivery", "OutForDelivery_001", "Out Today")

    post_aftership(caller, aftership(UPS_CODE, arrival()))
    response = post_aftership(caller, aftership(UPS_CODE, arrival(), out))

    assert (response.status_code, response.json()) == (200, recorded())
    shipment = shipment_of(caller, movement)
    assert [event["statusDetail"] for event in shipment["events"]] == [
        "InTransit_003",
        "OutForDelivery_001",
    ]
    assert shipment["status"] == "OUT_FOR_DELIVERY"


def test_a_scan_arriving_after_a_later_one_leaves_the_status_of_the_latest(caller, company):
    movement = shipped(caller, company, UPS_CODE)
    out = checkpoint("2026-12-02T07:30:00Z", "OutForDelivery", "OutForDelivery_001", "Out Today")

    post_aftership(caller, aftership(UPS_CODE, out))
    response = post_aftership(caller, aftership(UPS_CODE, arrival("2026-12-01T21:00:00Z")))

    assert (response.status_code, response.json()) == (200, recorded())
    shipment = shipment_of(caller, movement)
    assert (shipment["status"], shipment["statusDetail"]) == (
        "OUT_FOR_DELIVERY",
        "OutForDelivery_001",
    )
    # Oldest first, whatever the order they came in.
    assert [event["statusDetail"] for event in shipment["events"]] == [
        "InTransit_003",
        "OutForDelivery_001",
    ]
    assert [status for *_, status in events_recorded(STATUS_CHANGED)] == ["OUT_FOR_DELIVERY"]


def test_delivered_stays_delivered_when_a_later_in_transit_scan_comes(caller, company):
    movement = shipped(caller, company, USPS_CODE)
    delivered = detail("2026-12-03T14:02:00Z", "delivered", "arrived_at_destination", "Delivered")

    post_easypost(caller, easypost(USPS_CODE, delivered))
    response = post_easypost(caller, easypost(USPS_CODE, arrival_detail("2026-12-03T18:40:00Z")))

    assert (response.status_code, response.json()) == (200, recorded())
    shipment = shipment_of(caller, movement)
    assert (shipment["status"], shipment["deliveredAt"]) == ("DELIVERED", "2026-12-03T14:02:00Z")
    assert [event["status"] for event in shipment["events"]] == ["DELIVERED", "IN_TRANSIT"]
    assert [status for *_, status in events_recorded(STATUS_CHANGED)] == ["DELIVERED"]


def test_return_to_sender_after_delivered_applies(caller, company):
    movement = shipped(caller, company, UPS_CODE)
    delivered = checkpoint("2026-12-03T14:02:00Z", "Delivered", "Delivered_001", "Delivered")
    returning = checkpoint(
        "2026-12-04T09:00:00Z", "Exception", "Exception_010", "Returning package to shipper"
    )

    post_aftership(caller, aftership(UPS_CODE, delivered))
    response = post_aftership(caller, aftership(UPS_CODE, delivered, returning))

    assert (response.status_code, response.json()) == (200, recorded())
    shipment = shipment_of(caller, movement)
    assert (shipment["status"], shipment["statusDetail"]) == ("RETURN_TO_SENDER", "Exception_010")
    assert [status for *_, status in events_recorded(STATUS_CHANGED)] == [
        "DELIVERED",
        "RETURN_TO_SENDER",
    ]


# --- unknown codes -------------------------------------------------------------------------


def test_an_unknown_code_is_answered_202_kept_and_recorded_on_the_shipment_opened_later(
    caller, company
):
    code = "1Z999AA10123456799"
    # Carriers print codes in groups, and some providers pass them on so.
    update = aftership("1z999aa1 0123 456 799", arrival(), expected_delivery="2026-12-05")

    first, retried = post_aftership(caller, update), post_aftership(caller, update)

    kept = {
        "status": "unmatched",
        "message": f"No shipment has tracking code {code}: kept",
        "shipments": 0,
    }
    assert [(first.status_code, first.json()), (retried.status_code, retried.json())] == [
        (202, kept)
    ] * 2
    # Kept once for the operator, whatever the provider's retries.
    assert list(
        UnmatchedTracking.objects.values_list("provider", "tracking_code", "matched_at")
    ) == [("AFTERSHIP", code, None)]

    movement = shipped(caller, company, code)

    shipment = shipment_of(caller, movement)
    assert (shipment["status"], shipment["statusDetail"], shipment["eta"]) == (
        "IN_TRANSIT",
        "InTransit_003",
        "2026-12-05",
    )
    assert [(event["message"], event["source"]) for event in shipment["events"]] == [
        ("Arrival Scan", "CARRIER")
    ]
    assert UnmatchedTracking.objects.get().matched_at is not None
    # Known now: the next callback is recorded on it.
    out = checkpoint("2026-12-02T07:30:00Z", "OutForDelivery", "OutForDelivery_001", "Out Today")
    assert post_aftership(caller, aftership(code, arrival(), out)).json() == recorded()
    assert shipment_of(caller, movement)["status"] == "OUT_FOR_DELIVERY"


def test_an_update_is_recorded_on_every_shipment_with_the_code(caller, company):
    # Carriers reuse codes, and an operator may type one on two requests.
    first, second = shipped(caller, company, UPS_CODE), shipped(caller, company, UPS_CODE)

    response = post_aftership(caller, aftership(UPS_CODE, arrival()))

    assert (response.status_code, response.json()) == (200, recorded(2))
    statuses = [shipment_of(caller, movement)["status"] for movement in (first, second)]
    assert statuses == ["IN_TRANSIT", "IN_TRANSIT"]


# --- configuration, other events and refusals ----------------------------------------------


@pytest.mark.parametrize(
    ("callback", "path", "setting"),
    [
        (AFTERSHIP_CALLBACK, AFTERSHIP, "AFTERSHIP_WEBHOOK_SECRET"),
        (EASYPOST_CALLBACK, EASYPOST, "EASYPOST_WEBHOOK_SECRET"),
    ],
)
def test_without_its_secret_the_path_is_unknown(caller, company, settings, callback, path, setting):
    movement = shipped(caller, company, UPS_CODE)
    setattr(settings, setting, None)

    response = callback.post(caller, callback.arrival(UPS_CODE), signature="anything")

    assert_refused(response, 404, f"Cannot POST {path}: no such endpoint")
    assert_refused(caller.get(path), 404, f"Cannot GET {path}: no such endpoint")
    assert shipment_of(caller, movement)["events"] == []


@pytest.mark.parametrize("path", [AFTERSHIP, EASYPOST])
def test_another_method_is_refused_in_the_providers_json(caller, path):
    response = caller.get(path, HTTP_ACCEPT="text/html")

    assert (response.status_code, response["Allow"], response["Content-Type"]) == (
        405,
        "POST",
        "application/json",
    )
    assert response.json() == {
        "status": "refused",
        "message": f"Cannot GET {path}: a callback is a POST",
    }


@pytest.mark.parametrize("path", [AFTERSHIP, EASYPOST])
def test_the_gateway_does_not_reach_the_callbacks(caller, company, path):
    # They are no operation of the interface: a client's key does not stand for a signature.
    envelope = {"verb": "POST", "request": path.lstrip("/"), "vendor": "hlos", "data": {}}

    response = caller.post("/gateway", envelope, format="json")

    assert_refused(response, 404, f"Cannot POST {path}: no such endpoint")
    assert not UnmatchedTracking.objects.exists()


@pytest.mark.parametrize(
    "payload",
    [
        changed(AFTERSHIP_CALLBACK.arrival(UPS_CODE), event="edd_revise"),
        changed(AFTERSHIP_CALLBACK.arrival(UPS_CODE), event="tracking_pending_time"),
        changed(EASYPOST_CALLBACK.arrival(UPS_CODE), description="batch.created"),
        changed(
            EASYPOST_CALLBACK.arrival(UPS_CODE),
            description="payment.created",
            result={"object": "Payment"},
        ),
    ],
)
def test_a_callback_with_no_tracking_update_is_acknowledged_and_ignored(caller, company, payload):
    movement = shipped(caller, company, UPS_CODE)
    post = post_aftership if "msg" in payload else post_easypost

    response = post(caller, payload)

    assert (response.status_code, response.json()) == (
        200,
        {"status": "ignored", "message": "No tracking update: nothing recorded"},
    )
    assert shipment_of(caller, movement)["events"] == []
    assert not UnmatchedTracking.objects.exists()


def aftership_with(**changes) -> bytes:
    return encoded(changed(AFTERSHIP_CALLBACK.arrival(UPS_CODE), **changes))


def easypost_with(**changes) -> bytes:
    return encoded(changed(EASYPOST_CALLBACK.arrival(USPS_CODE), **changes))


@pytest.mark.parametrize(
    ("post", "body", "message"),
    [
        (post_aftership, b'{"event": ', "The body is not JSON"),
        (post_aftership, b"\xff\xfe", "The body is not JSON"),
        (post_aftership, encoded([]), "body should be an object"),
        (post_aftership, encoded({"msg": {}}), "event is missing"),
        (post_aftership, aftership_with(msg=None), "msg should be an object"),
        (
            post_aftership,
            aftership_with(msg__tracking_number=None),
            "msg.tracking_number is missing",
        ),
        (
            post_aftership,
            aftership_with(msg__tracking_number=42),
            "msg.tracking_number should be a string",
        ),
        (
            post_aftership,
            aftership_with(msg__tracking_number="1Z" * 60),
            "msg.tracking_number is no tracking code",
        ),
        (post_aftership, aftership_with(msg__checkpoints={}), "msg.checkpoints should be a list"),
        (
            post_aftership,
            aftership_with(msg__checkpoints=["scan"]),
            "msg.checkpoints[0] should be an object",
        ),
        (
            post_aftership,
            aftership_with(msg__checkpoints__0__tag=None),
            "msg.checkpoints[0].tag is missing",
        ),
        (
            post_aftership,
            aftership_with(msg__checkpoints__0__checkpoint_time="yesterday"),
            "msg.checkpoints[0].checkpoint_time is not a date and time: yesterday",
        ),
        (
            post_aftership,
            aftership_with(msg__checkpoints__0__checkpoint_time=""),
            "msg.checkpoints[0].checkpoint_time is missing",
        ),
        (
            post_aftership,
            aftership_with(msg__expected_delivery="soon"),
            "msg.expected_delivery is not a date: soon",
        ),
        (post_easypost, easypost_with(result=None), "result should be an object"),
        (post_easypost, easypost_with(result__object="Shipment"), "result should be a Tracker"),
        (
            post_easypost,
            easypost_with(result__tracking_code="  "),
            "result.tracking_code is missing",
        ),
        (
            post_easypost,
            easypost_with(result__tracking_details__0__datetime="2026-13-01T00:00:00Z"),
            "result.tracking_details[0].datetime is not a date and time: 2026-13-01T00:00:00Z",
        ),
        (
            post_easypost,
            easypost_with(result__tracking_details__0__status=None),
            "result.tracking_details[0].status is missing",
        ),
        (
            post_easypost,
            easypost_with(result__tracking_details__0__tracking_location=[]),
            "result.tracking_details[0].tracking_location should be an object",
        ),
    ],
)
def test_a_signed_body_that_is_not_the_providers_callback_is_refused_400(
    caller, company, post, body, message
):
    movement = shipped(caller, company, UPS_CODE)

    response = post(caller, body=body)

    assert (response.status_code, response.json()) == (
        400,
        {"status": "refused", "message": message},
    )
    assert shipment_of(caller, movement)["events"] == []
    assert not UnmatchedTracking.objects.exists()


# --- what the company hears, and the audit trail ---------------------------------------------


def test_a_status_change_sends_the_shipment_in_a_status_changed_event(caller, company):
    movement = shipped(caller, company, UPS_CODE)

    post_aftership(caller, aftership(UPS_CODE, arrival()))

    shipment = shipment_of(caller, movement)
    [event] = Event.objects.filter(kind=STATUS_CHANGED)
    assert (event.company_id, event.payload["type"]) == (company.id, STATUS_CHANGED)
    assert event.payload["data"] == shipment
    assert shipment["record"] == {
        "type": "MOVEMENT_REQUEST",
        "id": str(movement.id),
        "number": movement.movement_request_number,
    }
    # The company's feed shows it as every other event.
    feed = caller.get("/events", {"companyCode": "TRK", "type": STATUS_CHANGED})
    assert [item["data"] for item in feed.json()["envelop"]] == [shipment]


def test_a_callbacks_writes_are_the_providers_on_the_audit_trail(caller, company):
    movement = shipped(caller, company, USPS_CODE)
    event = easypost(USPS_CODE, arrival_detail(), est_delivery_date="2026-12-04T00:00:00Z")

    post_easypost(caller, event)

    response = caller.get("/audit-events", {"companyCode": "TRK", "actorType": "SYSTEM"})
    assert response.status_code == 200
    provider = {"type": "SYSTEM", "name": "EasyPost"}
    changes = sorted(
        (change["target"]["type"], change["target"]["id"], change["action"], change["changes"])
        for change in response.json()["envelop"]
        # Recorded by a worker, as the provider's.
        if (change["actor"], change["source"]) == (provider, "WORKER")
    )
    assert changes == [
        (
            "MOVEMENT_REQUEST",
            str(movement.id),
            "UPDATED",
            {"eta": {"old": None, "new": "2026-12-04"}},
        ),
        (
            "SHIPMENT",
            shipment_of(caller, movement)["id"],
            "STATUS_CHANGED",
            {
                "status": {"old": "PRE_TRANSIT", "new": "IN_TRANSIT"},
                "statusDetail": {"old": None, "new": "arrived_at_facility"},
                "eta": {"old": None, "new": "2026-12-04"},
            },
        ),
    ]
    # Every change the callback made is the provider's.
    assert len(changes) == len(response.json()["envelop"])
