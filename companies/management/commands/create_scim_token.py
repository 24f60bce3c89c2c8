from companies.scim_tokens import scim_token_issue
from companies.selectors import company_get_by_code
from config.kernel.actors import Actor
from config.kernel.commands import WritingCommand, refusals_as_command_errors

COMMAND = __name__.rsplit(".", 1)[-1]


class Command(WritingCommand):
    help = (
        "Make a new SCIM token for a company and print it, alone on the last line of output. It "
        "replaces the company's current token at once."
    )

    def add_arguments(self, parser):
        parser.add_argument("company_code", help="The company's code, e.g. ACM.")

    def handle(self, *args, company_code: str, **options):
        with refusals_as_command_errors():
            company = company_get_by_code(code=company_code)
            replaced = getattr(company, "scim_token", None)
            token, raw_token = scim_token_issue(company=company, actor=Actor.command(COMMAND))
        if replaced is not None:
            self.stdout.write(f"Replaced SCIM token {replaced} of {company}: refused from now on.")
        self.stdout.write(f"New SCIM token {token} for {company}. Shown once:")
        self.stdout.write(raw_token)
