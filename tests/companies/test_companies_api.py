import re

import pytest
from rest_framework.test import APIClient

from companies.models import Company
from tests.conftest import make_caller
from tests.factories import CompanyFactory
from tests.support import assert_refused, success

pytestmark = pytest.mark.django_db


def company_body(company: Company) -> dict:
    return {
        "id": str(company.id),
        "createdAt": company.created_at.isoformat().replace("+00:00", "Z"),
        "name": company.name,
        "companyCode": company.code,
        "abmCode": company.abm_code,
        "webhookUrl": company.webhook_url,
        "companySource": "INTERNAL",
        "countryCode": company.country_code,
        "legalNumber": company.legal_number,
        "contactEmail": company.contact_email,
        "phone": company.phone,
        "requireChangeReason": company.require_change_reason,
        "completeOnDelivery": company.complete_on_delivery,
        "wipeOnReturn": company.wipe_on_return,
    }


def test_create_company_answers_201_with_the_company_in_an_array(caller):
    response = caller.post(
        "/companies",
        {"name": "Acme", "companyCode": "acm", "countryCode": "br", "abmCode": "ABM-1"},
        format="json",
    )

    assert response.status_code == 201
    company = Company.objects.get(code="ACM")
    assert company.api_client == caller.api_client
    assert response.json() == success([company_body(company)], 201)
    assert company.country_code == "BR"
    assert company.abm_code == "ABM-1"


def test_create_company_accepts_the_wrapped_body_with_the_same_result(caller):
    plain = caller.post("/companies", {"name": "Plain", "companyCode": "PLN"}, format="json")
    wrapped = caller.post(
        "/companies",
        {"data": {"name": "Wrapped", "companyCode": "WRP"}, "request": "companies", "verb": "POST"},
        format="json",
    )

    assert plain.status_code == wrapped.status_code == 201
    assert plain.json()["envelop"][0]["name"] == "Plain"
    assert wrapped.json()["envelop"][0]["name"] == "Wrapped"
    assert wrapped.json()["envelop"][0]["companyCode"] == "WRP"


def test_create_company_without_name_is_400_with_details_and_empty_envelop(caller):
    response = caller.post("/companies", {"companyCode": "ABC"}, format="json")

    assert_refused(
        response,
        400,
        "Invalid request data",
        [{"field": "name", "message": "name should not be empty"}],
        with_empty_envelop=True,
    )
    assert not Company.objects.exists()


@pytest.mark.parametrize("code", ["AB", "ABCD", "A-C", ""])
def test_create_company_refuses_a_code_that_is_not_three_letters_or_digits(caller, code):
    response = caller.post("/companies", {"name": "Acme", "companyCode": code}, format="json")

    assert response.status_code == 400
    body = response.json()
    assert body["message"] == "Invalid request data"
    assert [detail["field"] for detail in body["details"]] == ["companyCode"]
    assert body["envelop"] == []


def test_create_company_refuses_an_unknown_country_and_a_non_http_webhook(caller):
    response = caller.post(
        "/companies",
        {"name": "Acme", "companyCode": "ACM", "countryCode": "XX", "webhookUrl": "ftp://a.b/c"},
        format="json",
    )

    assert response.status_code == 400
    assert response.json()["details"] == [
        {
            "field": "countryCode",
            "message": "XX is not an ISO 3166-1 alpha-2 country code: two letters, e.g. US or BR",
        },
        {"field": "webhookUrl", "message": "webhookUrl must be an http(s) URL"},
    ]


@pytest.mark.parametrize(
    "url, accepted",
    [
        ("https://hooks.example.com/hlos?to=it#x", True),
        ("HTTP://user:secret@203.0.113.9:8443/", True),
        ("http://hooks.example.com:", True),
        ("HTTP://", False),  # no host: nowhere to send to
        ("http:///hooks", False),
        ("http://@/", False),
        ("http://hooks.example.com:65536/", False),  # no socket has that port
        ("http://hooks.example.com:port/", False),
        ("http://[::1]/", False),  # IP-literals are not taken
        ("http://hooks.example.com/a b", False),
        ("http://hööks.example.com/", False),  # a URI is ASCII; IDNs are sent in punycode
        ("http://hooks.example.com/a#b#c", False),  # one fragment
        ("http://hooks.example.com/%zz", False),  # `%` escapes two hex digits
        ("http://hooks.example.com/a%2Fb?x=%20&y=1#top", True),
    ],
)
def test_a_webhook_url_is_taken_exactly_when_the_schema_pattern_matches_it(
    caller, anonymous, url, accepted
):
    schema = anonymous.get("/schema/", {"format": "json"}).json()
    pattern = schema["components"]["schemas"]["CompanyCreateRequest"]["properties"]["webhookUrl"][
        "pattern"
    ]

    response = caller.post(
        "/companies", {"name": "Acme", "companyCode": "ACM", "webhookUrl": url}, format="json"
    )

    assert (re.search(pattern, url) is not None) is accepted
    if accepted:
        assert response.status_code == 201
        assert response.json()["envelop"][0]["webhookUrl"] == url.strip()
    else:
        assert response.status_code == 400
        assert response.json()["details"] == [
            {"field": "webhookUrl", "message": "webhookUrl must be an http(s) URL"}
        ]


def test_create_company_with_a_code_taken_by_any_client_is_409(caller, other_caller):
    CompanyFactory(code="TAK", api_client=other_caller.api_client)

    response = caller.post("/companies", {"name": "Again", "companyCode": "tak"}, format="json")

    assert_refused(response, 409, "companyCode already exists", with_empty_envelop=True)
    assert Company.objects.filter(code="TAK").count() == 1


def test_list_companies_shows_only_the_callers_companies(caller, other_caller):
    mine = [CompanyFactory(api_client=caller.api_client, name=f"Mine {i}") for i in range(2)]
    CompanyFactory(api_client=other_caller.api_client)

    response = caller.get("/companies")

    assert response.status_code == 200
    assert response.json() == success([company_body(company) for company in mine])


def test_list_companies_without_a_key_is_401_with_empty_envelop(anonymous):
    response = anonymous.get("/companies")

    assert_refused(response, 401, "Unauthorized access", with_empty_envelop=True)


def test_list_companies_uses_a_fixed_number_of_queries(caller, django_assert_max_num_queries):
    CompanyFactory.create_batch(30, api_client=caller.api_client)

    # key lookup, company list
    with django_assert_max_num_queries(3):
        response = caller.get("/companies")

    assert len(response.json()["envelop"]) == 30


def test_patch_company_changes_name_abm_code_and_webhook_url_only(caller):
    company = CompanyFactory(api_client=caller.api_client, code="PAT", country_code="US")

    response = caller.patch(
        "/companies/pat/",
        {
            "name": "Renamed",
            "abmCode": None,
            "webhookUrl": "https://hooks.example.com/hlos",
            "countryCode": "BR",
            "companyCode": "NEW",
        },
        format="json",
    )

    assert response.status_code == 200
    company.refresh_from_db()
    assert (company.name, company.abm_code, company.webhook_url) == (
        "Renamed",
        None,
        "https://hooks.example.com/hlos",
    )
    assert (company.code, company.country_code) == ("PAT", "US")
    assert response.json()["envelop"] == [company_body(company)]


def test_patch_company_of_another_client_is_404_and_changes_nothing(caller, other_caller):
    company = CompanyFactory(api_client=other_caller.api_client, name="Theirs")

    response = caller.patch(f"/companies/{company.code}", {"name": "Mine"}, format="json")

    assert_refused(response, 404, "Company not found")
    company.refresh_from_db()
    assert company.name == "Theirs"


def test_patch_company_refuses_an_empty_name(caller):
    company = CompanyFactory(api_client=caller.api_client)

    response = caller.patch(f"/companies/{company.code}", {"name": ""}, format="json")

    assert response.status_code == 400
    assert response.json()["details"] == [{"field": "name", "message": "name should not be empty"}]


def test_a_second_client_never_sees_the_first_clients_company_through_any_header():
    first = make_caller()
    second = make_caller()
    CompanyFactory(api_client=first.api_client, code="ONE")
    key_header = APIClient(headers={"X-API-Key": second.raw_key})
    gateway_body = {"verb": "GET", "request": "companies", "vendor": "hlos"}

    assert second.get("/companies").json()["envelop"] == []
    assert key_header.get("/companies").json()["envelop"] == []
    assert second.post("/gateway", gateway_body, format="json").json()["envelop"] == []
    assert first.get("/companies").json()["envelop"][0]["companyCode"] == "ONE"


def test_create_company_without_a_key_is_401_with_empty_envelop(anonymous):
    response = anonymous.post("/companies", {"name": "A", "companyCode": "AAA"}, format="json")

    assert_refused(response, 401, "Unauthorized access", with_empty_envelop=True)
    assert not Company.objects.exists()
