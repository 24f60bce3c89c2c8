from django.core.management.base import BaseCommand

from companies.models import ApiClient, Company
from companies.services import api_key_issue, company_create

DEMO_CLIENT_NAME = "Demo client"
DEMO_COMPANY_CODE = "DEM"


class Command(BaseCommand):
    help = (
        "Make sure the demo API client and its company DEM exist, issue the client a fresh "
        "key, and print it with a curl line to try. Used by `make run`; safe to run again."
    )

    def add_arguments(self, parser):
        parser.add_argument("--base-url", default="http://127.0.0.1:8000")

    def handle(self, *args, base_url: str, **options):
        client, _ = ApiClient.objects.get_or_create(name=DEMO_CLIENT_NAME)
        if not Company.objects.filter(code=DEMO_COMPANY_CODE).exists():
            company_create(
                api_client=client, name="Demo Company", code=DEMO_COMPANY_CODE, country_code="US"
            )
        _, raw_key = api_key_issue(client=client)
        self.stdout.write(
            f"\nDemo API client {client.name!r}, managing company {DEMO_COMPANY_CODE}.\n"
            f"Its new API key:\n  {raw_key}\n"
            f"Try it:\n  curl -H 'Authorization: Bearer {raw_key}' {base_url}/companies\n"
            f"API docs: {base_url}/docs/   Admin: {base_url}/admin/ "
            "(python manage.py createsuperuser for a login)\n"
        )
