"""POST /gateway answers exactly what the direct call answers."""

import json

import pytest
from django.test import override_settings

from tests.factories import CompanyFactory

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.config.urls")]


def through_gateway(client, verb, request, *, vendor="hlos", **envelope):
    body = {"verb": verb, "request": request, "vendor": vendor, **envelope}
    return client.post("/gateway", body, format="json")


def test_a_read_through_the_gateway_answers_like_the_direct_call(caller):
    CompanyFactory.create_batch(2, api_client=caller.api_client)

    direct = caller.get("/companies")
    gateway = through_gateway(caller, "GET", "companies")

    assert gateway.status_code == direct.status_code == 200
    assert gateway.json() == direct.json()
    assert len(gateway.json()["envelop"]) == 2


def test_a_write_through_the_gateway_answers_like_the_direct_call(caller):
    direct = caller.post("/companies", {"name": "Direct", "companyCode": "DIR"}, format="json")
    gateway = through_gateway(
        caller, "POST", "companies", data={"name": "Gateway", "companyCode": "GWY"}
    )

    assert gateway.status_code == direct.status_code == 201
    created = gateway.json()["envelop"][0]
    assert (created["name"], created["companyCode"]) == ("Gateway", "GWY")
    assert gateway.json().keys() == direct.json().keys()


def test_errors_through_the_gateway_are_the_direct_calls_errors(caller):
    CompanyFactory(code="TAK")
    cases = [
        ("POST", "companies", {"companyCode": "ABC"}),
        ("POST", "companies", {"name": "Taken", "companyCode": "TAK"}),
        ("PATCH", "companies/ZZZ", {"name": "Nobody"}),
        ("DELETE", "companies", None),
    ]
    for verb, path, data in cases:
        direct = caller.generic(
            verb, f"/{path}", data=json.dumps(data or {}), content_type="application/json"
        )
        gateway = through_gateway(caller, verb, path, data=data or {})
        assert (gateway.status_code, gateway.json()) == (direct.status_code, direct.json()), path


def test_filters_become_the_query_string_and_data_the_body(caller):
    response = through_gateway(
        caller,
        "post",
        "/test/echo/",
        filters={"companyCode": "ACM", "countryCode": "BR"},
        data={"hardwareIds": ["a", "b"]},
    )

    assert response.status_code == 201
    assert response.json()["envelop"] == [
        {
            "query": {"companyCode": "ACM", "countryCode": "BR"},
            "body": {"hardwareIds": ["a", "b"]},
        }
    ]


def test_the_vendor_is_compared_without_regard_to_case(caller):
    assert through_gateway(caller, "GET", "companies", vendor="HLOS").status_code == 200


@override_settings(SERVICE_VENDOR="acme-logistics")
def test_a_wrong_vendor_is_400_and_nothing_is_dispatched(caller):
    response = through_gateway(
        caller, "POST", "companies", data={"name": "X", "companyCode": "XXX"}
    )

    assert response.status_code == 400
    assert response.json() == {
        "statusCode": 400,
        "error": "Bad Request",
        "message": "Unknown vendor: vendor must be acme-logistics",
    }
    assert not caller.api_client.companies.exists()


def test_an_envelope_without_its_fields_is_a_validation_error(caller):
    response = caller.post("/gateway", {"data": {}}, format="json")

    assert response.status_code == 400
    assert response.json()["details"] == [
        {"field": "verb", "message": "This field is required."},
        {"field": "request", "message": "This field is required."},
        {"field": "vendor", "message": "This field is required."},
    ]


@pytest.mark.parametrize("request_path", ["nowhere", "gateway", "admin/", "docs"])
def test_an_unknown_or_non_api_path_is_404(caller, request_path):
    response = through_gateway(caller, "GET", request_path)

    assert response.status_code == 404
    assert response.json()["error"] == "Not Found"


def test_an_unknown_verb_is_405(caller):
    response = through_gateway(caller, "FETCH", "companies")

    assert response.status_code == 405
    assert response.json()["error"] == "Method Not Allowed"


def test_the_gateway_needs_a_key(anonymous):
    response = through_gateway(anonymous, "GET", "companies")

    assert response.status_code == 401
    assert response.json()["message"] == "Unauthorized access"
