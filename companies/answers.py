"""The shapes of a company and of the event feed in answers (config.kernel.answers): GET
/companies, GET /events and GET /events/{eventId}. companies.selectors reads their columns."""

from rest_framework import serializers

from companies.models import Company, EventState
from config.kernel import answers
from config.kernel.answers import CountryCodeAnswerField

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
