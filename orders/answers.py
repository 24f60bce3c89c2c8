"""The shape of an order in answers (config.kernel.answers): the list's, the detail's, the
quote's and the webhooks'. orders.selectors reads their fields as plain rows, each from the
column its `source` names."""

from rest_framework import serializers

from config.kernel import answers
from config.kernel.answers import CountryCodeAnswerField, ImageUrlField
from hardware.answers import HardwareTypeNameField
from orders.choices import OrderStatus, SendTo
from tracking.answers import ShipmentSummarySerializer


class OrderEmployeeSerializer(answers.Answer):
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


class LineFieldsSerializer(answers.Answer):
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


class AlternativeGroupSerializer(answers.Answer):
    id = serializers.UUIDField()
    selected_id = serializers.UUIDField(allow_null=True)
    candidates = CandidateSerializer(many=True)


class OrderLineSerializer(LineFieldsSerializer):
    is_selected = serializers.BooleanField(allow_null=True, help_text="Null outside a group.")
    alternative_group = AlternativeGroupSerializer(allow_null=True)


class CreatedHardwareSerializer(answers.Answer):
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


class ResellerSerializer(answers.Answer):
    id = serializers.UUIDField()
    code = serializers.CharField()
    country_code = CountryCodeAnswerField()


class OrderSerializer(answers.Answer):
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
    shipments = ShipmentSummarySerializer(
        many=True,
        help_text="Its parcels, oldest first; each with its carrier's events at "
        "GET /orders/{id}/shipments.",
    )
    reseller_ids = ResellerSerializer(
        many=True, help_text="Only on orders made by an API client; otherwise empty."
    )
