from django.core.management.base import BaseCommand

from companies import services


class Command(BaseCommand):
    help = "Delete the Idempotency-Keys older than 24 hours (also done hourly by Celery beat)."

    def handle(self, *args, **options):
        deleted = services.purge_expired_idempotency_keys()
        self.stdout.write(f"Purged {deleted} expired Idempotency-Key(s).")
