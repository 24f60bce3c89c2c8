"""drf-spectacular postprocessing hooks: what every operation's answers and inputs share
(headers, refusals, links, text rules), stated once for the whole schema."""

import json
import re

from drf_spectacular.drainage import warn

from config.api.docs import NO_QUERY_EXAMPLE, QUERY_EXAMPLES, QUERY_EXAMPLES_BY_PATH
from config.api.schema import error_response

ERROR_ENVELOPE = "#/components/schemas/ErrorEnvelope"

# config/api/throttling.py writes these; they are absent when the cache is down.
RATE_LIMIT_HEADERS = {
    "RateLimit-Limit": "Requests the budget this call counted against allows in its window.",
    "RateLimit-Remaining": "Requests left in the window.",
    "RateLimit-Reset": "Seconds until the oldest request counted leaves the window.",
}
RETRY_AFTER = (
    "Seconds to wait before calling again: on a 429 equal to RateLimit-Reset; on a 503 the time "
    "the service expects to need."
)
# Answered by any operation while the database does not answer (config.ops.outages).
SERVICE_UNAVAILABLE = (
    "The service cannot reach a dependency it needs (its database) right now: retry after "
    "Retry-After seconds. A write retried with the same Idempotency-Key is never applied twice."
)
RETRY_AFTER_STATUSES = ("429", "503")
TOO_MANY_REQUESTS = (
    "The request budget of the API client, or of the source address's failed authentications, "
    "is spent."
)


def service_unavailable_response(result, generator, request, public):
    """drf-spectacular postprocessing hook: every operation may answer 503 with Retry-After
    (rate_limit_headers, which runs after, adds the header) while the database is out."""
    for operations in result["paths"].values():
        for operation in operations.values():
            operation["responses"].setdefault("503", error_response(operation, SERVICE_UNAVAILABLE))
    return result


def rate_limit_headers(result, generator, request, public):
    """drf-spectacular postprocessing hook: every answer may carry the rate-limit headers (IETF
    draft "RateLimit header fields for HTTP"), and every operation may answer 429 with
    Retry-After."""
    integer = {"type": "integer", "minimum": 0}
    described = {**RATE_LIMIT_HEADERS, "Retry-After": RETRY_AFTER}
    result.setdefault("components", {}).setdefault("headers", {}).update(
        {
            name: {"description": description, "schema": integer}
            for name, description in described.items()
        }
    )
    for operations in result["paths"].values():
        for operation in operations.values():
            responses = operation.setdefault("responses", {})
            responses.setdefault("429", error_response(operation, TOO_MANY_REQUESTS))
            for code, response in responses.items():
                retry = ["Retry-After"] if code in RETRY_AFTER_STATUSES else []
                names = [*RATE_LIMIT_HEADERS, *retry]
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
CHANGE_REASON = {
    "name": "X-Change-Reason",
    "in": "header",
    "required": False,
    "description": (
        "Why this change is made, kept on the audit trail with every record the request writes: "
        "1 to 500 characters, no control characters, else 400 Invalid X-Change-Reason. Its "
        "bytes are read as UTF-8 when they are UTF-8 (`Réorganisation` sent as UTF-8 is kept "
        "so), else as Latin-1."
    ),
    "schema": {
        "type": "string",
        "minLength": 1,
        "maxLength": 500,
        "pattern": "^[ -~\u00a0-\u00ff]{1,500}$",
    },
    "example": "Replacing a broken screen (ticket 4821)",
}
# The one rule for a key, as the schema states it: the direct calls and the gateway check it.
WELL_FORMED_IDEMPOTENCY_KEY = re.compile(IDEMPOTENCY_KEY["schema"]["pattern"])
INVALID_IDEMPOTENCY_KEY = "Invalid Idempotency-Key"
IDEMPOTENCY_REFUSALS = {
    "409": "A request with this Idempotency-Key is still being processed (or another conflict).",
    "422": "Idempotency-Key has already been used for a different request.",
}


REPLAYED_HEADER = "Idempotent-Replayed"
# The writes that honour an Idempotency-Key, and the key as the request's environ holds it.
IDEMPOTENT_METHODS = ("POST", "PATCH")
IDEMPOTENCY_KEY_META = "HTTP_IDEMPOTENCY_KEY"


def idempotency_key_header(result, generator, request, public):
    """drf-spectacular postprocessing hook: every POST and PATCH takes the optional
    `Idempotency-Key` header (companies/api/idempotency.py), may answer 409 and 422, and marks
    an answer replayed from its key with `Idempotent-Replayed: true`; and takes the optional
    `X-Change-Reason` of the audit trail (config.kernel.audit)."""
    result.setdefault("components", {}).setdefault("headers", {})[REPLAYED_HEADER] = {
        "description": "Present on an answer replayed for a repeated Idempotency-Key.",
        "schema": {"type": "string", "enum": ["true"]},
    }
    # On POST /gateway the header is the dispatched call's: the gateway passes it on.
    for operations in result["paths"].values():
        for method, operation in operations.items():
            if method.upper() not in IDEMPOTENT_METHODS:
                continue
            operation.setdefault("parameters", []).extend(
                [dict(IDEMPOTENCY_KEY), dict(CHANGE_REASON)]
            )
            responses = operation.setdefault("responses", {})
            for code, description in IDEMPOTENCY_REFUSALS.items():
                responses.setdefault(code, error_response(operation, description))
            for response in responses.values():
                response.setdefault("headers", {})[REPLAYED_HEADER] = {
                    "$ref": f"#/components/headers/{REPLAYED_HEADER}"
                }
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
    (config/ops/request_ids.py)."""
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


OTHER_REFUSALS = (
    "Any other refusal, in the error envelope: 405 for a method the path does not take, 406 "
    "for an Accept it cannot answer, 413 for a body too large, 414 and 431 for a request line "
    "or headers too long (answered by the web server, before any operation), 415 for a body "
    "that is not JSON, 500 for an unexpected failure (a 5xx answer is never replayed, a 503 is "
    "listed on its own)."
)


def default_error_response(result, generator, request, public):
    """drf-spectacular postprocessing hook: every operation's `default` answer is the error
    envelope, so a status no other entry lists (405, 406, 413, 415, 500) is still typed. It is
    the plain ErrorEnvelope everywhere: the web server refuses some requests before any
    operation, without the `envelop` the company operations add to their own refusals."""
    default = {
        "description": OTHER_REFUSALS,
        "content": {"application/json": {"schema": {"$ref": ERROR_ENVELOPE}}},
    }
    for operations in result["paths"].values():
        for operation in operations.values():
            operation["responses"]["default"] = default
    return result


def server_applied_defaults(result, generator, request, public):
    """drf-spectacular postprocessing hook: a request field the server gives a value when it
    is absent shows that value in its description, not as a `default`: generated clients turn
    a `default` into a value they always send (or a field TypeScript requires)."""

    def move(schema: dict) -> None:
        for field in schema.get("properties", {}).values():
            if "default" in field:
                value = json.dumps(field.pop("default"))
                text = f"Absent: {value}, applied by the service."
                field["description"] = (
                    f"{field['description']} {text}" if "description" in field else text
                )

    for name, component in result["components"]["schemas"].items():
        if name.endswith("Request"):
            move(component)
    return result


def query_examples(result, generator, request, public):
    """drf-spectacular postprocessing hook: every query parameter shows its example, from the one
    list of them (config.api.docs.QUERY_EXAMPLES), which Swagger UI's "Try it out" fills in. A
    parameter with none (but a cursor) is a warning, which `make schema` fails on."""
    for path, operations in result["paths"].items():
        for method, operation in operations.items():
            for parameter in operation.get("parameters", []):
                name = parameter["name"]
                if parameter["in"] != "query" or name in NO_QUERY_EXAMPLE:
                    continue
                example = QUERY_EXAMPLES_BY_PATH.get((path, name), QUERY_EXAMPLES.get(name))
                if example is None:
                    warn(f"{method.upper()} {path}: query parameter {name} has no example")
                    continue
                parameter["example"] = example
    return result
