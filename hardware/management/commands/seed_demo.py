from django.core.management import call_command
from django.core.management.base import BaseCommand

from catalog.services import DEMO_CATALOG_CSV
from hardware.types import hardware_types_ensure


class Command(BaseCommand):
    help = (
        "Make sure the hardware types exist and load the bundled demo catalog (US, BR, MX, "
        "ES, DE, GB and the EU warehouse) through import_catalog. Safe to run again: items "
        "are matched by country and part number, so a second run changes nothing."
    )

    def handle(self, *args, **options):
        created = hardware_types_ensure()
        self.stdout.write(f"Hardware types: {created} created.")
        call_command("import_catalog", DEMO_CATALOG_CSV, stdout=self.stdout, stderr=self.stderr)
