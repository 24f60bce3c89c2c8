from django.core.validators import MinValueValidator
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from config.api import serializers as api
from config.api.fields import CompanyCodeField, CountryCodeAnswerField, ImageUrlField
from hardware.api.fields import HardwareTypeNameField
from orders.choices import OrderStatus, SendTo

# The shapes of the answers: the schema describes them, and orders.selectors reads their fields
# as plain rows (config.api.shapes), each from the column its `source` names.


class OrderEmployeeSerializer(api.Serializer):
    id = serializers.UUIDField()
    first_name = serializers.CharField()
    last_name = serializers.CharField()
    email = serializers.EmailField()
    phone = serializers.CharField(allow_null=True)
    government_dni = serializers.CharField(allow_null=True)
    city = serializers.CharField(allow_null=True)
    country_code = CountryCodeAnswerField()
    address = serializers.CharField()
    address_extra_info = serializers.CharField(allow_null=True)
    post_code = serializers.CharField()


class LineFieldsSerializer(api.Serializer):
    """The fields an order line and a candidate of its alternative group share."""

    id = serializers.UUIDField()
    amount = serializers.IntegerField()
    notes = serializers.CharField(allow_null=True)
    quoted_unit_price = serializers.CharField(
        allow_null=True, help_text="A decimal string, e.g. 1299.00"
    )
    created_at = serializers.DateTimeField()
    catalog_model_id = serializers.UUIDField(allow_null=True, source="catalog_item_id")
    manufacturer_part_number = serializers.CharField(allow_null=True)
    brand = serializers.CharField(allow_null=True)
    model = serializers.CharField(allow_null=True)
    hardware_type = HardwareTypeNameField()
    ram = serializers.CharField(required=False, help_text="Only when the line has it.")
    disk_space = serializers.CharField(required=False, help_text="Only when the line has it.")
    display_size = serializers.CharField(required=False, help_text="Only when the line has it.")
    processor = serializers.CharField(required=False, help_text="Only when the line has it.")
    image = ImageUrlField()
    external_item_id = serializers.CharField(allow_null=True)
    serial_numbers = serializers.ListField(child=serializers.CharField())
    is_available = serializers.BooleanField(allow_null=True)
    is_recommended = serializers.BooleanField(allow_null=True)


class CandidateSerializer(LineFieldsSerializer):
    is_selected = serializers.BooleanField(help_text="True for exactly one candidate.")
    is_original_request = serializers.BooleanField(
        help_text="True for the earliest candidate (createdAt, ties by id)."
    )


class AlternativeGroupSerializer(api.Serializer):
    id = serializers.UUIDField()
    selected_id = serializers.UUIDField(allow_null=True)
    candidates = CandidateSerializer(many=True)


class OrderLineSerializer(LineFieldsSerializer):
    is_selected = serializers.BooleanField(allow_null=True, help_text="Null outside a group.")
    alternative_group = AlternativeGroupSerializer(allow_null=True)


class CreatedHardwareSerializer(api.Serializer):
    id = serializers.UUIDField()
    brand = serializers.CharField(allow_null=True)
    description = serializers.CharField(allow_null=True)
    serial_number = serializers.CharField()
    name = serializers.CharField()
    hardware_type = HardwareTypeNameField(source="hardware_type.name")
    ram = serializers.CharField(required=False, help_text="Only when the item has it.")
    disk_space = serializers.CharField(required=False, help_text="Only when the item has it.")
    display_size = serializers.CharField(required=False, help_text="Only when the item has it.")
    processor = serializers.CharField(required=False, help_text="Only when the item has it.")
    image = ImageUrlField()
    cost = serializers.CharField(allow_null=True, help_text="A decimal string, e.g. 1299.00")
    date_bought = serializers.DateTimeField(allow_null=True)


class ResellerSerializer(api.Serializer):
    id = serializers.UUIDField()
    code = serializers.CharField()
    country_code = CountryCodeAnswerField()


class OrderSerializer(api.Serializer):
    id = serializers.UUIDField()
    order_number = serializers.IntegerField()
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()
    status = serializers.ChoiceField(choices=OrderStatus.choices)
    date = serializers.DateField(allow_null=True, help_text="Delivery date.")
    eta = serializers.DateField(allow_null=True)
    max_eta = serializers.DateField(allow_null=True)
    min_eta = serializers.DateField(allow_null=True)
    local_invoice = serializers.BooleanField()
    tracking_link = serializers.CharField(allow_null=True)
    tracking_code = serializers.CharField(allow_null=True)
    country_code = CountryCodeAnswerField()
    send_to = serializers.ChoiceField(choices=SendTo.choices)
    currency = serializers.CharField()
    date_completed = serializers.DateTimeField(allow_null=True)
    requester_email = serializers.EmailField(allow_null=True)
    api_client_requester_name = serializers.CharField(allow_null=True)
    company_name = serializers.CharField(source="company.name")
    client_name = serializers.CharField(allow_null=True)
    po_number = serializers.CharField(allow_null=True)
    is_external_order = serializers.BooleanField()
    employee_profile = OrderEmployeeSerializer(allow_null=True)
    hardwares = OrderLineSerializer(many=True, help_text="The top-level lines.")
    created_hardwares = CreatedHardwareSerializer(many=True)
    reseller_ids = ResellerSerializer(
        many=True, help_text="Only on orders made by an API client; otherwise empty."
    )


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
        # Judged before any entry is (config.api.fields.make_strict).
        max_length=MAX_ORDER_LINES,
        error_messages={
            "max_length": f"hardwareRequests holds at most {MAX_ORDER_LINES} entries, "
            "as many as an order has lines"
        },
    )
