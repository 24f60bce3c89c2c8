from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.db import transaction

from catalog.services import DEMO_CATALOG_CSV
from companies.demo import DEMO_COMPANY_CODE, demo_company_ensure
from config.demo import demo_parts
from hardware.types import hardware_types_ensure


class Command(BaseCommand):
    help = (
        "Load the demo: the hardware types, the bundled catalog (US, BR, MX, ES, DE, GB and the "
        "EU warehouse) through import_catalog, and the demo company DEM with its employees, "
        "hardware, an order in each status and a movement request in each status, made "
        "through the services (config/demo.py). Safe to run again: what exists is kept."
    )

    def handle(self, *args, **options):
        created = hardware_types_ensure()
        self.stdout.write(f"Hardware types: {created} created.")
        call_command("import_catalog", DEMO_CATALOG_CSV, stdout=self.stdout, stderr=self.stderr)
        company = demo_company_ensure()
        self.stdout.write(f"Demo company {DEMO_COMPANY_CODE}:")
        for part in demo_parts():
            with transaction.atomic():  # a part is told whole or not at all
                self.stdout.write(f"  {part.seed(company)}")
