"""What every status move of a record (movement request, order) shares: the refusal of a move
its graph forbids, and the eta and tracking an operator sends with it."""

from datetime import date

from django.core.exceptions import ValidationError
from django.core.validators import URLValidator
from django.db import models

from config.errors import ServiceError

WEB_ADDRESS = URLValidator(schemes=["http", "https"])


def check_move(record, to_status: str, *, label: str) -> None:
    """Refuse a move the record's status graph does not allow, naming the allowed ones."""
    if not record.can_move_to(to_status):
        allowed = ", ".join(record.allowed_moves()) or "none, it makes no more moves"
        raise ServiceError(
            f"{label} cannot move from {record.status} to {to_status} (allowed: {allowed})"
        )


def apply_shipping(
    record: models.Model,
    *,
    eta: date | None,
    tracking_code: str | None,
    tracking_link: str | None,
) -> None:
    """Set what an operator sent with a move on the (unsaved) record; what was not sent
    stays as it was."""
    check_tracking(type(record), tracking_code=tracking_code, tracking_link=tracking_link)
    sent = {"eta": eta, "tracking_code": tracking_code, "tracking_link": tracking_link}
    for field, value in sent.items():
        if value is not None:
            setattr(record, field, value)


def check_tracking(
    model: type[models.Model], *, tracking_code: str | None, tracking_link: str | None
) -> None:
    """Refuse a tracking code longer than `model`'s column, or a link that is not an http(s)
    URL that fits it, before anything is written."""
    details = []
    code_length = model._meta.get_field("tracking_code").max_length
    if tracking_code is not None and len(tracking_code) > code_length:
        details.append(
            {"field": "trackingCode", "message": f"trackingCode is over {code_length} characters"}
        )
    link_length = model._meta.get_field("tracking_link").max_length
    if tracking_link is not None and not _is_web_address(tracking_link, link_length):
        details.append(
            {
                "field": "trackingLink",
                "message": f"trackingLink must be an http(s) URL of at most {link_length} "
                "characters",
            }
        )
    if details:
        raise ServiceError("Invalid request data", details=details)


def _is_web_address(value: str, max_length: int) -> bool:
    try:
        WEB_ADDRESS(value)
    except ValidationError:
        return False
    return len(value) <= max_length
