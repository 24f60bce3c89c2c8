"""How management commands report a refusal: an error line and a non-zero exit."""

from collections.abc import Iterator
from contextlib import contextmanager

from django.core.management.base import CommandError

from config.errors import ServiceError


@contextmanager
def refusals_as_command_errors() -> Iterator[None]:
    try:
        yield
    except ServiceError as error:
        message = error.message if isinstance(error.message, str) else "; ".join(error.message)
        for detail in error.details or []:
            message += f"\n  {detail['field']}: {detail['message']}"
        raise CommandError(message) from error
