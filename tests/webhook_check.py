"""Every webhook the tests' local receivers (tests/receivers.py) are sent, checked against the
`webhooks` section of the live OpenAPI schema (config/api/webhooks.py), as tests/schema_check.py
checks the API's answers: the event's `type` must be a webhook of the schema, each header its
POST declares must be there with a value of its schema, and the body must match its schema,
judged by jsonschema's Draft 2020-12 validator over the same registry.

An `image` the service sent as a path (events keep paths while PUBLIC_BASE_URL is unset, as in
the tests: docs/decisions/0045-absolute-image-urls.md) is judged joined to the service's
address, as the schema's description tells a receiver to join it.

A webhook the schema does not allow fails the test whose receiver got it, naming the event type,
the JSON path in the body and the schema path that refused it.
"""

import copy
import json
import os
from collections.abc import Mapping
from functools import lru_cache

from django.conf import settings
from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

from config.api.webhook_events import EVENT_TYPES
from config.kernel.links import with_absolute_images
from tests.schema_check import (
    FORMATS,
    SCHEMA_URI,
    SESSION,
    SchemaCheck,
    SchemaViolation,
    _pointer,
)

RECORD = os.environ.get("SCHEMA_CHECK_RECORD")


class WebhookCheck:
    def __init__(self, check: SchemaCheck):
        self.webhooks = check.schema.get("webhooks", {})
        self.service = check.schema["servers"][0]["url"]
        self.registry = check.registry
        self.validators: dict[str, Draft202012Validator] = {}

    def check(self, headers: Mapping[str, str], body: str | bytes) -> None:
        """Raise SchemaViolation unless the schema's webhooks allow this POST."""
        try:
            payload = json.loads(body)
        except ValueError:
            raise SchemaViolation("A webhook was sent with a body that is no JSON") from None
        kind = payload.get("type") if isinstance(payload, dict) else None
        operation = self.webhooks.get(kind, {}).get("post") if isinstance(kind, str) else None
        if operation is None:
            raise SchemaViolation(
                f"A webhook of type {kind!r} was sent: the schema's webhooks have no such event"
            )
        name = f"Webhook {kind}"
        media = _header(headers, "Content-Type").split(";")[0].strip()
        content = operation["requestBody"]["content"]
        if media not in content:
            raise SchemaViolation(
                f"{name} was sent as {media!r}; the schema says {sorted(content)}"
            )
        for parameter in operation.get("parameters", []):
            if parameter["in"] == "header":
                self._check_header(name, parameter, headers)
        if not settings.PUBLIC_BASE_URL:
            payload = with_absolute_images(payload, self.service)
        self.check_body(kind, payload, media)

    def check_body(self, kind: str, payload, media: str = "application/json") -> None:
        """Raise SchemaViolation unless `payload` is a body the webhook `kind` may be sent."""
        pointer = _pointer("webhooks", kind, "post", "requestBody", "content", media, "schema")
        error = best_match(self._validator(pointer).iter_errors(payload))
        if error is not None:
            schema_path = "/".join(str(part) for part in error.absolute_schema_path)
            raise SchemaViolation(
                f"Webhook {kind} was sent against the schema:\n"
                f"  at {error.json_path}: {error.message[:500]}\n"
                f"  schema: {pointer} -> {schema_path}"
            )

    def _check_header(self, name: str, parameter: dict, headers: Mapping[str, str]) -> None:
        header = parameter["name"]
        value = _header(headers, header, None)
        if value is None:
            if parameter.get("required"):
                raise SchemaViolation(f"{name} was sent without its {header} header")
            return
        schema = parameter.get("schema", {})
        errors = list(Draft202012Validator(schema, format_checker=FORMATS).iter_errors(value))
        if errors:
            raise SchemaViolation(f"{name} was sent with {header}: {value!r}: {errors[0].message}")

    def _validator(self, pointer: str) -> Draft202012Validator:
        if pointer not in self.validators:
            self.validators[pointer] = Draft202012Validator(
                {"$ref": f"{SCHEMA_URI}#{pointer}"}, registry=self.registry, format_checker=FORMATS
            )
        return self.validators[pointer]


def _header(headers: Mapping[str, str], name: str, default: str | None = "") -> str | None:
    """A header's value whatever the case of its name (the receiver keeps them as sent)."""
    for key, value in headers.items():
        if key.lower() == name.lower():
            return value
    return default


@lru_cache(maxsize=1)
def _webhook_check(session: SchemaCheck) -> WebhookCheck:
    return WebhookCheck(session)


def judge_webhook(headers: Mapping[str, str], body: str | bytes) -> None:
    """Check a webhook against the session's schema (tests/conftest.py makes it): raise
    SchemaViolation, or record it (SCHEMA_CHECK_RECORD=<file>, as tests/schema_check.py does).
    Outside a test session (no schema), nothing is judged."""
    if not SESSION:
        return
    check = _webhook_check(SESSION[0])
    try:
        check.check(headers, body)
    except SchemaViolation as violation:
        if not RECORD:
            raise
        with open(RECORD, "a") as record:
            record.write(json.dumps(str(violation)) + "\n")


def example_data(kind: str) -> dict:
    """The `data` of the section's example of the event type `kind` (config/api/
    webhook_events.py): for an event a test records itself, to exercise delivery, with a body
    the receivers' check allows (`event_record(..., payload=example_data("order.updated"))`)."""
    examples = {event.kind: event.example for record in EVENT_TYPES for event in record.types}
    return copy.deepcopy(examples[kind])
