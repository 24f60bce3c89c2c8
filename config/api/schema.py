"""OpenAPI: every operation's answers shown inside the envelopes the renderer really sends."""

import re

from drf_spectacular.extensions import OpenApiSerializerFieldExtension
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.plumbing import get_doc
from drf_spectacular.utils import OpenApiParameter, extend_schema_field
from rest_framework import serializers

from config.api.envelope import SUCCESS_MESSAGE
from config.api.fields import country_code_pattern
from config.api.serializers import camel_case

# The `countryCode` criterion of the lists, as the schema shows it.
COUNTRY_CODE_PARAMETER = OpenApiParameter(
    "countryCode",
    str,
    # Empty is no criterion (allowEmptyValue, set by camel_case_path_parameters).
    pattern=country_code_pattern(allow_eu=True, allow_empty=True),
    description="ISO 3166-1 alpha-2 or EU, in any case; empty or absent for all.",
)


# The `updatedSince` criterion of the lists that sync by change time.
UPDATED_SINCE_PARAMETER = OpenApiParameter(
    "updatedSince",
    {"type": "string", "format": "date-time"},
    description=(
        "ISO 8601 date-time with its offset (`2026-11-23T09:30:00Z`): only the records whose "
        "updatedAt is at or after it. Every change a client can see moves updatedAt."
    ),
)


class CountryCodeFieldSchema(OpenApiSerializerFieldExtension):
    """A country code field is one of the codes it takes, in any case (answered in capitals)."""

    target_class = "config.api.fields.CountryCodeField"

    def map_serializer_field(self, auto_schema, direction):
        return {"type": "string", "pattern": self.target.schema_pattern()}


@extend_schema_field(
    {"oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]}
)
class MessageField(serializers.CharField):
    """A string, or an array of strings on the alternative-selection operation."""


class FieldErrorSerializer(serializers.Serializer):
    field = serializers.CharField(help_text="camelCase path of the field, e.g. hardwares[0].brand")
    message = serializers.CharField()


class ErrorEnvelopeSerializer(serializers.Serializer):
    statusCode = serializers.IntegerField()
    error = serializers.CharField(help_text="HTTP status name, e.g. Bad Request")
    message = MessageField(help_text="Why the request was refused.")
    details = FieldErrorSerializer(many=True, required=False, help_text="On validation errors.")
    envelop = serializers.ListField(
        child=serializers.JSONField(),
        required=False,
        help_text="An empty array, on the errors of POST and GET /companies.",
    )

    class Meta:
        ref_name = "ErrorEnvelope"


UNAUTHORIZED = "Missing, unknown or revoked API key."
BAD_REQUEST = "Invalid input, state or identifier."
NOT_FOUND = "No such record visible to this API client."


class EnvelopeAutoSchema(AutoSchema):
    def get_description(self) -> str:
        """The operation's own words only: its method's docstring, else its view class's. The
        docstrings of base views (IdempotentAPIView) are about code, not about an operation."""
        method = getattr(self.view, getattr(self.view, "action", self.method.lower()), None)
        view_doc = self.view.__class__.__dict__.get("__doc__")
        return get_doc(method) or (get_doc(self.view.__class__) if view_doc else "")

    def _unwrap_list_serializer(self, serializer, direction):
        """A `many=True` list with its bounds, which drf-spectacular leaves out (it shows those
        of a ListField): `minItems` when it may not be empty, `maxItems` for its `max_length`."""
        schema = super()._unwrap_list_serializer(serializer, direction)
        if schema and schema.get("type") == "array":
            if not serializer.allow_empty or serializer.min_length:
                schema["minItems"] = max(serializer.min_length or 0, 1)
            if serializer.max_length is not None:
                schema["maxItems"] = serializer.max_length
        return schema

    def _get_response_bodies(self, direction="response"):
        responses = super()._get_response_bodies(direction)
        for code, response in responses.items():
            if code.startswith("2"):
                for media in response.get("content", {}).values():
                    media["schema"] = self._success_envelope(int(code), media["schema"])
        error_ref = self.resolve_serializer(ErrorEnvelopeSerializer, "response").ref
        errors = {"401": UNAUTHORIZED}
        takes_input = self.method != "GET" or "{" in self.path or self.get_override_parameters()
        if takes_input:
            errors["400"] = BAD_REQUEST
        if takes_input:
            # A path's record, or one a body names (an employee by e-mail, a catalog item).
            errors["404"] = NOT_FOUND
        for code, description in errors.items():
            responses.setdefault(code, {"description": description})
        for code, response in responses.items():
            if not code.startswith("2"):
                response["content"] = {"application/json": {"schema": error_ref}}
                response.setdefault("description", "")
        return responses

    @staticmethod
    def _success_envelope(status_code: int, data_schema: dict) -> dict:
        return {
            "type": "object",
            "required": ["statusCode", "message", "envelop"],
            "properties": {
                "statusCode": {"type": "integer", "example": status_code},
                "message": {"type": "string", "example": SUCCESS_MESSAGE},
                "envelop": data_schema,
            },
        }


# List criteria that, sent empty (`?countryCode=`), are no criterion (docs/decisions.md, Lists).
EMPTY_IS_NO_CRITERION = {"countryCode", "type", "updatedSince", "since"}


def camel_case_path_parameters(result, generator, request, public):
    """drf-spectacular postprocessing hook: path parameters are named in camelCase, as in the
    interface (`/hardwares/{hardwareId}`), while the views keep Python's snake_case; a record's
    id is a UUID (the views take any string, to refuse others with the interface's message),
    unless its parameter declares a pattern of its own."""
    paths = {}
    for path, operations in result["paths"].items():
        path = re.sub(r"{(\w+)}", lambda match: "{" + camel_case(match.group(1)) + "}", path)
        for operation in operations.values():
            for parameter in operation.get("parameters", []):
                if parameter["in"] == "path":
                    parameter["name"] = camel_case(parameter["name"])
                    # An id of another form (an event's `msg_...`) declares its own pattern.
                    if parameter["name"].endswith("Id") and "pattern" not in parameter["schema"]:
                        parameter["schema"] = {"type": "string", "format": "uuid"}
                elif parameter["in"] == "query" and parameter["name"] in EMPTY_IS_NO_CRITERION:
                    parameter["allowEmptyValue"] = True
        paths[path] = operations
    result["paths"] = paths
    return result


# config/api/throttling.py writes these; they are absent when the cache is down.
RATE_LIMIT_HEADERS = {
    "RateLimit-Limit": "Requests the budget this call counted against allows in its window.",
    "RateLimit-Remaining": "Requests left in the window.",
    "RateLimit-Reset": "Seconds until the oldest request counted leaves the window.",
}
RETRY_AFTER = "Seconds to wait before calling again (equal to RateLimit-Reset)."
TOO_MANY_REQUESTS = (
    "The request budget of the API client, or of the source address's failed authentications, "
    "is spent."
)


def rate_limit_headers(result, generator, request, public):
    """drf-spectacular postprocessing hook: every answer may carry the rate-limit headers (IETF
    draft "RateLimit header fields for HTTP"), and every operation may answer 429 with
    Retry-After."""
    integer = {"type": "integer", "minimum": 0}
    described = {**RATE_LIMIT_HEADERS, "Retry-After": RETRY_AFTER}
    result.setdefault("components", {})["headers"] = {
        name: {"description": description, "schema": integer}
        for name, description in described.items()
    }
    error_ref = {"$ref": "#/components/schemas/ErrorEnvelope"}
    for operations in result["paths"].values():
        for operation in operations.values():
            responses = operation.setdefault("responses", {})
            responses.setdefault(
                "429",
                {
                    "description": TOO_MANY_REQUESTS,
                    "content": {"application/json": {"schema": error_ref}},
                },
            )
            for code, response in responses.items():
                names = [*RATE_LIMIT_HEADERS, *(["Retry-After"] if code == "429" else [])]
                response.setdefault("headers", {}).update(
                    {name: {"$ref": f"#/components/headers/{name}"} for name in names}
                )
    return result


# What an answer gives the next call: the id of the record it made, for reading it (and, for
# orders, changing it). Generated clients and Schemathesis' stateful tests follow them.
LINKS = {
    ("/employees", "post", "200"): {
        "GetEmployee": ("employees_retrieve", "employeeId", "/envelop/id"),
    },
    ("/hardwares", "post", "201"): {
        "GetHardware": ("hardwares_retrieve", "hardwareId", "/envelop/0/id"),
    },
    ("/movement_requests/onboarding", "post", "201"): {
        "GetMovementRequest": ("movement_requests_retrieve", "movementRequestId", "/envelop/0/id"),
    },
    ("/movement_requests/offboarding", "post", "201"): {
        "GetMovementRequest": ("movement_requests_retrieve", "movementRequestId", "/envelop/0/id"),
    },
    ("/orders/quote", "post", "201"): {
        "GetOrder": ("orders_retrieve", "orderId", "/envelop/0/id"),
        "SelectAlternative": ("orders_alternatives_select", "orderId", "/envelop/0/id"),
        "RemoveLines": ("orders_hardware_requests_remove", "orderId", "/envelop/0/id"),
    },
}


def response_links(result, generator, request, public):
    """drf-spectacular postprocessing hook: OpenAPI links from each answer that makes a
    record to the operations that take its id (LINKS)."""
    for (path, method, status), links in LINKS.items():
        response = result["paths"][path][method]["responses"][status]
        response["links"] = {
            name: {"operationId": operation, "parameters": {parameter: f"$response.body#{pointer}"}}
            for name, (operation, parameter, pointer) in links.items()
        }
    return result


# Text never holds a NUL character (DRF refuses it, PostgreSQL could not store it); text that
# may not be blank holds more than white space (DRF trims it before judging).
NO_NUL = "^[^\\u0000]*$"
NOT_BLANK = "^[^\\u0000]*[^\\s\\u0000][^\\u0000]*$"


def text_without_nul(result, generator, request, public):
    """drf-spectacular postprocessing hook: every free text a request sends (a string with no
    pattern, format or enum of its own) says it holds no NUL character, and, where it may not
    be blank, more than white space."""

    def state(schema: dict) -> None:
        if not isinstance(schema, dict):
            return
        if schema.get("type") == "string" and not {"pattern", "format", "enum"} & set(schema):
            schema["pattern"] = NOT_BLANK if schema.get("minLength", 0) >= 1 else NO_NUL
        for value in schema.values():
            if isinstance(value, dict):
                state(value)
            elif isinstance(value, list):
                for item in value:
                    state(item)

    for name, component in result["components"]["schemas"].items():
        if name.endswith("Request"):
            state(component)
    for operations in result["paths"].values():
        for operation in operations.values():
            for parameter in operation.get("parameters", []):
                state(parameter.get("schema"))
    return result


IDEMPOTENCY_KEY = {
    "name": "Idempotency-Key",
    "in": "header",
    "required": False,
    "description": (
        "1 to 255 printable ASCII characters naming this write, kept 24 hours per API client. "
        "Sent again with the same request, the first answer comes back byte for byte with "
        "`Idempotent-Replayed: true` and nothing runs again; with another request it is 422, "
        "while the first is still running 409. A 5xx answer is not kept: the retry runs."
    ),
    "schema": {"type": "string", "minLength": 1, "maxLength": 255, "pattern": "^[ -~]{1,255}$"},
}
IDEMPOTENCY_REFUSALS = {
    "409": "A request with this Idempotency-Key is still being processed (or another conflict).",
    "422": "Idempotency-Key has already been used for a different request.",
}


def idempotency_key_header(result, generator, request, public):
    """drf-spectacular postprocessing hook: every POST and PATCH takes the optional
    `Idempotency-Key` header (companies/api/idempotency.py) and may answer 409 and 422."""
    error_ref = {"$ref": "#/components/schemas/ErrorEnvelope"}
    # On POST /gateway the header is the dispatched call's: the gateway passes it on.
    for operations in result["paths"].values():
        for method, operation in operations.items():
            if method not in ("post", "patch"):
                continue
            operation.setdefault("parameters", []).append(dict(IDEMPOTENCY_KEY))
            responses = operation.setdefault("responses", {})
            for code, description in IDEMPOTENCY_REFUSALS.items():
                responses.setdefault(
                    code,
                    {
                        "description": description,
                        "content": {"application/json": {"schema": error_ref}},
                    },
                )
    return result


REQUEST_ID_HEADER = {
    "description": (
        "The request's id: the caller's own X-Request-ID when it is 1 to 128 printable ASCII "
        "characters, else one made for it. It is on every log line of the request."
    ),
    "schema": {"type": "string", "minLength": 1, "maxLength": 128, "pattern": "^[ -~]{1,128}$"},
}


def request_id_header(result, generator, request, public):
    """drf-spectacular postprocessing hook: every answer carries `X-Request-ID`
    (config/request_ids.py)."""
    result.setdefault("components", {}).setdefault("headers", {})["X-Request-ID"] = dict(
        REQUEST_ID_HEADER
    )
    for operations in result["paths"].values():
        for operation in operations.values():
            for response in operation.get("responses", {}).values():
                response.setdefault("headers", {})["X-Request-ID"] = {
                    "$ref": "#/components/headers/X-Request-ID"
                }
    return result
