"""Identifier path parameters: UUIDs, or the interface's 400 `Invalid ... ID format`."""

from uuid import UUID

from config.kernel.errors import ServiceError


def uuid_or_400(value: str, message: str) -> UUID:
    """`value` as a UUID; anything else is refused with `message`
    (e.g. `Invalid hardware ID format`)."""
    try:
        return UUID(value)
    except ValueError:
        raise ServiceError(message) from None
