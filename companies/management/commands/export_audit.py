from django.core.management.base import BaseCommand, CommandError

from companies.audit.criteria import AuditCriteria, instant
from companies.audit.selectors import AUDIT_EVENTS_OLDEST_FIRST, audit_event_rows
from companies.models import Company
from config.api.envelope import json_bytes
from config.kernel.commands import refusals_as_command_errors
from config.kernel.keyset import Page

# Events read and written at a time: the export holds one chunk, however long the trail.
CHUNK_EVENTS = 1000
EXPECTED_INSTANT = "expected an ISO 8601 date-time with its offset"


class Command(BaseCommand):
    help = (
        "Write a company's audit trail as JSON Lines, one event a line exactly as GET "
        "/audit-events answers it, oldest first (the order a SIEM appends them in), read a "
        "chunk at a time. Image URLs are absolute only when PUBLIC_BASE_URL is set."
    )

    def add_arguments(self, parser):
        parser.add_argument("--company", required=True, metavar="CODE", help="The company.")
        parser.add_argument(
            "--since",
            metavar="ISO",
            help="Only changes made at or after this instant (ISO 8601 with its offset).",
        )
        parser.add_argument(
            "--until",
            metavar="ISO",
            help="Only changes made before this instant (ISO 8601 with its offset).",
        )
        parser.add_argument("--output", metavar="FILE", help="Write to FILE, not to stdout.")

    def handle(self, *args, company, since, until, output, **options):
        code = company.strip().upper()  # codes are stored in capitals
        chosen = Company.objects.filter(code=code).first()
        if chosen is None:
            raise CommandError(f"No company has the code {code!r}.")
        with refusals_as_command_errors():
            criteria = AuditCriteria(
                since=instant(since, f"Invalid --since: {EXPECTED_INSTANT}"),
                until=instant(until, f"Invalid --until: {EXPECTED_INSTANT}"),
            )
        if output is None:
            self._export(chosen, criteria, self.stdout.write)
            return
        with open(output, "w", encoding="utf-8") as file:
            written = self._export(chosen, criteria, lambda line: file.write(line + "\n"))
        # On stderr: stdout gets the lines alone when there is no --output.
        self.stderr.write(f"Wrote {written} event(s) of {chosen.code} to {output}.")

    def _export(self, company: Company, criteria: AuditCriteria, write) -> int:
        """Each event as one line, a chunk at a time, in the trail's order; how many."""
        page = Page(keyset=AUDIT_EVENTS_OLDEST_FIRST, limit=CHUNK_EVENTS)
        written = 0
        while True:
            events = audit_event_rows(company=company, criteria=criteria, page=page)
            more = len(events) > CHUNK_EVENTS
            del events[CHUNK_EVENTS:]
            last = page.keys_taken(events)
            for event in events:
                write(json_bytes(event).decode())
            written += len(events)
            if not more:
                return written
            page = Page(keyset=page.keyset, limit=CHUNK_EVENTS, after_key=last)
