from django.core.validators import MinValueValidator
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from config.api import serializers as api
from config.api.fields import CompanyCodeField
from orders.choices import OrderStatus

# Request bodies.

# The most lines an order holds: a quote makes at most this many, so a removal names at most
# this many.
MAX_ORDER_LINES = 200


class OrderRefSerializer(api.Serializer):
    """The body of cancel and confirm. The view reads `id` itself, to answer a missing one
    with the interface's `id is required`."""

    id = serializers.UUIDField(help_text="The order's id.")
    company_code = CompanyCodeField(help_text="The company the order belongs to.")


class OrderStatusSerializer(api.Serializer):
    id = serializers.UUIDField()
    status = serializers.ChoiceField(choices=OrderStatus.choices)


class BlankIsMissingUUIDField(serializers.UUIDField):
    """A UUID, where a blank string is refused as missing, as a blank text field is."""

    def to_internal_value(self, data):
        if isinstance(data, str) and not data.strip():
            self.fail("blank")
        return super().to_internal_value(data)


class AlternativeSelectSerializer(api.Serializer):
    company_code = CompanyCodeField(help_text="The company the order belongs to.")
    hardware_request_id = BlankIsMissingUUIDField(
        help_text="A candidate id: hardwares[].alternativeGroup.candidates[].id.",
        error_messages={"invalid": "hardwareRequestId must be a UUID"},
    )


@extend_schema_field(OpenApiTypes.INT)
class AsSentField(serializers.Field):
    """A value passed on as sent, to a service that words the refusal of a bad one itself.
    Its validators only state in the schema what the service takes; they are not run."""

    def to_internal_value(self, data):
        return data

    def run_validators(self, value):
        pass

    def to_representation(self, value):
        return value


@extend_schema_field({"type": "string", "format": "uuid"})
class LineIdField(serializers.CharField):
    """A line's id: a UUID in the schema; any other text is passed on to the service, which
    names it among the ids not found in the order."""


class LineRemovalSerializer(api.Serializer):
    hardware_request_id = LineIdField(max_length=36, help_text="The id of a line of the order.")
    amount = AsSentField(
        required=False,
        allow_null=True,
        validators=[MinValueValidator(1)],
        help_text="Units to remove, a positive integer; omitted, null, or the line's amount "
        "or more: the whole line.",
    )


class LinesRemoveSerializer(api.Serializer):
    class Meta:
        # The interface requires it; the service words its absence itself.
        schema_required = ["hardware_requests"]

    company_code = CompanyCodeField(help_text="The company the order belongs to.")
    # Emptiness is refused by the service, with the interface's message.
    # A ListField, not many=True: DRF would pass allow_null on to every entry, and a null
    # entry would reach the service.
    hardware_requests = serializers.ListField(
        child=LineRemovalSerializer(),
        required=False,
        allow_null=True,
        # Judged before any entry is (config.api.fields.strict_refusal).
        max_length=MAX_ORDER_LINES,
        error_messages={
            "max_length": f"hardwareRequests holds at most {MAX_ORDER_LINES} entries, "
            "as many as an order has lines"
        },
    )
