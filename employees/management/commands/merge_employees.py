"""python manage.py merge_employees <companyCode> <keepEmail> <duplicateEmail> [--commit --reason
TEXT] [--json]: two records of one person merged into one, a dry run first
(config.kernel.fixes, employees.merging)."""

from companies.selectors import company_get_by_code
from config.kernel.fixes import FixCommand, FixLine
from employees.merging import employees_merge


class Command(FixCommand):
    help = (
        "Merge a duplicate employee into the record to keep: the duplicate's hardware, open "
        "movement requests and open orders move to the kept employee; the duplicate is "
        "deactivated, answers mergedInto, and its e-mail is released. A dry run by default: "
        "prints the changes and writes nothing; --commit --reason TEXT writes them. Refused "
        "when both hold an open movement request for the same item, or name the same employee."
    )

    def add_arguments(self, parser):
        parser.add_argument("company_code", metavar="companyCode")
        parser.add_argument("keep_email", metavar="keepEmail", help="The record to keep.")
        parser.add_argument(
            "duplicate_email", metavar="duplicateEmail", help="The record merged into it."
        )

    def fix(self, *, company_code, keep_email, duplicate_email, **options):
        def merge():
            company = company_get_by_code(code=company_code)
            return employees_merge(
                company=company, keep_email=keep_email, duplicate_email=duplicate_email
            )

        record = f"Merge of {duplicate_email.strip()} into {keep_email.strip()}"
        return [FixLine(merge, record=record)]
