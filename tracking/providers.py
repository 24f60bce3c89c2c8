"""The tracking providers whose callbacks bring the carriers' news (AfterShip, EasyPost): how
each signs its callback (checked over the raw body, before it is read), and how its payload
reads as a TrackingUpdate (tracking.updates), the one shape tracking.services records.

Each checkpoint (AfterShip) or tracking detail (EasyPost) is one event, its status mapped onto
ours and the provider's own code and words kept (`status_detail`, `message`), with the carrier,
the delivery date expected and the provider's id of the callback. A callback about something
else (AfterShip's `edd_revise`, EasyPost's `batch.created`) reads as None: nothing to record.
A body that is not the provider's shape, or an event whose time cannot be read, is refused.
"""

import base64
import hashlib
import hmac
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime

import orjson
import pycountry
from django.conf import settings

from config.kernel.countries import is_country_code
from tracking.carriers import tracking_code_clean
from tracking.choices import Carrier, Provider, ShipmentStatus
from tracking.models import Shipment, ShipmentEvent, UnmatchedTracking
from tracking.updates import TrackingEvent, TrackingUpdate


class PayloadRefused(ValueError):
    """A signed body that is not the provider's callback: refused (400), nothing recorded."""


# --- AfterShip -----------------------------------------------------------------------------

# AfterShip's delivery statuses (`tag`), as ours.
AFTERSHIP_TAGS = {
    "Pending": ShipmentStatus.PRE_TRANSIT,
    "InfoReceived": ShipmentStatus.PRE_TRANSIT,
    "InTransit": ShipmentStatus.IN_TRANSIT,
    "OutForDelivery": ShipmentStatus.OUT_FOR_DELIVERY,
    "AttemptFail": ShipmentStatus.FAILURE,
    "Delivered": ShipmentStatus.DELIVERED,
    "AvailableForPickup": ShipmentStatus.AVAILABLE_FOR_PICKUP,
    "Exception": ShipmentStatus.FAILURE,
    "Expired": ShipmentStatus.UNKNOWN,
}
# The Exception sub-statuses (`subtag`) that are no failure to deliver: the parcel going back
# or come back to its sender, or the shipment cancelled (AfterShip's "Delivery Sub-statuses").
AFTERSHIP_EXCEPTIONS = {
    "Exception_010": ShipmentStatus.RETURN_TO_SENDER,  # Returning to sender
    "Exception_011": ShipmentStatus.RETURN_TO_SENDER,  # Returned to sender
    "Exception_020": ShipmentStatus.CANCELLED,  # Shipment cancelled
}
# AfterShip's courier slugs of the carriers we know.
AFTERSHIP_SLUGS = {
    "ups": Carrier.UPS,
    "fedex": Carrier.FEDEX,
    "dhl": Carrier.DHL_EXPRESS,
    "usps": Carrier.USPS,
}


def aftership_signature(secret: str, body: bytes) -> str:
    return base64.b64encode(hmac.digest(secret.encode(), body, hashlib.sha256)).decode()


def aftership_update(body: object) -> TrackingUpdate | None:
    """`{"event": "tracking_update", "event_id", "msg": {tracking_number, slug,
    expected_delivery, checkpoints: [...]}, "ts"}`; another `event` is None. The API versions
    since 2024 name a checkpoint's country `country_region` (before: `country_iso3`) and give
    the delivery date expected as `latest_estimated_delivery` (before: `expected_delivery`)."""
    body = _Part(body)
    if body.text("event", required=True) != "tracking_update":
        return None
    tracking = body.part("msg")
    estimate = tracking.part("latest_estimated_delivery", required=False)
    return TrackingUpdate(
        tracking_code=tracking.tracking_code("tracking_number"),
        carrier=AFTERSHIP_SLUGS.get((tracking.text("slug") or "").lower(), Carrier.UNKNOWN),
        eta=tracking.day("expected_delivery") or estimate.day("datetime"),
        provider_event_id=body.event_id("event_id"),
        events=tuple(_aftership_event(each) for each in tracking.parts("checkpoints")),
    )


def _aftership_event(checkpoint: "_Part") -> TrackingEvent:
    tag, subtag = checkpoint.text("tag", required=True), checkpoint.text("subtag")
    if tag == "Exception" and subtag in AFTERSHIP_EXCEPTIONS:
        status = AFTERSHIP_EXCEPTIONS[subtag]
    else:
        status = AFTERSHIP_TAGS.get(tag, ShipmentStatus.UNKNOWN)
    return _event(
        checkpoint.moment("checkpoint_time"),
        status,
        country=checkpoint.text("country_region") or checkpoint.text("country_iso3"),
        status_detail=subtag,
        message=checkpoint.text("message") or checkpoint.text("subtag_message"),
        city=checkpoint.text("city"),
        region=checkpoint.text("state"),
        post_code=checkpoint.text("zip") or checkpoint.text("postal_code"),
    )


# --- EasyPost ------------------------------------------------------------------------------

# The Events about a Tracker; EasyPost's others (batches, payments...) are no tracking news.
EASYPOST_TRACKER_EVENTS = ("tracker.created", "tracker.updated")
# EasyPost's Tracker statuses are ours in lower case, and `error` (the carrier could not be
# asked) a failure to track.
EASYPOST_STATUSES = {
    **{status.lower(): ShipmentStatus(status) for status in ShipmentStatus},
    "error": ShipmentStatus.FAILURE,
}
# EasyPost's carrier names (`carrier`) of the carriers we know, in lower case.
EASYPOST_CARRIERS = {
    "ups": Carrier.UPS,
    "fedex": Carrier.FEDEX,
    "dhlexpress": Carrier.DHL_EXPRESS,
    "usps": Carrier.USPS,
}


def easypost_signature(secret: str, body: bytes) -> str:
    key = unicodedata.normalize("NFKD", secret).encode()
    return f"hmac-sha256-hex={hmac.digest(key, body, hashlib.sha256).hex()}"


def easypost_update(body: object) -> TrackingUpdate | None:
    """An Event, `{"id": "evt_…", "object": "Event", "description": "tracker.updated",
    "result": {"object": "Tracker", tracking_code, carrier, est_delivery_date,
    tracking_details: [...]}}`; an Event about anything but a Tracker is None."""
    body = _Part(body)
    if body.text("description", required=True) not in EASYPOST_TRACKER_EVENTS:
        return None
    tracker = body.part("result")
    if tracker.value.get("object") != "Tracker":
        raise PayloadRefused("result should be a Tracker")
    return TrackingUpdate(
        tracking_code=tracker.tracking_code("tracking_code"),
        carrier=EASYPOST_CARRIERS.get((tracker.text("carrier") or "").lower(), Carrier.UNKNOWN),
        eta=tracker.day("est_delivery_date"),
        provider_event_id=body.event_id("id"),
        events=tuple(_easypost_event(each) for each in tracker.parts("tracking_details")),
    )


def _easypost_event(detail: "_Part") -> TrackingEvent:
    status = detail.text("status", required=True).lower()
    location = detail.part("tracking_location", required=False)
    return _event(
        detail.moment("datetime"),
        EASYPOST_STATUSES.get(status, ShipmentStatus.UNKNOWN),
        country=location.text("country"),
        status_detail=detail.text("status_detail"),
        message=detail.text("message") or detail.text("description"),
        city=location.text("city"),
        region=location.text("state"),
        post_code=location.text("zip"),
    )


# --- the providers -------------------------------------------------------------------------


@dataclass(frozen=True)
class TrackingProvider:
    """A provider's callback: the header its signature comes in, how it signs a body, and how
    its payload reads. Its secret is the setting <PROVIDER>_WEBHOOK_SECRET."""

    provider: Provider
    signature_header: str
    sign: Callable[[str, bytes], str]
    read: Callable[[object], TrackingUpdate | None]

    @property
    def name(self) -> str:
        return self.provider.label

    def secret(self) -> str | None:
        """Its secret (AFTERSHIP_WEBHOOK_SECRET, EASYPOST_WEBHOOK_SECRET), or None when it is
        not set: then the service takes no callback of it."""
        return getattr(settings, f"{self.provider.name}_WEBHOOK_SECRET", None) or None

    def signed(self, body: bytes, signature: str | None) -> bool:
        """Whether `signature` (the header as received) is the provider's over `body`."""
        secret = self.secret()
        if not secret or not signature:
            return False
        expected = self.sign(secret, body).encode()
        # WSGI hands header values over as latin-1 text: these are their bytes.
        return hmac.compare_digest(expected, signature.encode("latin-1", errors="replace"))

    def update_of(self, body: bytes) -> TrackingUpdate | None:
        """The update a signed body tells; None for a callback with no tracking news."""
        try:
            payload = orjson.loads(body)
        except orjson.JSONDecodeError:
            raise PayloadRefused("The body is not JSON") from None
        return self.read(payload)


AFTERSHIP = TrackingProvider(
    Provider.AFTERSHIP, "aftership-hmac-sha256", aftership_signature, aftership_update
)
EASYPOST = TrackingProvider(
    Provider.EASYPOST, "X-Hmac-Signature", easypost_signature, easypost_update
)


# --- reading a payload ---------------------------------------------------------------------

# What the columns hold: a provider's longer words are cut to them, a longer identifier refused.
TRACKING_CODE_LENGTH = Shipment._meta.get_field("tracking_code").max_length
EVENT_ID_LENGTH = UnmatchedTracking._meta.get_field("provider_event_id").max_length
LENGTHS = {field.name: field.max_length for field in ShipmentEvent._meta.concrete_fields}


class _Part:
    """An object of a payload, known by its path in it (which a refusal names)."""

    def __init__(self, value: object, path: str = ""):
        if not isinstance(value, dict):
            raise PayloadRefused(f"{path or 'body'} should be an object")
        self.value, self.path = value, path

    def _at(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def part(self, key: str, *, required: bool = True) -> "_Part":
        """The object at `key`; when not `required`, empty if missing or null."""
        value = self.value.get(key)
        return _Part({} if value is None and not required else value, self._at(key))

    def parts(self, key: str) -> list["_Part"]:
        """The objects of the list at `key` (none when missing or null)."""
        value = self.value.get(key)
        if not isinstance(value, list | None):
            raise PayloadRefused(f"{self._at(key)} should be a list")
        return [_Part(item, f"{self._at(key)}[{i}]") for i, item in enumerate(value or [])]

    def text(self, key: str, *, required: bool = False) -> str | None:
        """The text at `key`, trimmed; None when missing, null or blank (refused if `required`)."""
        value = self.value.get(key)
        if value is not None and not isinstance(value, str):
            raise PayloadRefused(f"{self._at(key)} should be a string")
        value = (value or "").strip() or None
        if value is None and required:
            raise PayloadRefused(f"{self._at(key)} is missing")
        return value

    def tracking_code(self, key: str) -> str:
        code = tracking_code_clean(self.text(key, required=True))
        if not code or len(code) > TRACKING_CODE_LENGTH:
            raise PayloadRefused(f"{self._at(key)} is no tracking code")
        return code

    def event_id(self, key: str) -> str | None:
        value = self.text(key)
        if value is not None and len(value) > EVENT_ID_LENGTH:
            raise PayloadRefused(f"{self._at(key)} is longer than {EVENT_ID_LENGTH} characters")
        return value

    def moment(self, key: str) -> datetime:
        """A time as the providers write it (ISO 8601). AfterShip writes a checkpoint's local
        time without its offset when the carrier gives none: such a time is read as UTC."""
        text = self.text(key, required=True)
        try:
            moment = datetime.fromisoformat(text)
        except ValueError:
            raise PayloadRefused(f"{self._at(key)} is not a date and time: {text}") from None
        return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)

    def day(self, key: str) -> date | None:
        """The date a date, or a date and time, is written on (the delivery dates expected)."""
        text = self.text(key)
        try:
            return datetime.fromisoformat(text).date() if text else None
        except ValueError:
            raise PayloadRefused(f"{self._at(key)} is not a date: {text}") from None


def _event(
    occurred_at: datetime, status: ShipmentStatus, country: str | None, **words: str | None
) -> TrackingEvent:
    """An event, the provider's words cut to what their columns hold."""
    cut = {name: text[: LENGTHS[name]] if text else None for name, text in words.items()}
    cut["message"] = cut["message"] or ""
    return TrackingEvent(occurred_at, status, country_code=_country(country), **cut)


def _country(code: str | None) -> str | None:
    """ISO 3166-1 alpha-2 of an alpha-2 (EasyPost) or alpha-3 (AfterShip) code; None for a
    code that is neither (a country's name, a typo): the rest of the location stands."""
    code = (code or "").upper()
    if len(code) == 3:
        country = pycountry.countries.get(alpha_3=code)
        return country.alpha_2 if country else None
    return code if is_country_code(code) else None
