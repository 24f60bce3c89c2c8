"""POST /gateway answers exactly what the direct call answers."""

import json
from urllib.parse import quote

import pytest
from django.test import override_settings

from tests.factories import CompanyFactory, issue_key
from tests.support import assert_refused

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
    [created] = gateway.json()["envelop"]
    [direct_created] = direct.json()["envelop"]
    assert (created["name"], created["companyCode"]) == ("Gateway", "GWY")
    different = {"id", "createdAt", "name", "companyCode"}
    assert {k: v for k, v in created.items() if k not in different} == {
        k: v for k, v in direct_created.items() if k not in different
    }


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

    assert_refused(response, 400, "Unknown vendor: vendor must be acme-logistics")
    assert not caller.api_client.companies.exists()


@pytest.mark.parametrize("verb", ["GET", "POST"])
def test_a_malformed_idempotency_key_is_refused_whatever_the_verb(caller, verb):
    response = caller.post(
        "/gateway",
        {"verb": verb, "request": "companies", "vendor": "hlos", "data": {"name": "X"}},
        format="json",
        HTTP_IDEMPOTENCY_KEY="caf\u00e9",
    )

    assert_refused(response, 400, "Invalid Idempotency-Key")
    assert not caller.api_client.companies.exists()


def test_a_vendor_longer_than_its_bound_as_sent_is_refused_though_it_trims_to_one(caller):
    response = through_gateway(caller, "GET", "companies", vendor=" hlos" + " " * 100)

    assert response.status_code == 400
    assert [detail["field"] for detail in response.json()["details"]] == ["vendor"]


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

    assert_refused(response, 401, "Unauthorized access", with_empty_envelop=True)


@pytest.mark.parametrize(
    ("verb", "path"),
    [("GET", "companies"), ("POST", "companies"), ("GET", "nowhere"), ("PATCH", "companies/ABC")],
)
def test_without_a_key_the_gateway_answers_what_the_direct_call_answers(anonymous, verb, path):
    direct = anonymous.generic(verb, f"/{path}", data="{}", content_type="application/json")
    gateway = through_gateway(anonymous, verb, path, data={})

    assert (gateway.status_code, gateway.json()) == (direct.status_code, direct.json())


@pytest.mark.parametrize("path", ["companies/☃?x=☃", "nowhere/☃"])
def test_a_path_outside_latin_1_is_answered_like_the_direct_call(caller, path):
    direct = caller.get("/" + quote(path, safe="/?="))
    gateway = through_gateway(caller, "GET", path)

    assert (gateway.status_code, gateway.json()) == (direct.status_code, direct.json())
    assert gateway.status_code in (404, 405)


def test_null_data_is_forwarded_as_a_null_body(caller):
    direct = caller.post("/companies", "null", content_type="application/json")
    gateway = through_gateway(caller, "POST", "companies", data=None)

    assert (gateway.status_code, gateway.json()) == (direct.status_code, direct.json())
    assert gateway.status_code == 400


def test_a_head_verb_answers_no_body(caller):
    response = through_gateway(caller, "HEAD", "companies")

    assert response.status_code == 200
    assert response.content == b""


@override_settings(SERVICE_VENDOR="acme-logistics")
@pytest.mark.parametrize(
    "credentials",
    [{}, {"HTTP_AUTHORIZATION": "Bearer hlos_000000000000.wrong"}],
    ids=["no key", "unknown key"],
)
def test_the_caller_is_judged_before_the_vendor(anonymous, credentials):
    anonymous.credentials(**credentials)

    direct = anonymous.post("/companies", {"name": "X", "companyCode": "XXX"}, format="json")
    gateway = through_gateway(
        anonymous, "POST", "companies", vendor="nobody", data={"name": "X", "companyCode": "XXX"}
    )

    assert_refused(gateway, 401, "Unauthorized access", with_empty_envelop=True)
    assert (gateway.status_code, gateway.json()) == (direct.status_code, direct.json())
    assert gateway["WWW-Authenticate"] == 'Bearer realm="api"'


def test_without_a_key_an_envelope_that_names_no_call_is_401(anonymous):
    for body in ('{"data": {}}', "{not json"):
        response = anonymous.post("/gateway", body, content_type="application/json")

        assert_refused(response, 401, "Unauthorized access")
        assert response["WWW-Authenticate"] == 'Bearer realm="api"'


def test_two_different_keys_through_the_gateway_are_refused_like_the_direct_call(caller):
    caller.credentials(
        HTTP_AUTHORIZATION=f"Bearer {caller.raw_key}",
        HTTP_X_API_KEY=issue_key(caller.api_client),
    )

    direct = caller.get("/companies")
    gateway = through_gateway(caller, "GET", "companies")

    assert_refused(gateway, 401, "Unauthorized access", with_empty_envelop=True)
    assert (gateway.status_code, gateway.json()) == (direct.status_code, direct.json())
