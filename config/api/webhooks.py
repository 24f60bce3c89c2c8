"""OpenAPI's `webhooks` section: every event type the service sends to a company's `webhookUrl`
(config/api/webhook_events.py), as the POST it is, with its body, its Standard Webhooks
headers, when it is sent, an example, and what the receiver's answer does.

Every body is the outbox's envelope (companies.webhooks.outbox.event_record): `id`, `type`,
`timestamp`, and under `data` the record as the API's GET shows it: a `$ref` to the component
of the record's answer serializer. The envelope's `id` and `timestamp` are those of the event
feed's answer (companies.answers.EventSerializer), which shows each event as its webhook's body.

The section is written by this postprocessing hook rather than through drf-spectacular's
`WEBHOOKS` setting, which 0.30 builds from `extend_schema`: it drops an operation's parameters
(the signature headers), builds the components before the webhooks (a component only a webhook
uses, `WebhookTest`, shows only because postprocess_schema_enums builds them again), and the
envelope's constant `type` would take a serializer class per event type.

tests/webhook_check.py holds every webhook the tests deliver to this section.
"""

from datetime import timedelta

from django.conf import settings
from django.utils.module_loading import import_string
from drf_spectacular.plumbing import build_mocked_view
from drf_spectacular.utils import extend_schema

from config.api.webhook_events import EVENT_TYPES, EventType

# Named by path, as the settings name the apps' code: config/api sits below the apps.
FEED_EVENT = "companies.answers.EventSerializer"
DELIVERY = "companies.webhooks.delivery"


def _duration(delay: timedelta) -> str:
    seconds = int(delay.total_seconds())
    for unit, size in (("h", 3600), ("min", 60)):
        if seconds >= size and seconds % size == 0:
            return f"{seconds // size} {unit}"
    return f"{seconds} s"


def _delivery() -> str:
    """How an event is sent and retried, as companies.webhooks.delivery does (docs/webhooks.md)."""
    delivery = import_string(DELIVERY)
    exchange = settings.WEBHOOK_ATTEMPT_LEASE_SECONDS * delivery.EXCHANGE_SHARE_OF_LEASE
    delays = [_duration(delay) for delay in delivery.RETRY_DELAYS]
    return (
        "Sent once the change it tells of commits, signed per Standard Webhooks with the "
        "company's secret. Deduplicate by `webhook-id` (the body's `id`): an event may arrive "
        "more than once, and events are not guaranteed to arrive in the order they happened "
        "(compare `timestamp`, or the record's `updatedAt`). `image` URLs are absolute on the "
        "service's `PUBLIC_BASE_URL`; a deployment without one sends the path, to be joined "
        "to the service's address.\n\n"
        f"A 2xx answer within {exchange:g} s acknowledges the event. Any other answer, a "
        "redirect (not followed) or none in time is a failed attempt, retried with the same "
        f"`webhook-id` {', '.join(delays[:-1])} and {delays[-1]} after the first attempt "
        f"(each within 10%, later if `Retry-After` asks; {delivery.MAX_ATTEMPTS} attempts in "
        "all), then marked FAILED; a success sends the company's other waiting events at once. "
        "`GET /events` lists every event with its delivery, and "
        "`POST /events/{eventId}/redeliver` sends one again."
    )


# Standard Webhooks' headers: each a description and a pattern (None: the body's `id`'s).
SIGNATURE_HEADERS = {
    "webhook-id": (
        "The event's id, the body's `id`: the same on every attempt, so process it once.",
        None,
    ),
    "webhook-timestamp": (
        "When this attempt was signed, in seconds since the Unix epoch: refuse one far from "
        "your clock (Standard Webhooks libraries allow 5 minutes), a replay.",
        r"^[0-9]+$",
    ),
    "webhook-signature": (
        "`v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed "
        "with the company's secret (the base64 after `whsec_`; "
        "`POST /companies/{companyCode}/webhook-secret` issues a new one). Any Standard "
        "Webhooks library verifies it, e.g. Python's `Webhook(secret).verify(body, headers)`.",
        r"^v1,[A-Za-z0-9+/]{43}=$",
    ),
}
RESPONSES = {
    "2XX": {"description": "Taken: the event is DELIVERED, and not sent again unless redelivered."},
    "410": {"description": "Gone: the event is FAILED at once, without retries."},
    "default": {
        "description": "Any other answer, or none in time: a failed attempt, retried as the "
        "operation's description says."
    },
}
EXAMPLE_ID = "msg_2f1e4c7a9b3d4e8fa6c5b0d1e2f3a4b5"
EXAMPLE_TIMESTAMP = "2026-03-06T07:41:03.209114Z"


def _operation(event: EventType, data: dict, envelope: dict, delivery: str) -> dict:
    """The POST that sends an event of type `event`: its `data` of the schema `data`, inside
    the envelope whose `id` and `timestamp` are the event feed's (`envelope`), sent as
    `delivery` says."""
    body = {
        "type": "object",
        "required": ["id", "type", "timestamp", "data"],
        "properties": {
            "id": envelope["id"],
            "type": {"type": "string", "const": event.kind, "description": "The event type."},
            "timestamp": envelope["timestamp"],
            "data": data,
        },
    }
    example = {
        "id": EXAMPLE_ID,
        "type": event.kind,
        "timestamp": EXAMPLE_TIMESTAMP,
        "data": event.example,
    }
    return {
        "operationId": f"{event.kind.replace('.', '_')}_event",
        "summary": event.summary,
        "description": f"{event.sent_when}\n\n{delivery}",
        "tags": ["webhooks"],
        # No API key: the receiver knows the sender by the signature headers.
        "security": [],
        "parameters": [
            {
                "name": name,
                "in": "header",
                "required": True,
                "description": description,
                "schema": {"type": "string", "pattern": pattern or envelope["id"]["pattern"]},
            }
            for name, (description, pattern) in SIGNATURE_HEADERS.items()
        ],
        "requestBody": {
            "required": True,
            "content": {
                "application/json": {
                    "schema": body,
                    "examples": {event.kind: {"summary": event.summary, "value": example}},
                }
            },
        },
        "responses": RESPONSES,
    }


def webhooks_section(result, generator, request, public):
    """drf-spectacular postprocessing hook: the `webhooks` section, one POST per event type
    (EVENT_TYPES), each `data` a `$ref` to its record's answer component."""
    # A view's schema, to resolve serializers into the components as an operation would.
    auto_schema = build_mocked_view("POST", "/", extend_schema(), generator.registry).schema

    def component(serializer: str):
        return auto_schema.resolve_serializer(import_string(serializer)(), "response")

    envelope = component(FEED_EVENT).schema["properties"]
    delivery = _delivery()
    webhooks = {}
    for record in EVENT_TYPES:
        data = {**component(record.serializer).ref, "description": record.data}
        for event in record.types:
            webhooks[event.kind] = {"post": _operation(event, data, envelope, delivery)}
    result["webhooks"] = webhooks
    # The components only the webhooks use, resolved just now (WebhookTest).
    schemas = result["components"]["schemas"]
    for name, schema in generator.registry.build({}).get("schemas", {}).items():
        schemas.setdefault(name, schema)
    result["components"]["schemas"] = dict(sorted(schemas.items()))
    return result
