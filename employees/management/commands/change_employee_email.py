"""python manage.py change_employee_email <companyCode> <oldEmail> <newEmail> [--commit --reason
TEXT] [--json]: an employee's e-mail corrected, a dry run first (config.kernel.fixes)."""

from companies.selectors import company_get_by_code
from config.kernel.fixes import FixCommand, FixLine
from employees.corrections import employee_email_change


class Command(FixCommand):
    help = (
        "Change an employee's e-mail (the person's address changed). A dry run by default: "
        "prints the change and writes nothing; --commit --reason TEXT writes it. Refused when "
        "the new e-mail belongs to another employee of the company."
    )

    def add_arguments(self, parser):
        parser.add_argument("company_code", metavar="companyCode")
        parser.add_argument("old_email", metavar="oldEmail")
        parser.add_argument("new_email", metavar="newEmail")

    def fix(self, *, company_code, old_email, new_email, **options):
        def change():
            company = company_get_by_code(code=company_code)
            return [employee_email_change(company=company, email=old_email, new_email=new_email)]

        return [FixLine(change, record=f"Employee {old_email.strip()} of {company_code.strip()}")]
