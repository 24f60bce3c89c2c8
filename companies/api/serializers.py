from django.core.exceptions import ValidationError
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from companies.keys import SCIM_TOKEN_SCHEME
from companies.services import CompanyDetails
from config.api import serializers as api
from config.api.fields import COMPANY_CODE_PATTERN, CompanyCodeField, CountryCodeField, HttpUrlField
from config.kernel.links import is_http_url

# A SCIM token as made (companies/keys.py): its scheme, a 12-hex-digit prefix, 256 random bits.
SCIM_TOKEN_PATTERN = rf"^{SCIM_TOKEN_SCHEME}[0-9a-f]{{12}}\.[A-Za-z0-9_-]{{43}}$"


def http_url(value: str) -> None:
    """Whether its host answers, and is public, is judged when a webhook is sent
    (companies.webhooks.http), not here."""
    if not is_http_url(value):
        raise ValidationError("webhookUrl must be an http(s) URL")


class WebhookUrlField(HttpUrlField):
    """An http(s) URL, the only kind that can receive webhooks."""

    def __init__(self, **kwargs):
        super().__init__(
            max_length=500, allow_null=True, required=False, validators=[http_url], **kwargs
        )


class CompanyCreateSerializer(api.Serializer):
    name = serializers.CharField(max_length=200)
    company_code = serializers.RegexField(
        COMPANY_CODE_PATTERN,
        error_messages={"invalid": "companyCode must be exactly 3 letters or digits"},
    )
    country_code = CountryCodeField(required=False, allow_null=True)
    abm_code = serializers.CharField(max_length=100, required=False, allow_null=True)
    webhook_url = WebhookUrlField()


def company_details(data: dict | None) -> CompanyDetails | None:
    """The typed inline company of a CompanyCreateSerializer's (or a subclass's) validated
    data; the code is sent as companyCode."""
    if data is None:
        return None
    fields = {key: value for key, value in data.items() if key != "company_code"}
    return CompanyDetails(code=data["company_code"], **fields)


class CompanyUpdateSerializer(api.Serializer):
    name = serializers.CharField(max_length=200, required=False)
    abm_code = serializers.CharField(max_length=100, required=False, allow_null=True)
    webhook_url = WebhookUrlField()
    require_change_reason = serializers.BooleanField(
        required=False,
        help_text=(
            "When true, every write of this company through the API must send X-Change-Reason "
            "(else 400 `X-Change-Reason is required for this company`)."
        ),
    )
    complete_on_delivery = serializers.BooleanField(
        required=False,
        help_text=(
            "When true, an outbound parcel the carrier reports DELIVERED moves its ONBOARDING "
            "or OFF_ON movement request to DONE, the hardware landing with the employee, as "
            "the operator's move would (default false: the operator marks it)."
        ),
    )
    wipe_on_return = serializers.BooleanField(
        required=False,
        help_text=(
            "The default of an offboarding's `wipe`: when true, the items an offboarding "
            "returns to storage land AWAITING_WIPE, and cannot go out again until an operator "
            "records their data wipe (default false)."
        ),
    )


class WebhookSecretSerializer(api.Serializer):
    """The new signing secret, shown once, when it is made."""

    webhook_secret = serializers.CharField()


@extend_schema_field(
    {"type": "string", "pattern": SCIM_TOKEN_PATTERN, "example": f"scim_0123456789ab.{'x' * 43}"}
)
class ScimTokenField(serializers.CharField):
    pass


class ScimTokenSerializer(api.Serializer):
    """The company's new SCIM token, shown once, when it is made."""

    scim_token = ScimTokenField(
        help_text="`Authorization: Bearer <scimToken>` on the company's SCIM endpoints "
        "(/scim/v2/); it replaced the company's previous token, which is refused from now on.",
    )


# The body of POST /events/{eventId}/redeliver, for the schema: the view reads it through
# companies.api.scoping. (A comment: a docstring would be the schema's description.)
class EventRedeliverSerializer(api.Serializer):
    company_code = CompanyCodeField(help_text="The company the event belongs to.")
