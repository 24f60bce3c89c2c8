"""Every answer of the JSON API the suite receives, checked against the live OpenAPI schema.

The schema is generated once per session by drf-spectacular, as `/schema` serves it, and each
answer is judged by jsonschema's Draft 2020-12 validator (the dialect of OpenAPI 3.1's schema
objects): its status must be one its operation lists (or the operation's `default`), every
header the answer declares must hold a value of its schema (and a required one be present), and
its body must match the declared content. An answer to a path or method the schema does not
have is allowed only as the service's refusal of an unknown path: 404 or 405 in the error
envelope. Paths outside the JSON API (the admin, the docs, health, metrics, the schema itself)
are not judged.

An answer the schema does not allow fails the test that received it, naming the operation, the
status, the JSON path in the body and the schema path that refused it.
"""

import http.client
import io
import json
import os
import re
from datetime import date, datetime
from urllib.parse import urlsplit

from jsonschema import Draft202012Validator, FormatChecker
from jsonschema.exceptions import best_match
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

SCHEMA_URI = "urn:hlos:schema"
# SCIM describes itself (its discovery endpoints), in its own format (tests/scim/); the
# tracking providers' callbacks take and answer the providers' formats (tests/tracking/).
OUT_OF_SCOPE = (
    "/admin",
    "/static",
    "/health",
    "/metrics",
    "/schema",
    "/docs",
    "/scim/",
    "/tracking/webhooks/",
)
UNKNOWN_PATH_STATUSES = (404, 405)
# The gateway's answer to a dispatched HEAD is the direct HEAD's: no body (its description).
# A bulk job's results streamed as JSON Lines before any item ran: no line.
EMPTY_BODY_ALLOWED = {("gateway", 200), ("bulk_jobs_results", 200)}


def _pointer(*parts: str) -> str:
    return "".join("/" + str(part).replace("~", "~0").replace("/", "~1") for part in parts)


# jsonschema checks `date-time` only with an extra package installed; the service writes
# RFC 3339 times, which Python reads itself.
FORMATS = FormatChecker()


@FORMATS.checks("date-time", raises=ValueError)
def _is_date_time(value) -> bool:
    if not isinstance(value, str):
        return True
    if not re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)", value):
        return False
    return datetime.fromisoformat(value).tzinfo is not None


@FORMATS.checks("date", raises=ValueError)
def _is_date(value) -> bool:
    return not isinstance(value, str) or (bool(date.fromisoformat(value)) and len(value) == 10)


@FORMATS.checks("uuid")
def _is_uuid(value) -> bool:
    pattern = r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
    return not isinstance(value, str) or re.fullmatch(pattern, value, re.IGNORECASE) is not None


@FORMATS.checks("uri")
def _is_uri(value) -> bool:
    if not isinstance(value, str):
        return True
    parts = urlsplit(value)
    return bool(parts.scheme and parts.netloc)


@FORMATS.checks("email")
def _is_email(value) -> bool:
    return not isinstance(value, str) or re.fullmatch(r"[^@\s]+@[^@\s]+", value) is not None


def _is_json(media: str) -> bool:
    return media == "application/json" or media.endswith("+json")


class SchemaViolation(AssertionError):
    """An answer the schema does not allow."""


class SchemaCheck:
    def __init__(self, schema: dict):
        self.schema = schema
        resource = Resource.from_contents(schema, default_specification=DRAFT202012)
        self.registry = Registry().with_resource(SCHEMA_URI, resource)
        self.validators: dict[str, Draft202012Validator] = {}
        # Literal paths before templated ones (`/hardwares/storages` before `{hardwareId}`).
        self.routes = sorted(
            ((self._path_regex(path), path) for path in schema["paths"]),
            key=lambda route: route[1].count("{"),
        )

    @staticmethod
    def _path_regex(template: str) -> re.Pattern:
        parts = re.split(r"({\w+})", template)
        regex = "".join("[^/]+" if part.startswith("{") else re.escape(part) for part in parts)
        return re.compile(f"^{regex}$")

    def operation_for(self, method: str, path: str) -> tuple[str, dict] | None:
        for regex, template in self.routes:
            if regex.match(path):
                operation = self.schema["paths"][template].get(method.lower())
                return (template, operation) if operation else None
        return None

    def _errors(self, pointer: str, instance) -> list:
        validator = self.validators.get(pointer)
        if validator is None:
            validator = Draft202012Validator(
                {"$ref": f"{SCHEMA_URI}#{pointer}"}, registry=self.registry, format_checker=FORMATS
            )
            self.validators[pointer] = validator
        return list(validator.iter_errors(instance))

    def _resolve(self, item: dict) -> dict:
        while "$ref" in item:
            item = self.registry.resolver().lookup(SCHEMA_URI + item["$ref"]).contents
        return item

    def check(self, method: str, path: str, status: int, headers, content_type: str, body: bytes):
        """Raise SchemaViolation unless the schema allows this answer to `method path`."""
        if path != "/" and path.endswith("/"):
            path = path.rstrip("/")  # the API answers with or without a trailing slash
        method = method.upper()
        found = self.operation_for("GET" if method == "HEAD" else method, path)
        if found is None:
            if path.startswith(OUT_OF_SCOPE):
                return
            self._check_unknown_path(method, path, status, content_type, body)
            return
        if status in (301, 308) and headers.get("Location", "").startswith("https://"):
            return  # SECURE_SSL_REDIRECT: transport, answered before any operation
        template, operation = found
        name = f"{operation['operationId']} ({method} {template})"
        code = str(status)
        responses = operation["responses"]
        if code not in responses and "default" not in responses:
            raise SchemaViolation(f"{name} answered {status}, a status the schema does not list")
        key = code if code in responses else "default"
        response = self._resolve(responses[key])
        where = _pointer("paths", template, method.lower() if method != "HEAD" else "get")
        where += _pointer("responses", key)
        for header, declared in response.get("headers", {}).items():
            self._check_header(name, status, header, self._resolve(declared), headers)
        if method == "HEAD":
            return
        content = response.get("content")
        if not content:
            if body:
                raise SchemaViolation(f"{name} answered {status} with a body the schema lacks")
            return
        if not body and (operation["operationId"], status) in EMPTY_BODY_ALLOWED:
            return
        media = content_type.split(";")[0].strip()
        if media not in content:
            raise SchemaViolation(
                f"{name} answered {status} as {media!r}; the schema says {sorted(content)}"
            )
        if not _is_json(media):
            # A file answered as it is (a wipe's certificate, application/pdf): the schema
            # states its media type and its headers, which are judged; its bytes are its own.
            if not body:
                raise SchemaViolation(f"{name} answered {status} with an empty {media}")
            return
        self._check_body(name, status, where + _pointer("content", media, "schema"), body)

    def _check_header(self, name, status, header, declared, headers):
        value = headers.get(header)
        if value is None:
            if declared.get("required"):
                raise SchemaViolation(f"{name} answered {status} without its {header} header")
            return
        schema = declared.get("schema", {})
        instance = value
        if schema.get("type") == "integer":
            instance = int(value) if re.fullmatch(r"-?\d+", value) else value
        errors = list(Draft202012Validator(schema, format_checker=FORMATS).iter_errors(instance))
        if errors:
            raise SchemaViolation(
                f"{name} answered {status} with {header}: {value!r}: {errors[0].message}"
            )

    def _check_body(self, name, status, pointer, body: bytes):
        try:
            instance = json.loads(body)
        except ValueError:
            raise SchemaViolation(f"{name} answered {status} with a body that is no JSON") from None
        error = best_match(self._errors(pointer, instance))
        if error is not None:
            schema_path = "/".join(str(part) for part in error.absolute_schema_path)
            raise SchemaViolation(
                f"{name} answered {status} against the schema:\n"
                f"  at {error.json_path}: {error.message[:500]}\n"
                f"  schema: {pointer} -> {schema_path}"
            )

    def _check_unknown_path(self, method, path, status, content_type, body):
        """A path or method the schema lacks may only be refused as unknown, in the error
        envelope: any other answer is an operation the schema does not document."""
        name = f"{method} {path} (not in the schema)"
        if status not in UNKNOWN_PATH_STATUSES:
            raise SchemaViolation(f"{name} answered {status}: only 404 or 405 may answer it")
        if content_type.split(";")[0].strip() != "application/json":
            raise SchemaViolation(f"{name} answered {status} as {content_type!r}, not JSON")
        self._check_body(name, status, _pointer("components", "schemas", "ErrorEnvelope"), body)


# The session's check (tests/conftest.py sets it), and where violations are recorded instead of
# failing (SCHEMA_CHECK_RECORD=<file>, to count them across a whole run).
SESSION: list[SchemaCheck] = []
RECORD = os.environ.get("SCHEMA_CHECK_RECORD")


def judge(method: str, path: str, status: int, headers, content_type: str, body: bytes) -> None:
    """Check an answer with the session's check: raise SchemaViolation, or record it."""
    if not SESSION:
        return
    try:
        SESSION[0].check(method, path.partition("?")[0], status, headers, content_type, body)
    except SchemaViolation as violation:
        if not RECORD:
            raise
        with open(RECORD, "a") as record:
            record.write(json.dumps(str(violation)) + "\n")


class CheckedHTTPConnection(http.client.HTTPConnection):
    """An HTTP connection to a live server of the tests whose every answer is judged: its
    body is read, checked, and given back to be read again."""

    def putrequest(self, method, url, *args, **kwargs):
        self._checked_request = (method, url)
        return super().putrequest(method, url, *args, **kwargs)

    def getresponse(self):
        response = super().getresponse()
        body = response.read()
        method, url = self._checked_request
        content_type = response.getheader("Content-Type", "")
        judge(method, url, response.status, response.headers, content_type, body)
        response.fp, response.length, response.chunked = io.BytesIO(body), len(body), False
        return response


def live_schema() -> dict:
    """The schema `/schema` serves, as JSON."""
    from drf_spectacular.generators import SchemaGenerator
    from drf_spectacular.renderers import OpenApiJsonRenderer

    schema = SchemaGenerator().get_schema(request=None, public=True)
    return json.loads(OpenApiJsonRenderer().render(schema, renderer_context={}))
