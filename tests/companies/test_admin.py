"""Operators create API clients, issue keys (shown once) and revoke them in the admin."""

import re

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from companies.models import ApiClient, ApiKey
from tests.factories import ApiClientFactory, CompanyFactory, issue_key

pytestmark = pytest.mark.django_db

KEY_IN_MESSAGE = re.compile(r"(hlos_\S+\.\S+)")


def shown_keys(page) -> list[str]:
    """The keys the page shows (in its messages)."""
    return KEY_IN_MESSAGE.findall(page.text)


def authenticates(raw_key: str) -> bool:
    return APIClient().get("/companies", HTTP_X_API_KEY=raw_key).status_code == 200


def test_adding_a_client_issues_its_first_key_and_shows_it_once(admin_client):
    response = admin_client.post(
        reverse("admin:companies_apiclient_add"),
        {"name": "Acme IT", "is_active": "on", "keys-TOTAL_FORMS": "0", "keys-INITIAL_FORMS": "0"},
        follow=True,
    )

    assert response.status_code == 200
    client = ApiClient.objects.get(name="Acme IT")
    [raw_key] = shown_keys(response)
    assert authenticates(raw_key)
    assert client.keys.count() == 1
    # Shown once: the next page carries no key.
    assert shown_keys(admin_client.get(reverse("admin:companies_apiclient_changelist"))) == []


def test_the_issue_key_button_adds_a_key_to_the_client(admin_client):
    client = ApiClientFactory()

    response = admin_client.post(
        reverse("admin:companies_apiclient_issue_key", args=[client.pk]), follow=True
    )

    assert response.redirect_chain[-1][0] == reverse(
        "admin:companies_apiclient_change", args=[client.pk]
    )
    [raw_key] = shown_keys(response)
    assert authenticates(raw_key)
    assert client.keys.count() == 1


def test_the_change_page_shows_the_button_and_the_keys(admin_client):
    client = ApiClientFactory()
    issue_key(client)

    page = admin_client.get(reverse("admin:companies_apiclient_change", args=[client.pk]))

    assert page.status_code == 200
    assert reverse("admin:companies_apiclient_issue_key", args=[client.pk]) in page.text
    assert client.keys.get().prefix in page.text


def test_revoking_keys_in_the_admin_refuses_them_from_then_on(admin_client):
    client = ApiClientFactory()
    raw_key = issue_key(client)

    response = admin_client.post(
        reverse("admin:companies_apikey_changelist"),
        {"action": "revoke", "_selected_action": [str(client.keys.get().pk)]},
    )

    assert response.status_code == 302
    assert ApiKey.objects.get(client=client).revoked_at is not None
    assert not authenticates(raw_key)


def test_companies_are_found_by_code_in_the_admin(admin_client):
    CompanyFactory(code="FND", name="Findable")
    CompanyFactory(code="OTH", name="Other")

    page = admin_client.get(reverse("admin:companies_company_changelist"), {"q": "fnd"})

    assert "Findable" in page.text
    assert "Other" not in page.text
