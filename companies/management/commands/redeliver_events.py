import sys
from datetime import datetime

from django.core.management.base import CommandError
from django.utils import timezone
from tqdm import tqdm

from companies import selectors, webhooks
from companies.models import Company, Event, EventState
from config.kernel.commands import WritingCommand


def moment(value: str) -> datetime:
    """An ISO 8601 date or time; without an offset, in the server's time zone."""
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError as error:
        raise CommandError(f"Not an ISO 8601 date or time: {value!r}") from error
    return timezone.make_aware(parsed) if timezone.is_naive(parsed) else parsed


class Command(WritingCommand):
    help = (
        "Send webhook events again from the start of the retry schedule: by default every "
        "failed one, or those of a company, kind, state and creation time range. Events of "
        "companies without a webhook URL are skipped."
    )

    def add_arguments(self, parser):
        parser.add_argument("--company", metavar="CODE", help="Only this company's events.")
        parser.add_argument("--kind", help="Only events of this kind, e.g. order.cancelled.")
        parser.add_argument(
            "--since", type=moment, metavar="ISO", help="Only events created at or after this."
        )
        parser.add_argument(
            "--until", type=moment, metavar="ISO", help="Only events created before this."
        )
        parser.add_argument(
            "--state",
            choices=EventState.values,
            default=EventState.FAILED,
            help="Only events in this state (default: FAILED).",
        )

    def handle(self, *args, company, kind, since, until, state, **options):
        chosen = Event.objects.filter(state=state)
        if company is not None:
            company = company.strip().upper()  # codes are stored in capitals
            if not Company.objects.filter(code=company).exists():
                raise CommandError(f"No company has the code {company!r}.")
            chosen = chosen.filter(company__code=company)
        if kind is not None:
            chosen = chosen.filter(kind=kind)
        if since is not None:
            chosen = chosen.filter(created_at__gte=since)
        if until is not None:
            chosen = chosen.filter(created_at__lt=until)
        # Counted first: redelivery takes them out of the chosen state.
        skipped = chosen.count()
        redeliverable = list(
            selectors.events_redeliverable(chosen).order_by("created_at").only("pk")
        )
        # On the terminal only (disable=None): logs and pipes get the summary lines alone.
        for event in tqdm(
            redeliverable, unit="event", desc="Queueing", file=sys.stderr, disable=None
        ):
            webhooks.event_redeliver(event=event)
        self.stdout.write(f"Queued {len(redeliverable)} event(s) for redelivery.")
        skipped -= len(redeliverable)
        if skipped:
            self.stdout.write(
                f"Skipped {skipped} event(s): their company has no webhook URL, or a worker "
                "is attempting them now."
            )
