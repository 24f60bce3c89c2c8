"""python manage.py import_serials FILE.csv [--commit --reason TEXT] [--json]: serial numbers
typed in a file, a dry run first (config.kernel.fixes). Here, with the orders, because a row may
name an order rather than an item."""

from companies.selectors import company_get_by_code
from config.kernel.errors import ServiceError
from config.kernel.fixes import FixCommand, csv_fix_lines
from config.kernel.identifiers import uuid_or_400
from config.kernel.numbering import number_written
from hardware.corrections import hardware_correct
from orders.services.delivery import order_item_serial_fill

BY_ITEM = ("companyCode", "hardwareId", "serialNumber")
BY_ORDER = ("companyCode", "orderNumber", "serialNumber")


class Command(FixCommand):
    help = (
        "Set serial numbers from a CSV file: header companyCode,hardwareId,serialNumber (each "
        "item named), or companyCode,orderNumber,serialNumber (the next item of a delivered "
        "order without one, in the order of its lines). A dry run by default: prints the "
        "changes and writes nothing; --commit --reason TEXT writes them, or nothing if any line "
        "is refused (a serial taken in the company, or repeated in the file)."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="The CSV file (UTF-8).")

    def fix(self, *, file, **options):
        return csv_fix_lines(file, headers=[BY_ITEM, BY_ORDER], apply_row=_apply, record_of=_record)


def _apply(row: dict[str, str]):
    company = company_get_by_code(code=row["companyCode"])
    serial_number = row["serialNumber"].strip()
    if "hardwareId" in row:
        hardware_id = uuid_or_400(row["hardwareId"].strip(), "Invalid hardwareId")
        return [
            hardware_correct(
                company=company,
                hardware_id=hardware_id,
                changes={"serial_number": serial_number},
            )
        ]
    number = number_written(row["orderNumber"].strip())
    if number is None:
        raise ServiceError(f"Invalid orderNumber {row['orderNumber'].strip()}")
    return [
        order_item_serial_fill(company=company, order_number=number, serial_number=serial_number)
    ]


def _record(row: dict[str, str]) -> str:
    named = row.get("hardwareId") or f"order {row.get('orderNumber', '').strip()}"
    return (
        f"Serial {row['serialNumber'].strip()} for {named.strip()} of {row['companyCode'].strip()}"
    )
