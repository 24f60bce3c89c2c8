"""How the admin reports a refusal: an error message on the next page, nothing changed."""

from collections.abc import Iterator
from contextlib import contextmanager

from django.contrib import messages
from django.http import HttpRequest

from config.errors import ServiceError


@contextmanager
def refusals_as_messages(request: HttpRequest) -> Iterator[None]:
    """The service's refusal becomes an error message. Its transaction has rolled back, so the
    code after the refused call in the block is skipped and nothing of it is saved."""
    try:
        yield
    except ServiceError as error:
        message = error.message if isinstance(error.message, str) else "; ".join(error.message)
        details = "; ".join(f"{d['field']}: {d['message']}" for d in error.details or [])
        messages.error(request, f"{message} ({details})" if details else message)
