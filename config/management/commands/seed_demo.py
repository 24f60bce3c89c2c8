"""python manage.py seed_demo: the demo story `make run` loads, told by the apps in turn.

Each app's part is made through its own services, so the demo has the histories, numbers and
events real use makes. A part is handed the demo company and answers a line to print; it adds
nothing when the company already has records of its kind, so a second run changes nothing. The
command lives at the top of the import graph, which may name every app.

Each line says what exists and how much of it this run added, the same way: `Orders: 5 (5 new,
...)` on a new database, `Orders: 6 (0 new: ...)` on one that had them, so a run that had
nothing to add does not read like one that failed."""

from django.db import transaction

from catalog.models import CatalogItem
from catalog.services import DEMO_CATALOG_CSV, catalog_import, catalog_rows_read
from companies.demo import DEMO_COMPANY_CODE, demo_company_ensure
from config.kernel.commands import WritingCommand, refusals_as_command_errors
from employees.demo import demo_employees_seed
from hardware.demo import demo_hardware_seed
from hardware.models import HardwareType
from hardware.types import hardware_type_names, hardware_types_ensure
from logistics.demo import demo_movements_seed
from orders.demo import demo_orders_seed

# In this order: the employees before their hardware, the hardware before the orders and the
# movement requests that carry it.
DEMO_PARTS = (demo_employees_seed, demo_hardware_seed, demo_orders_seed, demo_movements_seed)


class Command(WritingCommand):
    help = (
        "Load the demo: the hardware types, the bundled catalog (US, BR, MX, ES, DE, GB and the "
        "EU warehouse) as import_catalog loads a file, and the demo company DEM with its "
        "employees, hardware, an order in each status and a movement request in each status, "
        "made through the services. Safe to run again: what exists is kept. Each line says "
        "what exists and how much of it is new."
    )

    def handle(self, *args, **options):
        created = hardware_types_ensure()
        self.stdout.write(f"Hardware types: {HardwareType.objects.count()} ({created} new).")
        with (
            refusals_as_command_errors(),
            DEMO_CATALOG_CSV.open(encoding="utf-8", newline="") as lines,
        ):
            rows = catalog_rows_read(lines=lines, hardware_types=hardware_type_names())
            loaded = catalog_import(rows=rows)
        updated = f", {loaded.updated} updated" if loaded.updated else ""
        self.stdout.write(
            f"Catalog: {CatalogItem.objects.count()} items ({loaded.created} new{updated})."
        )
        company = demo_company_ensure()
        self.stdout.write(f"Demo company {DEMO_COMPANY_CODE}:")
        for seed in DEMO_PARTS:
            with transaction.atomic():  # a part is told whole or not at all
                self.stdout.write(f"  {seed(company)}")
