"""The response and error envelopes, applied once for every API answer.

Success: `{"statusCode": 200, "message": "Request successful", "envelop": <data>}`.
Error: `{"statusCode": 400, "error": "Bad Request", "message": "...", "details": [...]}`,
with `details` on validation failures (and on a body that is no JSON: why, and at which line
and column) and `envelop: []` where the interface shows it.
"""

import logging
import math
from decimal import Decimal
from http import HTTPStatus

import orjson
from django.conf import settings
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig, SuspiciousOperation
from django.http import Http404
from django.utils.functional import Promise
from rest_framework import exceptions, status
from rest_framework.renderers import BaseRenderer
from rest_framework.response import Response
from rest_framework.settings import api_settings

from config.api.parsers import InvalidJSON
from config.api.throttling import failed_authentication_counted
from config.kernel.errors import FieldError, ServiceError
from config.ops.outages import DATABASE, database_unavailable, outage_recorded

logger = logging.getLogger(__name__)

SUCCESS_MESSAGE = "Request successful"
VALIDATION_MESSAGE = "Invalid request data"
INVALID_JSON_MESSAGE = "Invalid JSON body"
UNAUTHORIZED_MESSAGE = "Unauthorized access"
SERVER_ERROR_MESSAGE = "Internal server error"
TOO_LARGE_MESSAGE = "Request body too large"
DATABASE_UNAVAILABLE_MESSAGE = (
    "The service cannot reach its database right now. Retry after the seconds in Retry-After; "
    "a write retried with the same Idempotency-Key is never applied twice"
)


def success_envelope(data, status_code: int) -> dict:
    return {"statusCode": status_code, "message": SUCCESS_MESSAGE, "envelop": data}


def error_envelope(
    status_code: int,
    message,
    details: list[FieldError] | None = None,
    *,
    with_envelop: bool = False,
) -> dict:
    body = {"statusCode": status_code, "error": HTTPStatus(status_code).phrase, "message": message}
    if details is not None:
        body["details"] = details
    if with_envelop:
        body["envelop"] = []
    return body


# What every answer is.
JSON = "application/json"


class EnvelopeRenderer(BaseRenderer):
    """Wraps successful answers (error answers arrive enveloped by the handler) and writes
    them with orjson, several times faster than the standard library on long lists."""

    media_type = JSON
    format = "json"
    charset = None  # JSON is UTF-8 by definition

    def render(self, data, accepted_media_type=None, renderer_context=None):
        response = (renderer_context or {}).get("response")
        if response is not None and response.status_code < 400:
            data = success_envelope(data, response.status_code)
        return json_bytes(data)


def json_bytes(data) -> bytes:
    """`data` as every answer writes it (config.api.streaming writes lists in chunks so)."""
    # Datetimes not already made strings by a serializer come out like DRF writes them.
    return orjson.dumps(data, default=_encode_other, option=orjson.OPT_UTC_Z)


def _encode_other(value):
    # Lazy translations (DRF's messages) and decimals, the values orjson leaves to us.
    if isinstance(value, Promise | Decimal):
        return str(value)
    raise TypeError(f"{type(value).__name__} is not JSON serializable")


def exception_handler(exc: Exception, context: dict) -> Response:
    """DRF's exception handler: every exception becomes an error envelope, never HTML."""
    headers = {}
    details = None
    if isinstance(exc, exceptions.NotAuthenticated | exceptions.AuthenticationFailed):
        # Each failed authentication counts against its source address's budget; beyond it, 429.
        exc = failed_authentication_counted(context["request"], context.get("view")) or exc
    if isinstance(exc, ServiceError):
        status_code, message, details = exc.status_code, exc.message, exc.details
    elif isinstance(exc, exceptions.ValidationError):
        status_code, message = status.HTTP_400_BAD_REQUEST, VALIDATION_MESSAGE
        details = flatten_validation_errors(exc.detail)
    elif isinstance(exc, exceptions.ParseError):
        # The interface's message; why and where (line and column) in `details`.
        status_code, message = status.HTTP_400_BAD_REQUEST, INVALID_JSON_MESSAGE
        details = exc.details if isinstance(exc, InvalidJSON) else None
    elif isinstance(exc, exceptions.NotAuthenticated | exceptions.AuthenticationFailed):
        status_code, message = status.HTTP_401_UNAUTHORIZED, UNAUTHORIZED_MESSAGE
        authenticate_header = context["view"].get_authenticate_header(context["request"])
        if authenticate_header:
            headers["WWW-Authenticate"] = authenticate_header
    elif isinstance(exc, Http404):
        status_code, message = status.HTTP_404_NOT_FOUND, str(exc) or "Not found"
    elif isinstance(exc, RequestDataTooBig):
        # Django's message names the setting; a client needs to know only what to change.
        status_code, message = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE, TOO_LARGE_MESSAGE
    elif isinstance(exc, SuspiciousOperation):
        # e.g. more query parameters than Django reads (TooManyFieldsSent)
        status_code, message = status.HTTP_400_BAD_REQUEST, str(exc) or "Bad request"
    elif isinstance(exc, DjangoPermissionDenied):
        status_code, message = status.HTTP_403_FORBIDDEN, str(exc) or "Forbidden"
    elif isinstance(exc, exceptions.APIException):
        status_code, message = exc.status_code, str(exc.detail)
        if isinstance(exc, exceptions.Throttled) and exc.wait is not None:
            headers["Retry-After"] = str(math.ceil(exc.wait))
    elif database_unavailable(exc):
        status_code, message, headers = database_unavailable_answer(exc)
    else:
        logger.exception("Unhandled error in %s", context.get("view"), exc_info=exc)
        status_code, message = status.HTTP_500_INTERNAL_SERVER_ERROR, SERVER_ERROR_MESSAGE

    # Nothing to roll back here: every write is one service call in its own transaction,
    # which the exception has already undone.
    view = context.get("view")
    body = error_envelope(
        status_code,
        message,
        details,
        with_envelop=getattr(view, "errors_carry_envelop", False),
    )
    return Response(body, status=status_code, headers=headers)


def database_unavailable_answer(error: BaseException) -> tuple[int, str, dict[str, str]]:
    """503 with Retry-After for a request the database's outage failed, counted and logged once
    an interval (config.ops.outages), never as a traceback per request."""
    outage_recorded(DATABASE, error)
    headers = {"Retry-After": str(settings.OUTAGE_RETRY_AFTER_SECONDS)}
    return status.HTTP_503_SERVICE_UNAVAILABLE, DATABASE_UNAVAILABLE_MESSAGE, headers


def flatten_validation_errors(detail, path: str = "") -> list[FieldError]:
    """DRF's nested error structure as a flat list of `{field, message}` with camelCase paths
    such as `hardwares[0].brand`. Errors not tied to a field carry the path of their object,
    or `data` at the top level (the request's `data`)."""
    if isinstance(detail, dict):
        errors = []
        for key, value in detail.items():
            if key == api_settings.NON_FIELD_ERRORS_KEY:
                errors += flatten_validation_errors(value, path)
            elif isinstance(key, int):
                errors += flatten_validation_errors(value, f"{path}[{key}]")
            else:
                errors += flatten_validation_errors(value, f"{path}.{key}" if path else key)
        return errors
    if isinstance(detail, list):
        if all(isinstance(item, str) for item in detail):
            return [{"field": path or "data", "message": str(item)} for item in detail]
        errors = []
        for index, item in enumerate(detail):
            errors += flatten_validation_errors(item, f"{path}[{index}]")
        return errors
    return [{"field": path or "data", "message": str(detail)}]
