"""What a carrier (through a tracking provider), an operator or the sandbox tells about a
parcel, in one shape whatever its source: the services record it (tracking.services)."""

import hashlib
from dataclasses import asdict, dataclass
from datetime import date, datetime

from tracking.choices import Carrier, ShipmentStatus


@dataclass(frozen=True)
class TrackingEvent:
    """One scan or note: when it happened, the status it means, the carrier's own code
    (`status_detail`) and words (`message`), and where."""

    occurred_at: datetime
    status: ShipmentStatus
    status_detail: str | None = None
    message: str = ""
    city: str | None = None
    region: str | None = None
    post_code: str | None = None
    country_code: str | None = None

    def fingerprint(self) -> str:
        """The same time, status and message is the same event, told again."""
        told = f"{self.occurred_at.isoformat()}|{self.status}|{self.message}"
        return hashlib.sha256(told.encode()).hexdigest()

    def as_json(self) -> dict:
        return {**asdict(self), "occurred_at": self.occurred_at.isoformat()}

    @classmethod
    def from_json(cls, value: dict) -> "TrackingEvent":
        return cls(**{**value, "occurred_at": datetime.fromisoformat(value["occurred_at"])})


@dataclass(frozen=True)
class TrackingUpdate:
    """What is known of one tracking code now: its carrier (when the source names it), the
    delivery date expected, and events (any of them told before)."""

    tracking_code: str
    events: tuple[TrackingEvent, ...] = ()
    carrier: Carrier = Carrier.UNKNOWN
    eta: date | None = None
    # The provider's id of the callback, when it has one.
    provider_event_id: str | None = None

    def as_json(self) -> dict:
        return {
            "tracking_code": self.tracking_code,
            "carrier": self.carrier,
            "eta": self.eta.isoformat() if self.eta else None,
            "provider_event_id": self.provider_event_id,
            "events": [event.as_json() for event in self.events],
        }

    @classmethod
    def from_json(cls, value: dict) -> "TrackingUpdate":
        return cls(
            tracking_code=value["tracking_code"],
            carrier=Carrier(value["carrier"]),
            eta=date.fromisoformat(value["eta"]) if value["eta"] else None,
            provider_event_id=value["provider_event_id"],
            events=tuple(TrackingEvent.from_json(event) for event in value["events"]),
        )
