"""The shapes of a company and of the event feed in answers (config.kernel.answers): GET
/companies, GET /events and GET /events/{eventId}. companies.selectors reads their columns."""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from companies.audit.criteria import ACTIONS as AUDIT_ACTIONS
from companies.models import Company, EventState
from config.kernel import answers
from config.kernel.answers import CountryCodeAnswerField
from config.kernel.audit import ActorType, Source

# An event's id, as its webhook's `webhook-id` header and body `id` carry it.
WEBHOOK_ID_PATTERN = r"^msg_[0-9a-f]{32}$"


class CompanySerializer(answers.ModelAnswer):
    company_code = serializers.CharField(source="code")
    country_code = CountryCodeAnswerField(allow_null=True)

    class Meta:
        model = Company
        fields = [
            "id",
            "created_at",
            "name",
            "company_code",
            "abm_code",
            "webhook_url",
            "company_source",
            "country_code",
            "legal_number",
            "contact_email",
            "phone",
            "require_change_reason",
            "complete_on_delivery",
            "wipe_on_return",
        ]


class EventDeliverySerializer(answers.Answer):
    state = serializers.ChoiceField(
        choices=EventState.values,
        help_text=(
            "PENDING: to be sent, or retried at nextAttemptAt; DELIVERED; FAILED: every attempt "
            "failed, or the receiver answered 410 Gone; NO_ENDPOINT: the company had no "
            "webhookUrl when it happened."
        ),
    )
    attempts = serializers.IntegerField(
        min_value=0,
        help_text="Attempts since it was (re)queued; a redeliver starts again from 0.",
    )
    last_attempt_at = serializers.DateTimeField(
        allow_null=True, help_text="When the latest attempt began; null before any."
    )
    next_attempt_at = serializers.DateTimeField(
        allow_null=True, help_text="When it is (re)tried next, while PENDING; null otherwise."
    )


class EventSerializer(answers.Answer):
    """An event exactly as its webhook's body, and how its delivery stands."""

    id = serializers.RegexField(
        WEBHOOK_ID_PATTERN, help_text="The event's id: its webhook's `webhook-id` header."
    )
    type = serializers.CharField(help_text="What happened, e.g. order.cancelled.")
    timestamp = serializers.DateTimeField(help_text="When it happened.")
    data = serializers.DictField(help_text="The record as its GET showed it then.")
    delivery = EventDeliverySerializer()


class EventAttemptSerializer(answers.Answer):
    at = serializers.DateTimeField(source="attempted_at", help_text="When the attempt began.")
    status_code = serializers.IntegerField(
        allow_null=True, help_text="The receiver's HTTP status; null when none came."
    )
    duration_ms = serializers.IntegerField(
        allow_null=True, help_text="How long it took; null while it runs or if interrupted."
    )
    error = serializers.CharField(
        allow_null=True, help_text="Why no answer came (refused address, timeout...); or null."
    )


class EventDetailSerializer(EventSerializer):
    attempts = EventAttemptSerializer(many=True, help_text="Every attempt, oldest first.")


# --- the audit trail (GET /audit-events; companies.audit) ---------------------------------------

# An event's id: its record's type in small letters and its row's number (`order_line:42`).
AUDIT_EVENT_ID_PATTERN = r"^[a-z_]+:[0-9]+$"
TARGET_TYPES_TEXT = (
    "COMPANY, SCIM_TOKEN, EMPLOYEE, HARDWARE, ORDER, MOVEMENT_REQUEST, SHIPMENT; or a child "
    "record's, "
    "whose parent says whose it is: ORDER_LINE and ALTERNATIVE_GROUP (of an ORDER), "
    "HARDWARE_NOTE and HARDWARE_WIPE (of a HARDWARE item)."
)


class AuditTargetSerializer(answers.Answer):
    type = serializers.CharField(help_text=f"The record's type: {TARGET_TYPES_TEXT}")
    id = serializers.CharField(help_text="The record's id (a note's is a number).")
    label = serializers.CharField(
        help_text="What people call it: an order's number, an item's name and serial, an "
        "employee's e-mail; as it was after the change (before it, for a deletion)."
    )


class AuditParentSerializer(answers.Answer):
    type = serializers.CharField(help_text="ORDER or HARDWARE.")
    id = serializers.UUIDField()


# Inline, not a named enum component: a second enum of a property named `type` would rename
# the movement type's `TypeEnum` in the typed clients. (`allow_null` adds the null.)
@extend_schema_field({"oneOf": [{"type": "string", "enum": ActorType.values}]})
class ActorTypeField(serializers.ChoiceField):
    pass


class AuditActorSerializer(answers.Answer):
    type = ActorTypeField(
        choices=ActorType.choices,
        allow_null=True,
        help_text="API_CLIENT, OPERATOR (the provider's staff), COMMAND, SYSTEM (a worker) or "
        "SCIM (the company's identity provider, by its SCIM token); null when not known (a "
        "change made outside the service's code).",
    )
    name = serializers.CharField(
        allow_null=True,
        help_text="The API client's, command's or task's name; \"Operations\" for an operator; "
        '"SCIM" for the identity provider.',
    )


class AuditChangeSerializer(answers.Answer):
    # Any JSON value, as the API shows the field (null included).
    old = serializers.JSONField(help_text="Before; null for a record created.")
    new = serializers.JSONField(help_text="After; null for a record deleted.")


class AuditEventSerializer(answers.Answer):
    """One change to one record of the company: who made it, through what, why, and what it
    changed, each field named and valued as the API shows it."""

    id = serializers.RegexField(AUDIT_EVENT_ID_PATTERN, help_text="Stable and unique.")
    occurred_at = serializers.DateTimeField(
        help_text="When the change's transaction began (its changes share it)."
    )
    action = serializers.ChoiceField(
        choices=AUDIT_ACTIONS,
        help_text="STATUS_CHANGED: an update that moved the record's status.",
    )
    target = AuditTargetSerializer()
    parent = AuditParentSerializer(
        allow_null=True, help_text="For a child record (an order line, a note): whose it is."
    )
    actor = AuditActorSerializer()
    source = serializers.ChoiceField(
        choices=Source.choices,
        allow_null=True,
        help_text="Through what: API, ADMIN (the back office), COMMAND, SANDBOX, WORKER.",
    )
    request_id = serializers.CharField(
        allow_null=True, help_text="The X-Request-ID of the request that made it."
    )
    idempotency_key = serializers.CharField(
        allow_null=True, help_text="The Idempotency-Key it was sent with."
    )
    reason = serializers.CharField(allow_null=True, help_text="Its X-Change-Reason, or --reason.")
    changes = serializers.DictField(
        child=AuditChangeSerializer(),
        help_text="Each field changed, as the API names it. A secret shows `***` for both.",
    )


# The data of company_webhook_test's event (companies.services), which has no record to show.
class WebhookTestSerializer(answers.Answer):
    """What a `webhook.test` event carries: the company, and the URL the test was sent to."""

    company_code = serializers.CharField(help_text="The company the test was asked for.")
    webhook_url = serializers.URLField(help_text="The URL it was sent to: the company's.")
