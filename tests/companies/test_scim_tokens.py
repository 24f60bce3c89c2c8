"""A company's SCIM token (docs/decisions/0085-scim-tokens.md): made by the API, the command and
the admin, shown once, stored as a hash, one at a time (a new one replaces the old at once),
and the authentication the SCIM endpoints use with it."""

import json
import re
import uuid
from datetime import timedelta
from functools import partial
from time import monotonic

import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse
from django.utils import timezone
from rest_framework import exceptions
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.test import APIClient, APIRequestFactory
from rest_framework.views import APIView

from companies import keys, selectors
from companies.api.scim_authentication import (
    API_KEY_SENT,
    INVALID_TOKEN,
    MISSING_TOKEN,
    ScimPrincipal,
    ScimTokenAuthentication,
    scim_authentication_refused,
    scim_company,
)
from companies.models import Company, IdempotencyKey, ScimToken
from companies.scim_tokens import scim_token_issue, scim_token_revoke
from companies.selectors import KEY_TRUSTED_SECONDS
from config.api.envelope import exception_handler
from config.kernel.actors import Actor
from config.kernel.audit import REASON_REQUIRED, Source, change_context
from tests.conftest import make_caller
from tests.factories import CompanyFactory
from tests.support import assert_refused, error, run_together, success

pytestmark = pytest.mark.django_db

SCIM_TOKEN = re.compile(r"^scim_[0-9a-f]{12}\.[A-Za-z0-9_-]{43}$")
TOKEN_ON_PAGE = re.compile(r"scim_[0-9a-f]{12}\.[A-Za-z0-9_-]{43}")
UNAUTHORIZED = error(401, "Unauthorized access")


@pytest.fixture
def company(caller):
    return CompanyFactory(api_client=caller.api_client, code="SCM", name="Scim Co")


def make_token(caller, code="SCM", **headers):
    return caller.post(f"/companies/{code}/scim-token", format="json", **headers)


def token_of(response) -> str:
    return response.json()["envelop"][0]["scimToken"]


def issued(company) -> str:
    _, raw_token = scim_token_issue(company=company, actor=Actor.command("test"))
    return raw_token


def authenticated(raw_token: str | None, **headers):
    """What ScimTokenAuthentication makes of a request with this bearer token (or headers)."""
    if raw_token is not None:
        headers["HTTP_AUTHORIZATION"] = f"Bearer {raw_token}"
    return ScimTokenAuthentication().authenticate(Request(APIRequestFactory().get("/", **headers)))


def refusal(raw_token: str) -> str:
    with pytest.raises(exceptions.AuthenticationFailed) as refused:
        authenticated(raw_token)
    return str(refused.value.detail)


def company_reached(raw_token: str) -> Company | None:
    try:
        result = authenticated(raw_token)
    except exceptions.AuthenticationFailed:
        return None
    return None if result is None else result[0].company


# --- POST /companies/{companyCode}/scim-token ---------------------------------------------------


def test_the_api_makes_a_token_answers_it_once_and_keeps_only_its_hash(caller, company):
    response = make_token(caller, "scm")

    raw_token = token_of(response)
    assert (response.status_code, response.json()) == (
        201,
        success([{"scimToken": raw_token}], 201),
    )
    assert SCIM_TOKEN.fullmatch(raw_token)
    token = ScimToken.objects.get(company=company)
    assert raw_token.startswith(f"scim_{token.prefix}.")
    assert token.hashed_key == keys.hash_key(raw_token)
    assert token.created_by == f"{caller.api_client.name} (API client)"
    assert token.last_used_at is None
    assert company_reached(raw_token) == company


def test_the_token_is_never_shown_again(caller, company):
    raw_token = token_of(make_token(caller))

    reads = [
        caller.get("/companies"),
        caller.get("/audit-events", {"companyCode": "SCM"}),
        caller.get("/companies/SCM/scim-token"),
    ]

    assert [response.status_code for response in reads] == [200, 200, 405]
    for response in reads:
        assert raw_token not in response.content.decode()
        assert raw_token.partition(".")[2] not in response.content.decode()


def test_a_new_token_replaces_the_old_one_at_once(caller, company):
    old = token_of(make_token(caller))
    assert company_reached(old) == company

    new = token_of(make_token(caller))

    assert new != old
    assert refusal(old) == INVALID_TOKEN
    assert company_reached(new) == company
    assert ScimToken.objects.filter(company=company).count() == 1


@pytest.mark.parametrize("whose", ["another client's", "unknown"])
def test_a_company_the_caller_does_not_manage_is_404_and_gets_no_token(caller, other_caller, whose):
    other = CompanyFactory(api_client=other_caller.api_client)
    kept = issued(other)

    response = make_token(caller, other.code if whose == "another client's" else "ZZZ")

    assert_refused(response, 404, "Company not found")
    assert company_reached(kept) == other
    assert ScimToken.objects.count() == 1


def test_making_a_token_needs_an_api_key(anonymous, company):
    response = anonymous.post("/companies/SCM/scim-token", format="json")

    assert (response.status_code, response.json()) == (401, UNAUTHORIZED)
    assert not ScimToken.objects.exists()


def test_a_scim_token_is_not_an_api_key(caller, company):
    raw_token = token_of(make_token(caller))

    response = APIClient().post(
        "/companies/SCM/scim-token", format="json", HTTP_AUTHORIZATION=f"Bearer {raw_token}"
    )

    assert (response.status_code, response.json()) == (401, UNAUTHORIZED)
    assert response["WWW-Authenticate"] == 'Bearer realm="api"'
    assert APIClient().get("/companies", HTTP_X_API_KEY=raw_token).status_code == 401
    assert company_reached(raw_token) == company  # still the company's token


def test_an_idempotency_keys_answer_is_not_kept_so_a_retry_makes_the_token_anew(caller, company):
    first = make_token(caller, HTTP_IDEMPOTENCY_KEY="scim-1")
    retried = make_token(caller, HTTP_IDEMPOTENCY_KEY="scim-1")

    assert [first.status_code, retried.status_code] == [201, 201]
    assert "Idempotent-Replayed" not in retried
    assert refusal(token_of(first)) == INVALID_TOKEN
    assert company_reached(token_of(retried)) == company
    # Kept nowhere: neither as the key's answer nor in the token's row.
    assert not IdempotencyKey.objects.filter(key="scim-1").exists()
    assert ScimToken.objects.filter(company=company).count() == 1


def test_a_company_requiring_reasons_refuses_a_token_without_one(caller, company):
    Company.objects.filter(pk=company.pk).update(require_change_reason=True)

    refused = make_token(caller)
    made = make_token(caller, HTTP_X_CHANGE_REASON="Connecting Entra ID")

    assert_refused(refused, 400, REASON_REQUIRED)
    assert made.status_code == 201
    [event, *_] = caller.get("/audit-events", {"companyCode": "SCM"}).json()["envelop"]
    assert (event["target"]["type"], event["action"], event["reason"]) == (
        "SCIM_TOKEN",
        "CREATED",
        "Connecting Entra ID",
    )


def test_the_trail_shows_tokens_made_and_replaced_without_the_token_or_its_maker(caller, company):
    first = token_of(make_token(caller))
    second = token_of(make_token(caller))

    events = caller.get("/audit-events", {"companyCode": "SCM", "targetType": "SCIM_TOKEN"})

    events = events.json()["envelop"]
    assert [(event["action"], event["target"]["label"]) for event in events] == [
        ("CREATED", f"{second.partition('.')[0]}…"),
        ("DELETED", f"{first.partition('.')[0]}…"),
        ("CREATED", f"{first.partition('.')[0]}…"),
    ]
    assert all(event["actor"]["type"] == "API_CLIENT" for event in events)
    assert events[0]["changes"]["hashedKey"] == {"old": "***", "new": "***"}
    assert "createdBy" not in events[0]["changes"]


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_two_tokens_made_at_once_leave_one_and_only_it_works():
    caller = make_caller()
    company = CompanyFactory(api_client=caller.api_client)

    responses = run_together(*[partial(make_token, caller, company.code)] * 4)

    assert [response.status_code for response in responses] == [201] * 4
    reached = [company_reached(token_of(response)) for response in responses]
    assert reached.count(company) == 1
    assert ScimToken.objects.filter(company=company).count() == 1


# --- manage.py create_scim_token ------------------------------------------------------------


def test_the_command_prints_a_working_token_as_its_last_line(manage, company):
    old = issued(company)

    run = manage("create_scim_token", "scm", "--reason", "Okta set up")

    assert (run.code, run.err) == (0, "")
    raw_token = run.out_lines[-1]
    assert SCIM_TOKEN.fullmatch(raw_token)
    assert company_reached(raw_token) == company
    assert refusal(old) == INVALID_TOKEN
    assert run.out_lines[0].startswith(f"Replaced SCIM token scim_{keys.prefix_of(old, 'scim_')}")
    token = ScimToken.objects.get(company=company)
    assert token.created_by == "create_scim_token (Management command)"
    row = token.pgh_event_model.objects.filter(pgh_obj_id=token.pk).get()
    assert row.pgh_context["actorName"] == "create_scim_token"
    assert row.pgh_context["reason"] == "Okta set up"


def test_the_command_refuses_an_unknown_company(manage):
    run = manage("create_scim_token", "ZZZ")

    assert run.code != 0
    assert "No company has the code ZZZ" in run.err
    assert not ScimToken.objects.exists()


# --- the admin --------------------------------------------------------------------------------


def change_page(company) -> str:
    return reverse("admin:companies_company_change", args=[company.pk])


def new_token_page(company) -> str:
    return reverse("admin:companies_company_scim_token", args=[company.pk])


def revoke_page(company) -> str:
    return reverse("admin:companies_company_scim_token_revoke", args=[company.pk])


def test_the_company_page_says_whether_it_has_a_token_and_offers_the_buttons(admin_client, company):
    without = admin_client.get(change_page(company)).text
    issued(company)
    token = ScimToken.objects.get(company=company)
    with_token = admin_client.get(change_page(company)).text

    assert "cannot provision its employees" in without
    assert new_token_page(company) in without
    assert revoke_page(company) not in without
    assert f"scim_{token.prefix}…" in with_token
    assert "last used never" in with_token
    assert revoke_page(company) in with_token
    adding = admin_client.get(reverse("admin:companies_company_add"))
    assert adding.status_code == 200
    assert "cannot provision its employees" in adding.text


def test_the_new_token_button_asks_first_then_makes_one_shown_on_its_page_once(
    admin_client, admin_user, company
):
    old = issued(company)

    confirmation = admin_client.get(new_token_page(company))
    assert confirmation.status_code == 200
    assert "replaces it at once" in confirmation.text
    assert company_reached(old) == company  # asking changes nothing

    page = admin_client.post(new_token_page(company), {"reason": "Entra reconnected"})

    assert page.status_code == 200
    [raw_token] = TOKEN_ON_PAGE.findall(page.text)
    assert company_reached(raw_token) == company
    assert refusal(old) == INVALID_TOKEN
    assert (
        ScimToken.objects.get(company=company).created_by == f"{admin_user.username} (Staff user)"
    )
    assert TOKEN_ON_PAGE.findall(admin_client.get(change_page(company)).text) == []
    row = ScimToken.pgh_event_model.objects.filter(pgh_label="CREATED").latest("pgh_id")
    assert row.pgh_context["actorType"] == "OPERATOR"
    assert row.pgh_context["reason"] == "Entra reconnected"


def test_revoking_in_the_admin_refuses_the_token_from_then_on(admin_client, company):
    raw_token = issued(company)

    confirmation = admin_client.get(revoke_page(company))
    response = admin_client.post(revoke_page(company), {"reason": ""})

    assert "refused at once" in confirmation.text
    assert response.status_code == 302
    assert response["Location"] == change_page(company)
    assert refusal(raw_token) == INVALID_TOKEN
    assert not ScimToken.objects.filter(company=company).exists()


def test_staff_who_may_not_change_companies_cannot_make_or_revoke_tokens(
    client, django_user_model, company
):
    staff = django_user_model.objects.create_user("viewer", password="x", is_staff=True)
    staff.user_permissions.add(Permission.objects.get(codename="view_company"))
    client.force_login(staff)
    raw_token = issued(company)

    answers = [client.post(new_token_page(company)), client.post(revoke_page(company))]

    assert [answer.status_code for answer in answers] == [403, 403]
    assert company_reached(raw_token) == company


# --- ScimTokenAuthentication ----------------------------------------------------------------


def test_a_good_token_authenticates_its_company(company):
    raw_token = issued(company)

    principal, token = authenticated(raw_token)

    assert principal == ScimPrincipal(company=company, token=token)
    assert token == ScimToken.objects.get(company=company)
    assert principal.is_authenticated
    # The scheme in any case, spaces around the token.
    assert authenticated(None, HTTP_AUTHORIZATION=f"bearer  {raw_token} ")[0].company == company


def test_the_last_use_is_recorded_at_most_once_a_minute(company, monkeypatch):
    raw_token = issued(company)

    authenticated(raw_token)
    first = ScimToken.objects.get(company=company).last_used_at
    authenticated(raw_token)
    unchanged = ScimToken.objects.get(company=company).last_used_at
    ScimToken.objects.filter(company=company).update(last_used_at=first - timedelta(minutes=2))
    monkeypatch.setattr(selectors, "monotonic", lambda: monotonic() + KEY_TRUSTED_SECONDS)
    authenticated(raw_token)  # read again, its trust run out
    refreshed = ScimToken.objects.get(company=company).last_used_at

    assert first is not None and unchanged == first
    assert refreshed > first - timedelta(minutes=1)
    assert refreshed <= timezone.now()


@pytest.mark.parametrize(
    "headers", [{}, {"HTTP_AUTHORIZATION": "Bearer"}, {"HTTP_AUTHORIZATION": "Basic eDp5"}]
)
def test_no_bearer_token_is_no_authentication(headers):
    assert authenticated(None, **headers) is None


def test_an_api_key_in_x_api_key_is_no_scim_authentication(caller):
    assert authenticated(None, HTTP_X_API_KEY=caller.raw_key) is None


def test_unknown_forged_replaced_and_revoked_tokens_are_refused(company):
    forged = issued(company)
    forged = forged[: forged.index(".") + 1] + "x" * 43
    replaced = issued(company)
    kept = issued(company)
    other = CompanyFactory()
    revoked = issued(other)
    scim_token_revoke(company=other)

    for raw_token in ("scim_000000000000." + "x" * 43, "scim_", forged, replaced, revoked):
        assert refusal(raw_token) == INVALID_TOKEN, raw_token
    assert company_reached(kept) == company


def test_an_api_key_is_not_a_scim_token(caller):
    assert refusal(caller.raw_key) == API_KEY_SENT


def test_an_inactive_clients_companies_tokens_are_refused(caller, company):
    raw_token = issued(company)
    caller.api_client.is_active = False
    caller.api_client.save()

    assert refusal(raw_token) == INVALID_TOKEN


# A SCIM view as the SCIM app writes one: authenticated by SCIM token alone, its refused
# authentications answered in SCIM's error format by the helper.


class CompanyNameView(APIView):
    authentication_classes = [ScimTokenAuthentication]
    permission_classes = [IsAuthenticated]

    def get_exception_handler(self):
        return lambda exc, context: (
            scim_authentication_refused(exc, context) or exception_handler(exc, context)
        )

    def get(self, request):
        return Response({"companyCode": scim_company(request).code})

    def post(self, request):
        company = scim_company(request)
        Company.objects.filter(pk=company.pk).update(name=request.data["name"])
        return Response({"companyCode": company.code})


def scim_call(method="get", raw_token=None, data=None, address="127.0.0.1"):
    headers = {"HTTP_AUTHORIZATION": f"Bearer {raw_token}"} if raw_token else {}
    factory = APIRequestFactory(REMOTE_ADDR=address)
    request = getattr(factory, method)("/scim/v2/Users", data, format="json", **headers)
    return CompanyNameView.as_view()(request)


def scim_error(detail: str) -> dict:
    return {
        "schemas": ["urn:ietf:params:scim:api:messages:2.0:Error"],
        "status": "401",
        "detail": detail,
    }


def test_a_scim_view_reaches_the_tokens_company(company):
    response = scim_call(raw_token=issued(company))

    assert response.status_code == 200
    assert response.data == {"companyCode": "SCM"}


@pytest.mark.parametrize(
    ("token", "detail"),
    [
        (None, MISSING_TOKEN),
        ("scim_000000000000." + "x" * 43, INVALID_TOKEN),
        ("hlos_", API_KEY_SENT),
    ],
)
def test_a_refused_authentication_is_401_in_scims_error_format(token, detail):
    response = scim_call(raw_token=token)

    assert response.status_code == 401
    assert response["Content-Type"] == "application/scim+json"
    assert response["WWW-Authenticate"] == 'Bearer realm="scim"'
    assert json.loads(response.content) == scim_error(detail)


def test_failed_authentications_beyond_the_budget_are_429_in_scims_format(settings):
    settings.API_AUTH_FAILURE_RATE = "2/min"
    # A source address no other test (or earlier run) has spent a budget from.
    address = f"2001:db8::{uuid.uuid4().hex[:4]}:{uuid.uuid4().hex[:4]}"

    statuses = [scim_call(raw_token="scim_0.x", address=address).status_code for _ in "ab"]
    response = scim_call(address=address)

    assert statuses == [401, 401]
    assert response.status_code == 429
    assert response["Content-Type"] == "application/scim+json"
    assert int(response["Retry-After"]) >= 1
    assert json.loads(response.content)["status"] == "429"


def test_the_helper_leaves_other_refusals_to_the_views_handler():
    assert scim_authentication_refused(exceptions.NotFound(), {"request": None}) is None


def test_a_write_with_a_scim_token_is_the_actor_scims_on_the_trail(caller, company):
    raw_token = issued(company)

    with change_context(Source.API):
        response = scim_call("post", raw_token, {"name": "Renamed by Entra"})

    assert response.status_code == 200
    events = caller.get("/audit-events", {"companyCode": "SCM", "targetType": "COMPANY"})
    [renamed, *_] = events.json()["envelop"]
    assert renamed["changes"]["name"] == {"old": "Scim Co", "new": "Renamed by Entra"}
    assert renamed["actor"] == {"type": "SCIM", "name": "SCIM"}
    scim_only = caller.get("/audit-events", {"companyCode": "SCM", "actorType": "SCIM"})
    assert [event["id"] for event in scim_only.json()["envelop"]] == [renamed["id"]]
    row = Company.pgh_event_model.objects.filter(pgh_obj_id=company.pk).latest("pgh_id")
    token = ScimToken.objects.get(company=company)
    assert row.pgh_context["companyCode"] == "SCM"
    assert row.pgh_context["scimTokenPrefix"] == token.prefix


def test_a_scim_token_never_authenticates_the_api_even_through_the_gateway(company):
    raw_token = issued(company)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {raw_token}")

    responses = [
        client.get("/companies"),
        client.post(
            "/gateway",
            {"verb": "GET", "request": "companies", "vendor": "hlos"},
            format="json",
        ),
    ]

    assert [response.status_code for response in responses] == [401, 401]
