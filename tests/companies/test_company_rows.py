"""`GET /companies` reads its companies as rows (companies.selectors.company_rows), not as model
instances put through CompanySerializer: its answer is still, byte for byte, what the serializer
writes, whole or paged."""

from datetime import UTC, datetime

import pytest

from companies.answers import CompanySerializer
from companies.models import Company
from config.api.envelope import json_bytes, success_envelope
from tests.config.test_paging import next_url
from tests.factories import CompanyFactory

pytestmark = pytest.mark.django_db


def serialized(companies) -> bytes:
    return json_bytes(success_envelope(CompanySerializer(list(companies), many=True).data, 200))


@pytest.fixture
def companies(caller):
    CompanyFactory(api_client=caller.api_client, name="Bravo", country_code=None)
    CompanyFactory(
        api_client=caller.api_client,
        name="Alpha",
        abm_code="ABM-1",
        webhook_url="https://hooks.example.com/hlos",
        legal_number="B12345678",
        contact_email="it@alpha.example.com",
        phone="+34 600 000 000",
    )
    whole_second = CompanyFactory(api_client=caller.api_client, name="Charlie")
    Company.objects.filter(pk=whole_second.pk).update(created_at=datetime(2026, 1, 2, tzinfo=UTC))
    CompanyFactory()  # another client's
    return Company.objects.filter(api_client=caller.api_client).order_by("name", "code")


def test_the_list_answers_what_the_serializer_writes(caller, companies):
    response = caller.get("/companies")

    assert response.status_code == 200
    assert response.content == serialized(companies)


def test_a_page_answers_what_the_serializer_writes(caller, companies):
    first = caller.get("/companies", {"limit": 2})
    second = caller.get(next_url(first))

    assert first.content == serialized(companies[:2])
    assert second.content == serialized(companies[2:])
    assert "Link" not in second
