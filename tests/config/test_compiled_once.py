"""config.db.CompiledOnce: a query's SQL made once, run again with other values, reads what
the queryset reads."""

import pytest

from companies.models import Company
from config.db import CompiledOnce
from tests.factories import ApiClientFactory, CompanyFactory

pytestmark = pytest.mark.django_db


def test_the_sql_made_for_the_first_values_reads_the_records_of_the_next():
    of_client = CompiledOnce(lambda client_id: Company.objects.filter(api_client=client_id))
    first, second = ApiClientFactory(), ApiClientFactory()
    CompanyFactory(api_client=first, name="B")
    CompanyFactory(api_client=first, name="A")
    CompanyFactory(api_client=second)

    for client in (first, second):
        read = of_client.records(client.pk)
        expected = list(Company.objects.filter(api_client=client))
        assert [company.pk for company in read] == [company.pk for company in expected]
        assert [vars(c) | {"_state": None} for c in read] == [
            vars(c) | {"_state": None} for c in expected
        ]


def test_a_query_with_values_of_its_own_is_refused():
    active = CompiledOnce(lambda name: Company.objects.filter(name=name, phone="1"))

    with pytest.raises(ValueError, match="not only the values given"):
        active.records("A")
