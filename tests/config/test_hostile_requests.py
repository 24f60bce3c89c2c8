"""Odd and hostile requests still get an envelope with a 4xx, never a 500 or HTML."""

import pytest
from django.test import Client, override_settings

from tests.factories import CompanyFactory

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.config.urls")]


def test_an_html_accept_header_or_format_still_gets_the_json_envelope(caller):
    by_header = caller.get("/companies", HTTP_ACCEPT="text/html")
    by_format = caller.get("/companies", {"format": "html"})

    for response in (by_header, by_format):
        assert response.status_code == 200
        assert response["Content-Type"] == "application/json"
        assert response.json()["message"] == "Request successful"


def test_a_body_nested_too_deeply_is_400_invalid_json_body(caller):
    body = "[" * 100_000 + "]" * 100_000

    response = caller.post("/companies", body, content_type="application/json")

    assert response.status_code == 400
    assert response.json()["message"] == "Invalid JSON body"


def test_too_many_query_parameters_is_a_400_envelope(caller):
    query = "&".join(f"p{i}=1" for i in range(1_500))

    response = caller.get(f"/test/echo?{query}")

    assert response.status_code == 400
    assert response.json()["error"] == "Bad Request"


def test_a_nul_byte_in_a_company_code_is_answered_like_any_unknown_code(caller):
    response = caller.patch("/companies/%00AB", {"name": "x"}, format="json")

    assert response.status_code == 404
    assert response.json()["message"] == "Company not found"


@override_settings(DEBUG=True)
def test_a_disallowed_host_is_a_json_400_even_in_debug_mode():
    response = Client(raise_request_exception=False).get("/companies", HTTP_HOST="evil.example")

    assert response.status_code == 400
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"statusCode": 400, "error": "Bad Request", "message": "Bad Request"}


def test_a_wrapped_body_with_other_keys_beside_data_is_unwrapped(caller):
    response = caller.post(
        "/companies",
        {"data": {"name": "Acme", "companyCode": "ACM"}, "requestId": "abc-1"},
        format="json",
    )

    assert response.status_code == 201


@pytest.mark.parametrize(
    "body",
    [
        {"name": "Acme", "companyCode": "ACM", "countryCode": "us"},
        {"companyCode": "ACM"},
        {"name": "Acme", "companyCode": "TAK"},
    ],
    ids=["created", "invalid", "conflict"],
)
def test_wrapped_and_plain_bodies_give_the_same_answer(caller, django_db_blocker, body):
    CompanyFactory(code="TAK")

    plain = caller.post("/companies", body, format="json")
    plain_body = plain.json()
    caller.api_client.companies.filter(code="ACM").delete()
    wrapped = caller.post("/companies", {"data": body, "verb": "POST"}, format="json")

    assert wrapped.status_code == plain.status_code
    assert _without_ids(wrapped.json()) == _without_ids(plain_body)


def _without_ids(body: dict) -> dict:
    for company in body.get("envelop", []):
        company.pop("id"), company.pop("createdAt")
    return body
