import factory

from companies.models import ApiClient, Company
from companies.services import api_key_issue


class ApiClientFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ApiClient

    name = factory.Sequence(lambda n: f"Client {n}")


def issue_key(api_client: ApiClient) -> str:
    _, raw_key = api_key_issue(client=api_client)
    return raw_key


def company_code(n: int) -> str:
    """Three capitals or digits, different for every n below 36**3."""
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    return "".join(alphabet[(n // 36**power) % 36] for power in (2, 1, 0))


class CompanyFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Company

    api_client = factory.SubFactory(ApiClientFactory)
    name = factory.Sequence(lambda n: f"Company {n}")
    code = factory.Sequence(lambda n: company_code(n + 1000))
    country_code = "US"
