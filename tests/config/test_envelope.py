"""Every answer, success or error, is an envelope; no API path ever answers HTML."""

import pytest
from django.test import Client, override_settings

from companies.models import Company
from config.api.envelope import flatten_validation_errors
from tests.factories import CompanyFactory

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.config.urls")]


@pytest.mark.parametrize("method", ["get", "post", "put", "patch", "delete", "options"])
def test_unknown_path_is_a_404_envelope_for_every_method(caller, method):
    response = getattr(caller, method)("/no/such/thing")

    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json() == {
        "statusCode": 404,
        "error": "Not Found",
        "message": f"Cannot {method.upper()} /no/such/thing: no such endpoint",
    }


def test_unknown_path_is_a_404_envelope_without_a_key_too(anonymous):
    response = anonymous.get("/no/such/thing/")

    assert response.status_code == 404
    assert response.json()["error"] == "Not Found"


def test_unsupported_method_is_a_405_envelope(caller):
    response = caller.delete("/companies")

    assert response.status_code == 405
    assert response.json() == {
        "statusCode": 405,
        "error": "Method Not Allowed",
        "message": 'Method "DELETE" not allowed.',
        "envelop": [],
    }


def test_a_body_that_is_not_json_is_a_415_envelope(caller):
    response = caller.post("/companies", "name=Acme", content_type="text/plain")

    assert response.status_code == 415
    assert response.json() == {
        "statusCode": 415,
        "error": "Unsupported Media Type",
        "message": 'Unsupported media type "text/plain" in request.',
        "envelop": [],
    }


def test_malformed_json_is_400_invalid_json_body(caller):
    response = caller.post("/companies", '{"name": "Acme",', content_type="application/json")

    assert response.status_code == 400
    assert response.json() == {
        "statusCode": 400,
        "error": "Bad Request",
        "message": "Invalid JSON body",
        "details": [
            {
                "field": "data",
                "message": "Expecting property name enclosed in double quotes at line 1, column 17",
                "line": 1,
                "column": 17,
            }
        ],
        "envelop": [],
    }


def test_an_unexpected_exception_is_a_500_envelope(caller):
    response = caller.post("/test/boom", {}, format="json")

    assert response.status_code == 500
    assert response.json() == {
        "statusCode": 500,
        "error": "Internal Server Error",
        "message": "Internal server error",
    }


def test_a_failure_outside_drf_is_a_json_500_too():
    client = Client(raise_request_exception=False)

    response = client.get("/test/plain-boom")

    assert response.status_code == 500
    assert response["Content-Type"] == "application/json"
    assert response.json()["error"] == "Internal Server Error"


def test_over_the_request_budget_is_a_429_envelope_with_retry_after(caller):
    with override_settings(API_THROTTLE_RATE="2/min"):
        statuses = [caller.get("/companies").status_code for _ in range(3)]
        response = caller.get("/companies")

    assert statuses == [200, 200, 429]
    assert response.status_code == 429
    assert int(response["Retry-After"]) > 0
    body = response.json()
    assert (body["statusCode"], body["error"]) == (429, "Too Many Requests")
    assert body["message"].startswith("Request was throttled.")


def test_the_budget_is_per_api_client(caller, other_caller):
    with override_settings(API_THROTTLE_RATE="1/min"):
        first = caller.get("/companies").status_code
        other = other_caller.get("/companies").status_code

    assert (first, other) == (200, 200)


def test_paths_answer_the_same_with_or_without_a_trailing_slash(caller):
    CompanyFactory(api_client=caller.api_client)

    without, with_slash = caller.get("/companies"), caller.get("/companies/")

    assert without.status_code == with_slash.status_code == 200
    assert without.json() == with_slash.json()


def test_validation_errors_flatten_to_camel_case_paths():
    detail = {
        "hardwares": [{}, {"brand": ["Not a brand."], "specs": {"ram": ["Required."]}}],
        "hardwareIds": {1: ["Must be a valid UUID."]},
        "non_field_errors": ["Exactly one of employeeEmail and employee is required."],
    }

    assert flatten_validation_errors(detail) == [
        {"field": "hardwares[1].brand", "message": "Not a brand."},
        {"field": "hardwares[1].specs.ram", "message": "Required."},
        {"field": "hardwareIds[1]", "message": "Must be a valid UUID."},
        {"field": "data", "message": "Exactly one of employeeEmail and employee is required."},
    ]


def test_company_scoped_reads_need_the_company_code_filter(caller):
    response = caller.get("/test/scoped")

    assert response.status_code == 400
    assert response.json() == {
        "statusCode": 400,
        "error": "Bad Request",
        "message": "Missing required filter: companyCode",
    }


def test_company_scoped_writes_need_the_company_code_field(caller):
    response = caller.post("/test/scoped", {"data": {"name": "x"}}, format="json")

    assert response.status_code == 400
    assert response.json()["message"] == "Missing required field: companyCode"


def test_another_clients_company_code_is_answered_like_an_unknown_one(caller, other_caller):
    theirs = CompanyFactory(api_client=other_caller.api_client)

    for code in (theirs.code, "ZZZ"):
        read = caller.get("/test/scoped", {"companyCode": code})
        write = caller.post("/test/scoped", {"companyCode": code}, format="json")
        assert read.status_code == write.status_code == 400
        assert read.json()["message"] == write.json()["message"] == "Invalid company code"


def test_the_callers_company_code_resolves_in_any_case(caller):
    CompanyFactory(api_client=caller.api_client, code="ACM")

    read = caller.get("/test/scoped", {"companyCode": "acm"})
    write = caller.post("/test/scoped", {"companyCode": "ACM"}, format="json")

    assert read.json()["envelop"] == write.json()["envelop"] == [{"companyCode": "ACM"}]
    assert Company.objects.count() == 1
