from django.conf import settings
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from bulk.choices import BulkOperation
from bulk.services.jobs import CLIENT_REFERENCE, CLIENT_REFERENCE_MAX_LENGTH, BulkItem
from config.api import serializers as api
from config.api.fields import CompanyCodeField
from config.api.schema_hooks import NO_NUL

ITEM_NOT_AN_OBJECT = "An item is an object: the body of the operation's single call"


ITEM_SCHEMA = {
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


@extend_schema_field(ITEM_SCHEMA)
class BulkItemField(serializers.Field):
    """An item: any object, whose `clientReference` (if sent) is taken out of its body, for
    bulk_job_create to judge."""

    def to_internal_value(self, data) -> BulkItem:
        if not isinstance(data, dict):
            raise serializers.ValidationError(ITEM_NOT_AN_OBJECT)
        body = dict(data)
        return BulkItem(body=body, client_reference=body.pop(CLIENT_REFERENCE, None))


@extend_schema_field(
    {"type": "array", "minItems": 1, "maxItems": settings.BULK_JOB_MAX_ITEMS, "items": ITEM_SCHEMA}
)
class BulkItemsField(serializers.ListField):
    pass


class BulkJobCreateSerializer(api.Serializer):
    company_code = CompanyCodeField(help_text="A company this API client manages: every item's.")
    operation = serializers.ChoiceField(
        choices=BulkOperation.choices, help_text="The single call each item is the body of."
    )
    # How many is the service's rule (bulk_job_create), stated here for the schema only.
    items = BulkItemsField(child=BulkItemField())


class BulkJobCancelSerializer(api.Serializer):
    company_code = CompanyCodeField(help_text="The company the job belongs to.")
