"""SCIM token authentication: `Authorization: Bearer scim_...` on the SCIM endpoints (/scim/v2/),
for the one company whose current token it is (docs/decisions/0085-scim-tokens.md).

A SCIM view declares `authentication_classes = [ScimTokenAuthentication]` and reads its company
with `scim_company(request)`: `request.user` is a `ScimPrincipal`, `request.auth` the ScimToken.
Its writes are the actor SCIM's on the audit trail. A request without a token, or with anything
but a company's current SCIM token (an API key, a replaced or revoked token), is refused:
`scim_authentication_refused`, called first by the SCIM views' exception handler, answers it in
SCIM's error format. The API's ApiKeyAuthentication takes no SCIM token (its scheme is `hlos_`).
"""

import math
from dataclasses import dataclass

from django.http import HttpResponse
from rest_framework import exceptions
from rest_framework.authentication import BaseAuthentication
from scim2_models import Error

from companies import keys
from companies.models import Company, ScimToken
from companies.selectors import scim_token_authenticate
from config.api.throttling import failed_authentication_counted
from config.kernel.audit import ActorType, actor_added

SCIM_CONTENT_TYPE = "application/scim+json"
# Who the trail says made the change (with the company's code and the token's prefix).
SCIM_ACTOR_NAME = "SCIM"
SCIM_WWW_AUTHENTICATE = 'Bearer realm="scim"'
MISSING_TOKEN = "A SCIM token is required: Authorization: Bearer scim_..."
INVALID_TOKEN = "Invalid SCIM token: unknown, replaced or revoked"
API_KEY_SENT = (
    "An API key is not a SCIM token: make the company's with "
    "POST /companies/{companyCode}/scim-token"
)
TOO_MANY_FAILURES = "Too many failed authentications from this address: retry after Retry-After"


@dataclass(frozen=True)
class ScimPrincipal:
    """Who calls the SCIM endpoints: a company's identity provider, by the company's token."""

    company: Company
    token: ScimToken

    # DRF treats the authenticated principal as `request.user`; IsAuthenticated asks this.
    is_authenticated = True

    @property
    def pk(self):
        """What a request budget counts by (config.api.throttling): the company's."""
        return self.company.pk


class ScimTokenAuthentication(BaseAuthentication):
    """Authenticates a company's identity provider. `request.user` is a ScimPrincipal,
    `request.auth` the ScimToken."""

    def authenticate(self, request):
        raw_token = bearer_token(request)
        if raw_token is None:
            return None
        token = scim_token_authenticate(raw_token=raw_token)
        if token is None:
            api_key = raw_token.startswith(keys.KEY_SCHEME)
            raise exceptions.AuthenticationFailed(API_KEY_SENT if api_key else INVALID_TOKEN)
        # The request's writes are the identity provider's on the audit trail.
        actor_added(
            ActorType.SCIM,
            SCIM_ACTOR_NAME,
            companyCode=token.company.code,
            scimTokenPrefix=token.prefix,
        )
        return ScimPrincipal(company=token.company, token=token), token

    def authenticate_header(self, request):
        # Makes DRF answer 401 (not 403) to an unauthenticated request.
        return SCIM_WWW_AUTHENTICATE


def bearer_token(request) -> str | None:
    """The token of `Authorization: Bearer <token>` (the scheme in any case), or None."""
    scheme, _, credentials = request.META.get("HTTP_AUTHORIZATION", "").partition(" ")
    token = credentials.strip() if scheme.lower() == "bearer" else ""
    return token or None


def scim_company(request) -> Company:
    """The company of the SCIM token the request was authenticated with."""
    if not isinstance(request.user, ScimPrincipal):
        raise exceptions.NotAuthenticated()  # a view not authenticated by SCIM token
    return request.user.company


def scim_authentication_refused(exc: Exception, context: dict) -> HttpResponse | None:
    """The answer to a refused authentication (`exc` NotAuthenticated or AuthenticationFailed):
    401 in SCIM's error format (RFC 7644 §3.12) with `WWW-Authenticate: Bearer realm="scim"`,
    or 429 with Retry-After once the source address has spent its budget of failed
    authentications (API_AUTH_FAILURE_RATE, as on the API). None for any other exception."""
    if not isinstance(exc, exceptions.NotAuthenticated | exceptions.AuthenticationFailed):
        return None
    throttled = failed_authentication_counted(context["request"], context.get("view"))
    if throttled is not None:
        retry_after = {"Retry-After": str(math.ceil(throttled.wait or 0))}
        return scim_error_response(429, TOO_MANY_FAILURES, headers=retry_after)
    detail = MISSING_TOKEN if isinstance(exc, exceptions.NotAuthenticated) else str(exc.detail)
    return scim_error_response(401, detail, headers={"WWW-Authenticate": SCIM_WWW_AUTHENTICATE})


def scim_error_response(status: int, detail: str, *, headers: dict | None = None) -> HttpResponse:
    """An error in SCIM's format: `{"schemas": [...Error], "status": "401", "detail": ...}`."""
    body = Error(status=status, detail=detail).model_dump_json()
    return HttpResponse(body, status=status, content_type=SCIM_CONTENT_TYPE, headers=headers)
