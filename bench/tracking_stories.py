"""The callbacks of bench/tracking.py and the shipments they are about: EasyPost's
`tracker.updated` Events, signed, each telling one new tracking detail of a shipment's story,
and the onboardings (moved to COORDINATED with a tracking code each) seeded through the
services, with the limits' tables."""

import hashlib
import hmac
import itertools
import unicodedata
import uuid
from datetime import UTC, datetime, timedelta

import orjson

from bench.seed import BenchError, analyze

PATH = "/tracking/webhooks/easypost"
SECRET = "bench-easypost-webhook-secret"
# Where each limit keeps a callback (a copy of the service's `tracking_receivedupdate`):
# bench/limit_tracking_urls.py (the Django stack) and bench/limit_tracking.py (bare WSGI).
LIMIT_TABLES = {
    "django": "bench_tracking_received_django",
    "bare": "bench_tracking_received_bare",
}
# The story's places: where the parcel leaves, the facilities it passes, where it arrives.
ORIGIN = ("Reno", "NV", "89502")
FACILITIES = (
    ("Sacramento", "CA", "95813"),
    ("Salt Lake City", "UT", "84199"),
    ("Denver", "CO", "80266"),
    ("Kansas City", "MO", "64121"),
    ("Chicago", "IL", "60607"),
    ("Indianapolis", "IN", "46206"),
    ("Columbus", "OH", "43216"),
    ("Pittsburgh", "PA", "15290"),
    ("Newark", "NJ", "07102"),
)
DESTINATION = ("New York", "NY", "10001")
SENT_AT = datetime(2026, 11, 16, 8, 0, tzinfo=UTC)


def story(number: int, length: int) -> list[tuple[str, str, str, tuple, int]]:
    """Shipment `number`'s tracking details, oldest first: (EasyPost status, status detail,
    message, place, days the delivery date expected moved). Every other shipment has a failed
    attempt."""
    head = [("pre_transit", "label_created", "Shipping label created", ORIGIN, 0)]
    tail = [("out_for_delivery", "out_for_delivery", "Out for delivery", DESTINATION, 0)]
    if number % 2:
        tail += [
            (
                "failure",
                "delivery_exception",
                "Delivery attempted: no access to the delivery location",
                DESTINATION,
                1,
            ),
            ("out_for_delivery", "out_for_delivery", "Out for delivery", DESTINATION, 1),
        ]
    late = number % 2
    tail += [("delivered", "arrived_at_destination", "Delivered, front desk", DESTINATION, late)]
    middle = [("in_transit", "received_at_origin_facility", "Picked up", ORIGIN, 0)]
    for step in range(length - len(head) - len(tail) - 1):
        place = FACILITIES[(step // 2) % len(FACILITIES)]
        arrived = step % 2 == 0
        middle.append(
            (
                "in_transit",
                "arrived_at_facility" if arrived else "departed_facility",
                "Arrived at USPS regional facility" if arrived else "Departed USPS facility",
                place,
                0,
            )
        )
    return head + middle + tail


def status_changes(number: int, length: int) -> int:
    """The changes of status the story makes of a shipment opened PRE_TRANSIT."""
    statuses = ["pre_transit"] + [status for status, *_ in story(number, length)]
    return sum(1 for before, after in itertools.pairwise(statuses) if before != after)


def signed(body: bytes) -> tuple[bytes, str]:
    """The body and its `X-Hmac-Signature` as EasyPost makes it."""
    key = unicodedata.normalize("NFKD", SECRET).encode()
    return body, f"hmac-sha256-hex={hmac.digest(key, body, hashlib.sha256).hex()}"


def callback(code: str, number: int, length: int, index: int) -> tuple[bytes, str]:
    """The Event EasyPost sends when shipment `number`'s tracker (code `code`) gets its
    `index`-th tracking detail, as EasyPost's Event and Tracker objects are shaped; the
    Tracker carries that one detail, signed."""
    details = story(number, length)
    status, status_detail, message, (city, state, post_code), late = details[index]
    before = details[index - 1][0] if index else "pre_transit"
    began = SENT_AT + timedelta(minutes=number)
    occurred_at = began + timedelta(hours=4 * index)
    stamp = occurred_at.strftime("%Y-%m-%dT%H:%M:%SZ")
    received = (occurred_at + timedelta(minutes=3)).strftime("%Y-%m-%dT%H:%M:%SZ")
    expected = (began + timedelta(days=4 + late)).strftime("%Y-%m-%dT00:00:00Z")
    tracker_id = f"trk_{uuid.uuid5(uuid.NAMESPACE_OID, code).hex}"
    detail = {
        "object": "TrackingDetail",
        "message": message,
        "description": "",
        "status": status,
        "status_detail": status_detail,
        "datetime": stamp,
        "source": "USPS",
        "carrier_code": "",
        "tracking_location": {
            "object": "TrackingLocation",
            "city": city,
            "state": state,
            "country": "US",
            "zip": post_code,
        },
    }
    tracker = {
        "id": tracker_id,
        "object": "Tracker",
        "mode": "production",
        "tracking_code": code,
        "status": status,
        "status_detail": status_detail,
        "created_at": began.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "updated_at": received,
        "signed_by": "FRONT DESK" if status == "delivered" else None,
        "weight": 24.0,
        "est_delivery_date": expected,
        "shipment_id": None,
        "carrier": "USPS",
        "tracking_details": [detail],
        "fees": [],
        "carrier_detail": {
            "object": "CarrierDetail",
            "service": "Priority Mail",
            "container_type": None,
            "est_delivery_date_local": None,
            "est_delivery_time_local": None,
            "origin_location": f"{ORIGIN[0].upper()} {ORIGIN[1]}, {ORIGIN[2]}",
            "destination_location": f"{DESTINATION[0].upper()} {DESTINATION[1]}, 10001",
        },
        "finalized": status == "delivered",
        "is_return": False,
        "public_url": f"https://track.easypost.com/{tracker_id}",
    }
    event = {
        "id": f"evt_{uuid.uuid4().hex}",
        "object": "Event",
        "mode": "production",
        "description": "tracker.updated",
        "previous_attributes": {"status": before} if before != status else {},
        "created_at": received,
        "updated_at": received,
        "pending_urls": ["https://hlos.example.com/tracking/webhooks/easypost"],
        "completed_urls": [],
        "user_id": "user_bench",
        "status": "pending",
        "result": tracker,
    }
    return signed(orjson.dumps(event))


def codes_of(prefix: str, count: int) -> list[str]:
    return [f"{prefix}{number:06d}" for number in range(1, count + 1)]


def round_bodies(codes: list[str], length: int, first: int, count: int) -> list:
    """The callbacks of details [first, first + count) of every shipment, shipment after
    shipment (a shipment's next detail comes after every other shipment's)."""
    return [
        callback(code, number, length, index)
        for index in range(first, first + count)
        for number, code in enumerate(codes)
    ]


# --- the data ------------------------------------------------------------------------------


def seed_shipments(base: dict, groups: dict[str, list[str]]) -> None:
    """An onboarding of one storage item for each code, moved to COORDINATED with it (and the
    delivery date its first callback expects), through the services; then the limits' tables."""
    from django.db import connection

    from config.kernel.actors import Actor
    from config.kernel.shipping import Shipping
    from hardware.models import Hardware
    from logistics.choices import MovementStatus
    from logistics.models import MovementRequest
    from logistics.services.moves import movement_request_move
    from logistics.services.onboarding import movement_onboarding_create
    from tracking.models import ReceivedUpdate, Shipment, ShipmentEvent

    actor = Actor.command("bench")
    codes = [code for group in groups.values() for code in group]
    items = Hardware.objects.filter(status="STORAGE", in_movement=False, country_code="US")
    item_ids = list(items.order_by("pk").values_list("id", flat=True)[: len(codes)])
    if len(item_ids) < len(codes):
        raise BenchError(f"only {len(item_ids)} items in storage: seed more")
    employees = base["employees"]
    for group in groups.values():
        for number, code in enumerate(group):
            movement = movement_onboarding_create(
                company=base["company"],
                actor=actor,
                hardware_ids=[item_ids.pop()],
                employee_email=employees[number % len(employees)].email,
            )
            began = SENT_AT + timedelta(minutes=number)
            movement_request_move(
                movement_request_id=movement.pk,
                to_status=MovementStatus.COORDINATED,
                actor=actor,
                shipping=Shipping(tracking_code=code, eta=(began + timedelta(days=4)).date()),
            )
    with connection.cursor() as cursor:
        for table in LIMIT_TABLES.values():
            # The limits' rows: as the service's kept updates, apart from them.
            cursor.execute(
                f"CREATE TABLE {table} (LIKE {ReceivedUpdate._meta.db_table} INCLUDING ALL)"
            )
    analyze(Hardware, MovementRequest, Shipment, ShipmentEvent)
