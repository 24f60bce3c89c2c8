"""The demo API client and its company, DEM, that `make run` serves (`manage.py seed_demo`)."""

from django.db import transaction

from companies.models import ApiClient, Company
from companies.services import company_create

DEMO_CLIENT_NAME = "Demo client"
DEMO_COMPANY_CODE = "DEM"


@transaction.atomic
def demo_company_ensure() -> Company:
    """The demo client's company DEM, with the client, made when missing."""
    client, _ = ApiClient.objects.get_or_create(name=DEMO_CLIENT_NAME)
    company = Company.objects.filter(code=DEMO_COMPANY_CODE).first()
    if company is None:
        company = company_create(
            api_client=client, name="Demo Company", code=DEMO_COMPANY_CODE, country_code="US"
        )
    return company
