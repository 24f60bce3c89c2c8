"""python manage.py relocate_hardware <hardwareId or serial> (--storage COUNTRY | --employee
EMAIL) [--commit --reason TEXT] [--json]: where an item is, corrected; a dry run first
(config.kernel.fixes). Not a shipment: an item an open movement request carries is refused."""

from config.kernel.fixes import FixCommand, FixLine
from logistics.services import hardware_relocate


class Command(FixCommand):
    help = (
        "Correct where an item is: in the storage serving a country, or with an employee of its "
        "company. A dry run by default: prints the change and writes nothing; --commit "
        "--reason TEXT writes it. Refused while an open movement request (PROCESSING or "
        "COORDINATED) carries the item, or when the employee is deactivated or of another company."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "hardware", metavar="hardwareId", help="The item's id or serial number."
        )
        place = parser.add_mutually_exclusive_group(required=True)
        place.add_argument("--storage", metavar="COUNTRY", help="In the storage serving COUNTRY.")
        place.add_argument("--employee", metavar="EMAIL", help="With the employee of this e-mail.")

    def fix(self, *, hardware, storage, employee, **options):
        def relocate():
            return [
                hardware_relocate(
                    hardware=hardware, employee_email=employee, storage_country=storage
                )
            ]

        return [FixLine(relocate, record=f"Hardware {hardware.strip()}")]
