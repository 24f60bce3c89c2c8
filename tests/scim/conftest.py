"""An identity provider calling the SCIM service provider (/scim/v2/) with its company's SCIM
token, as Entra ID and Okta do, and what the tests of it share.

The company belongs to `caller` (tests/conftest.py), whose API key reads the employees back
through the API (`GET /employees/{id}`), as the company's own systems see them.
"""

import json

import pytest
from rest_framework.test import APIClient

from companies.scim_tokens import scim_token_issue
from config.kernel.actors import Actor
from tests.factories import CompanyFactory

SCIM_MEDIA_TYPE = "application/scim+json"
ERROR_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:Error"
LIST_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:ListResponse"
PATCH_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:PatchOp"
USER_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:User"
EMPLOYEE_SCHEMA = "urn:hlos:params:scim:schemas:extension:employee:2.0:User"
COMPANY_CODE = "ACM"


class IdentityProvider(APIClient):
    """Calls /scim/v2 as an identity provider: `Authorization: Bearer scim_…`, bodies in
    `application/scim+json` unless told otherwise, query strings sent as written (encoded as
    the provider encodes them)."""

    def __init__(self, raw_token: str | None, **kwargs):
        super().__init__(**kwargs)
        if raw_token is not None:
            self.credentials(HTTP_AUTHORIZATION=f"Bearer {raw_token}")

    def scim(
        self,
        method: str,
        path: str,
        body=None,
        *,
        query: str = "",
        content_type: str = SCIM_MEDIA_TYPE,
        **headers,
    ):
        url = f"/scim/v2{path}" + (f"?{query}" if query else "")
        data = "" if body is None else json.dumps(body)
        return self.generic(method, url, data, content_type=content_type, **headers)

    def patch_user(self, user_id: str, *operations: dict, **headers):
        body = {"schemas": [PATCH_SCHEMA], "Operations": list(operations)}
        return self.scim("PATCH", f"/Users/{user_id}", body, **headers)


def token_for(company) -> str:
    _, raw_token = scim_token_issue(company=company, actor=Actor.command("tests"))
    return raw_token


def identity_provider(company) -> IdentityProvider:
    return IdentityProvider(token_for(company))


@pytest.fixture
def company(caller):
    return CompanyFactory(api_client=caller.api_client, code=COMPANY_CODE, country_code="US")


@pytest.fixture
def idp(company) -> IdentityProvider:
    return identity_provider(company)


def scim_error(status: int, detail: str, scim_type: str | None = None) -> dict:
    """An Error message (RFC 7644 §3.12) as the service answers it: its status a string, a
    `scimType` only where the refusal has one."""
    body = {"schemas": [ERROR_SCHEMA], "status": str(status), "detail": detail}
    if scim_type is not None:
        body["scimType"] = scim_type
    return body


def assert_scim_refused(response, status: int, detail: str, scim_type: str | None = None):
    """The answer is this SCIM error and nothing else, in SCIM's media type."""
    assert (response.status_code, response.json()) == (
        status,
        scim_error(status, detail, scim_type),
    )
    assert response["Content-Type"] == SCIM_MEDIA_TYPE


def user_body(**changes) -> dict:
    """A whole User as the guide's mappings make a provider send it: a US employee at an
    address the geocoder resolves. A change of None leaves the attribute out."""
    body = {
        "schemas": [USER_SCHEMA, EMPLOYEE_SCHEMA],
        "userName": "lena.fischer@contoso.example",
        "externalId": "00u-lena",
        "name": {"givenName": "Lena", "familyName": "Fischer"},
        "active": True,
        "phoneNumbers": [{"type": "work", "value": "+1 212 736 0100"}],
        "addresses": [
            {
                "type": "work",
                "streetAddress": "350 5th Ave",
                "locality": "New York",
                "postalCode": "10118",
                "country": "US",
            }
        ],
        EMPLOYEE_SCHEMA: {"governmentDNI": "987-65-4321"},
    }
    body.update(changes)
    return {key: value for key, value in body.items() if value is not None}
