"""SCIM's HTTP conventions (RFC 7644 §3.1, §3.12): bodies are `application/scim+json` (plain
`application/json` accepted too), and every error is an Error message with its status and, for
400 and 409, a `scimType`, never the API's envelope.

An error is first answered as the API answers it (config.api.envelope.exception_handler: its
status, headers, failed authentications counted, outages as 503), then said in SCIM's words.
The employee services' refusals name the API's fields; here they name SCIM's attributes."""

from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from scim2_models import Context, Error

from companies.api.scim_authentication import scim_authentication_refused
from config.api.envelope import INVALID_JSON_MESSAGE, exception_handler
from config.api.parsers import JSONBodyParser
from employees import services as employee_rules
from scim.errors import ScimRefusal
from scim.users import ATTRIBUTES

SCIM_MEDIA_TYPE = "application/scim+json"

# The employee rules' refusals, in SCIM's terms: status, scimType, the attribute to name.
RULES = {
    employee_rules.EMAIL_TAKEN: (409, "uniqueness", "userName"),
    employee_rules.REFERENCE_TAKEN: (409, "uniqueness", "externalId"),
    employee_rules.DNI_REQUIRED: (400, "invalidValue", ATTRIBUTES["governmentDNI"]),
    employee_rules.CPF_REQUIRED: (400, "invalidValue", ATTRIBUTES["cpf"]),
    employee_rules.CITY_NOT_RESOLVED: (400, "invalidValue", ATTRIBUTES["city"]),
}


class ScimRenderer(JSONRenderer):
    media_type = SCIM_MEDIA_TYPE
    charset = None


class ScimParser(JSONBodyParser):
    media_type = SCIM_MEDIA_TYPE


class ScimContentNegotiation(BaseContentNegotiation):
    """Every answer is SCIM JSON, whatever the Accept header asks (Okta sends
    `application/json`), and a body is read as the Content-Type it declares."""

    def select_parser(self, request, parsers):
        content_type = request.content_type.split(";")[0].strip().lower()
        return next((parser for parser in parsers if parser.media_type == content_type), None)

    def select_renderer(self, request, renderers, format_suffix=None):
        return renderers[0], renderers[0].media_type


def scim_exception_handler(exc, context) -> Response:
    refused = scim_authentication_refused(exc, context)
    if refused is not None:
        return refused
    answer = exception_handler(exc, context)
    status, scim_type, detail = answer.status_code, None, answer.data.get("message")
    if isinstance(exc, ScimRefusal):
        scim_type = exc.scim_type
    elif isinstance(detail, str) and detail in RULES:
        status, scim_type, attribute = RULES[detail]
        detail = f"{attribute}: {detail}"
    elif status == 400 and detail == INVALID_JSON_MESSAGE:
        # Said with why and where, as the API's detail says it (config.api.parsers).
        scim_type = "invalidSyntax"
        detail = ": ".join([detail, *(item["message"] for item in answer.data.get("details", []))])
    elif status == 400 and answer.data.get("details"):
        scim_type = "invalidValue"
        detail = "; ".join(_attribute_named(item) for item in answer.data["details"])
    error = Error(status=status, scim_type=scim_type, detail=_text(detail))
    body = error.model_dump(scim_ctx=Context.RESOURCE_QUERY_RESPONSE)
    return Response(body, status=status, headers=dict(answer.items()))


def _attribute_named(item: dict) -> str:
    field = item.get("field") or ""
    return f"{ATTRIBUTES.get(field, field)}: {item['message']}" if field else item["message"]


def _text(detail) -> str:
    return detail if isinstance(detail, str) else "; ".join(map(str, detail or ()))
