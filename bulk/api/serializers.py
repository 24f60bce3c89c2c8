from django.conf import settings
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from bulk.choices import BulkOperation
from bulk.services.jobs import TOO_MANY_ITEMS, BulkItem
from config.api import serializers as api
from config.api.fields import CompanyCodeField
from config.api.schema_hooks import NO_NUL

CLIENT_REFERENCE = "clientReference"
CLIENT_REFERENCE_MAX_LENGTH = 255
ITEM_NOT_AN_OBJECT = "An item is an object: the body of the operation's single call"
# PostgreSQL keeps no NUL character in text (nor in JSON), so an item holding one cannot wait
# for its run: refused with the job, in DRF's words for a text field.
NUL_CHARACTERS = "Null characters are not allowed."
INVALID_CLIENT_REFERENCE = (
    f"{CLIENT_REFERENCE} is text of 1 to {CLIENT_REFERENCE_MAX_LENGTH} characters"
)


@extend_schema_field(
    {
        "type": "object",
        "description": (
            "The body of the operation's single call (`POST /employees`, `POST /hardwares`, "
            "`POST /movement_requests/onboarding` or `/offboarding`), without `companyCode`: "
            "the job's is every item's. Judged when it runs, exactly as that call would judge it."
        ),
        "properties": {
            CLIENT_REFERENCE: {
                # null: none, as when it is left out.
                "type": ["string", "null"],
                "minLength": 1,
                "maxLength": CLIENT_REFERENCE_MAX_LENGTH,
                "pattern": NO_NUL,
                "description": "Yours, to match the item's result with it: echoed there.",
            }
        },
        "additionalProperties": True,
    }
)
class BulkItemField(serializers.Field):
    """An item: any object, whose `clientReference` (if sent) is taken out of its body. Nothing
    else of it is judged before it runs, but a NUL character anywhere in it."""

    def to_internal_value(self, data) -> BulkItem:
        if not isinstance(data, dict):
            raise serializers.ValidationError(ITEM_NOT_AN_OBJECT)
        if _holds_nul(data):
            raise serializers.ValidationError(NUL_CHARACTERS)
        body = dict(data)
        reference = body.pop(CLIENT_REFERENCE, None)
        if reference is not None and not (
            isinstance(reference, str) and 1 <= len(reference) <= CLIENT_REFERENCE_MAX_LENGTH
        ):
            raise serializers.ValidationError({CLIENT_REFERENCE: INVALID_CLIENT_REFERENCE})
        return BulkItem(body=body, client_reference=reference)


def _holds_nul(value) -> bool:
    if isinstance(value, str):
        return "\x00" in value
    if isinstance(value, dict):
        return any(_holds_nul(key) or _holds_nul(item) for key, item in value.items())
    if isinstance(value, list):
        return any(_holds_nul(item) for item in value)
    return False


class BulkJobCreateSerializer(api.Serializer):
    company_code = CompanyCodeField(help_text="A company this API client manages: every item's.")
    operation = serializers.ChoiceField(
        choices=BulkOperation.choices, help_text="The single call each item is the body of."
    )
    items = serializers.ListField(
        child=BulkItemField(),
        min_length=1,
        max_length=settings.BULK_JOB_MAX_ITEMS,
        error_messages={
            "min_length": TOO_MANY_ITEMS.format(maximum=settings.BULK_JOB_MAX_ITEMS),
            "max_length": TOO_MANY_ITEMS.format(maximum=settings.BULK_JOB_MAX_ITEMS),
        },
    )


class BulkJobCancelSerializer(api.Serializer):
    company_code = CompanyCodeField(help_text="The company the job belongs to.")
