"""The one exception type for refusals, raised by services and turned into answers elsewhere.

The API's exception handler makes it the error envelope, the admin a message, a management
command an error line and a non-zero exit. Nobody builds an error envelope by hand.
"""

from collections.abc import Sequence
from typing import NotRequired, TypedDict


class FieldError(TypedDict):
    field: str
    message: str
    # Where a body stops being JSON (config.api.parsers): from 1, the column in characters.
    line: NotRequired[int]
    column: NotRequired[int]


class ServiceError(Exception):
    """A request the rules refuse. `message` may be a list where the interface shows one."""

    status_code = 400

    def __init__(
        self,
        message: str | Sequence[str],
        *,
        details: Sequence[FieldError] | None = None,
        status_code: int | None = None,
    ):
        super().__init__(message)
        self.message = message
        self.details = list(details) if details is not None else None
        if status_code is not None:
            self.status_code = status_code

    @classmethod
    def invalid_field(cls, field: str, message: str) -> "ServiceError":
        """A validation failure found by a service, shaped like a serializer's."""
        return cls.invalid_fields([{"field": field, "message": message}])

    @classmethod
    def invalid_fields(cls, details: Sequence[FieldError]) -> "ServiceError":
        """Several, each with its field, as a serializer lists them."""
        return cls("Invalid request data", details=details)


class Forbidden(ServiceError):
    status_code = 403


class NotFound(ServiceError):
    status_code = 404


class Conflict(ServiceError):
    status_code = 409
