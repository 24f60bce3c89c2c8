"""What an operator may send with a move (config.kernel.workflow): an ETA and the tracking."""

from dataclasses import dataclass
from datetime import date

from django.db import models

from config.kernel.errors import ServiceError
from config.kernel.links import is_http_url


@dataclass(frozen=True)
class Shipping:
    """What an operator may send with a move; what is not sent stays as it was."""

    eta: date | None = None
    tracking_code: str | None = None
    tracking_link: str | None = None

    def check(self, model: type[models.Model]) -> None:
        """Refuse a tracking code longer than `model`'s column, or a link that is not an
        http(s) URL that fits it, before anything is written. Nothing sent, nothing to check (a
        record that travels in no parcel, a hardware item's lifecycle, has no such columns)."""
        if self == NO_SHIPPING:
            return
        details = []
        code_length = model._meta.get_field("tracking_code").max_length
        if self.tracking_code is not None and len(self.tracking_code) > code_length:
            details.append(
                {
                    "field": "trackingCode",
                    "message": f"trackingCode is over {code_length} characters",
                }
            )
        link_length = model._meta.get_field("tracking_link").max_length
        if self.tracking_link is not None and not _is_web_address(self.tracking_link, link_length):
            details.append(
                {
                    "field": "trackingLink",
                    "message": f"trackingLink must be an http(s) URL of at most {link_length} "
                    "characters",
                }
            )
        if details:
            raise ServiceError("Invalid request data", details=details)

    def apply(self, record: models.Model) -> None:
        if self == NO_SHIPPING:
            return
        for field in ("eta", "tracking_code", "tracking_link"):
            value = getattr(self, field)
            if value is not None:
                setattr(record, field, value)


NO_SHIPPING = Shipping()


def _is_web_address(value: str, max_length: int) -> bool:
    # The one rule for an http(s) URL, the webhookUrl's (and its schema's).
    return is_http_url(value) and len(value) <= max_length
