"""How management commands report a refusal (an error line and a non-zero exit), and read the
record and the move an operator names."""

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from uuid import UUID

from django.core.management.base import BaseCommand, CommandError
from django.db.models import TextChoices

from config.kernel.actors import Actor
from config.kernel.audit import ActorType, Source, change_context, reason_valid
from config.kernel.errors import NotFound, ServiceError
from config.kernel.identifiers import uuid_or_400
from config.kernel.numbering import number_written
from config.kernel.shipping import NO_SHIPPING, Shipping
from config.kernel.workflow import StatusModel

# The rule X-Change-Reason follows, as a command's option says it.
INVALID_REASON_OPTION = "Invalid --reason: 1 to 500 characters, no control characters"


class WritingCommand(BaseCommand):
    """A command that changes records: they are on the audit trail as the command's, by its name,
    with the reason given by `--reason` (config.kernel.audit)."""

    def create_parser(self, prog_name, subcommand, **kwargs):
        parser = super().create_parser(prog_name, subcommand, **kwargs)
        parser.add_argument(
            "--reason",
            help="Why the change is made (1 to 500 characters), kept on the audit trail.",
        )
        return parser

    def execute(self, *args, **options):
        reason = options.get("reason")
        if reason is not None:
            try:
                reason_valid(reason)
            except ServiceError:
                raise CommandError(INVALID_REASON_OPTION) from None
        name = self.__module__.rsplit(".", 1)[-1]
        context = {"actorType": ActorType.COMMAND.value, "actorName": name, "reason": reason}
        with change_context(Source.COMMAND, **context):
            return super().execute(*args, **options)


@contextmanager
def refusals_as_command_errors() -> Iterator[None]:
    try:
        yield
    except ServiceError as error:
        raise CommandError(refusal_text(error)) from error


def refusal_text(error: ServiceError) -> str:
    """A refusal as an operator reads it: its message, then each field's on a line of its own."""
    message = error.message if isinstance(error.message, str) else "; ".join(error.message)
    for detail in error.details or []:
        message += f"\n  {detail['field']}: {detail['message']}"
    return message


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


@dataclass(frozen=True)
class Move:
    """An operator's move, as typed to the `transition` command (CONTRACT.md, Operator moves):
    record `record_id` to `status`, with what comes with it. Each flow makes it through its
    service (orders.transitions, logistics.transitions)."""

    record_id: str
    status: str
    actor: Actor
    shipping: Shipping = NO_SHIPPING

    def status_in(self, statuses: type[TextChoices]) -> TextChoices:
        """The status as typed (any case, spaces around), as one of `statuses`; an unknown one
        is refused naming them."""
        try:
            return statuses(self.status.strip().upper())
        except ValueError:
            expected = ", ".join(statuses.values)
            raise ServiceError(
                f"Unknown status {self.status}: expected one of {expected}"
            ) from None
