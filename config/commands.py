"""How management commands report a refusal (an error line and a non-zero exit) and read the
record an operator names."""

from collections.abc import Iterator
from contextlib import contextmanager
from uuid import UUID

from django.core.management.base import CommandError

from config.api.identifiers import uuid_or_400
from config.errors import NotFound, ServiceError
from config.numbering import number_written
from config.workflow import StatusModel


@contextmanager
def refusals_as_command_errors() -> Iterator[None]:
    try:
        yield
    except ServiceError as error:
        message = error.message if isinstance(error.message, str) else "; ".join(error.message)
        for detail in error.details or []:
            message += f"\n  {detail['field']}: {detail['message']}"
        raise CommandError(message) from error


def record_id(model: type[StatusModel], reference: str, *, invalid_message: str) -> UUID:
    """The id of the `model` record an operator names by its number (`1042`, as a client
    quotes it on the phone) or by its id. An unknown number is not found, naming it; anything
    else must be a UUID (refused with `invalid_message`)."""
    reference = reference.strip()
    # 32 digits are a UUID written without dashes, not a number.
    number = number_written(reference)
    if number is not None:
        found = model.objects.filter(**{model.number_field: number})
        found = found.values_list("pk", flat=True).first()
        if found is None:
            raise NotFound(f"{model._meta.verbose_name.capitalize()} {reference} not found")
        return found
    return uuid_or_400(reference, invalid_message)
