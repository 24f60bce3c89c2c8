"""What an operator sends with a move: a tracking code and link that fit the record."""

from django.core.exceptions import ValidationError
from django.core.validators import URLValidator
from django.db import models

from config.errors import ServiceError

WEB_ADDRESS = URLValidator(schemes=["http", "https"])


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
