from argparse import ArgumentTypeError

from django.conf import settings

from companies import retention
from config.kernel.commands import WritingCommand


def positive(kind):
    def parse(value: str):
        try:
            number = kind(value)
        except ValueError:
            number = 0
        if not number > 0:
            raise ArgumentTypeError(f"must be a number above 0; got {value!r}")
        return number

    return parse


class Command(WritingCommand):
    help = (
        "Delete the Idempotency-Keys older than 24 hours, the webhook events finished "
        "(delivered, failed, or without a webhook URL) with nothing attempted for "
        "EVENT_RETENTION_DAYS, with their attempts (pending events are kept), and the audit "
        "trail's rows older than AUDIT_RETENTION_DAYS. Rows go in short batches, so it runs "
        "beside the service (Celery beat also runs it hourly)."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--dry-run", action="store_true", help="Count what would go; delete nothing."
        )
        parser.add_argument(
            "--batch-size",
            type=positive(int),
            default=retention.BATCH_SIZE,
            help=f"Rows deleted per transaction (default: {retention.BATCH_SIZE}).",
        )
        parser.add_argument(
            "--max-seconds",
            type=positive(float),
            help="Start no batch after this long; run again for the rest (default: no limit).",
        )

    def handle(self, *args, dry_run, batch_size, max_seconds, **options):
        purged = retention.purge_old_records(
            batch_size=batch_size, max_seconds=max_seconds, dry_run=dry_run
        )
        self.stdout.write(
            f"{'Would purge' if dry_run else 'Purged'} {purged.events:,} event(s) with "
            f"{purged.attempts:,} attempt(s), {purged.idempotency_keys:,} Idempotency-Key(s) "
            f"and {purged.audit_rows:,} audit row(s) (events kept "
            f"{settings.EVENT_RETENTION_DAYS} days, keys 24 hours, audit rows "
            f"{settings.AUDIT_RETENTION_DAYS} days)."
        )
        if not purged.complete:
            self.stdout.write(
                f"Stopped after {max_seconds:g} s with more to purge; run it again for the rest."
            )
