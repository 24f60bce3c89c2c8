"""The demo data of `make run`, for the tests that run what a reader pastes against it (the
README's First hour, the docs' examples). Apart from tests/servers.py, which the benchmarks
import before Django is set up."""

import io

from django.core.management import call_command

from companies.demo import DEMO_COMPANY_CODE
from companies.models import Company
from companies.services import api_key_issue


def demo_key() -> str:
    """Loads the demo data as `make run` does, and issues a new key of the demo client (company
    DEM); committed when called outside a transaction, for a live server to see."""
    call_command("seed_demo", stdout=io.StringIO())
    _, key = api_key_issue(client=Company.objects.get(code=DEMO_COMPANY_CODE).api_client)
    return key
