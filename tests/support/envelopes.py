"""The two envelopes every API answer comes in, built here once so a test states only its data.

Written from the interface, not imported from config.api.envelope: a test that borrowed the
code it checks could not notice that code going wrong. tests/config/test_envelope.py spells
both shapes out literally, which keeps these builders honest.
"""

from datetime import datetime
from http import HTTPStatus


def success(envelop, status_code: int = 200) -> dict:
    """A successful answer: the data under `envelop` (sic, as the interface spells it)."""
    return {"statusCode": status_code, "message": "Request successful", "envelop": envelop}


def error(
    status_code: int,
    message,
    details: list[dict] | None = None,
    *,
    with_empty_envelop: bool = False,
) -> dict:
    """A refusal: the status, its standard name and the message; `details` (one
    `{field, message}` per problem) only on refusals that have them, and `envelop: []` only on
    the routes whose interface shows it on errors."""
    body = {"statusCode": status_code, "error": HTTPStatus(status_code).phrase, "message": message}
    if details is not None:
        body["details"] = details
    if with_empty_envelop:
        body["envelop"] = []
    return body


def url(stored: str) -> str:
    """A stored image (a path, or a URL) as the API answers it to the test client, whose host
    is `testserver`: a path is made absolute on that host, a URL is kept."""
    return stored if "://" in stored else f"http://testserver{stored}"


def iso(moment: datetime) -> str:
    """A stored time as the API writes it: ISO 8601 in UTC with a Z, to the microsecond."""
    return moment.isoformat().replace("+00:00", "Z")
