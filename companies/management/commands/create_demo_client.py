from companies.demo import DEMO_COMPANY_CODE, demo_company_ensure
from companies.services import api_key_issue
from config.kernel.commands import WritingCommand


class Command(WritingCommand):
    help = (
        "Make sure the demo API client and its company DEM exist, issue the client a fresh "
        "key, and print it with a curl line to try. Used by `make run`; safe to run again."
    )

    def add_arguments(self, parser):
        parser.add_argument("--base-url", default="http://127.0.0.1:8000")

    def handle(self, *args, base_url: str, **options):
        client = demo_company_ensure().api_client
        _, raw_key = api_key_issue(client=client)
        self.stdout.write(
            f"\nDemo API client {client.name!r}, managing company {DEMO_COMPANY_CODE}.\n"
            f"Its new API key:\n  {raw_key}\n"
            f"Try it:\n  curl -H 'Authorization: Bearer {raw_key}' {base_url}/companies\n"
            f"API docs: {base_url}/docs/   Admin: {base_url}/admin/ "
            "(python manage.py createsuperuser for a login)\n"
        )
