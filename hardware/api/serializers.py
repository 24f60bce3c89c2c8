from rest_framework import serializers

from config.api import serializers as api
from config.api.fields import (
    MAX_TEXT_LENGTH,
    CompanyCodeField,
    CountryCodeAnswerField,
    CountryCodeField,
    ImageUrlField,
    email_field,
)
from hardware.api.fields import HardwareTypeNameField, ItemTypeChoiceField
from hardware.choices import Brand, CreatedThrough, HardwareStatus


class HardwareCreateSerializer(api.Serializer):
    company_code = CompanyCodeField(help_text="A company this API client manages.")
    country_code = CountryCodeField(allow_eu=True)
    employee_profile_id = serializers.UUIDField(required=False)
    employee_email = email_field(required=False)
    hardware_type = ItemTypeChoiceField(required=False, allow_null=True)
    common_model_id = serializers.UUIDField(
        required=False,
        allow_null=True,
        help_text="A catalog item id; the item takes its name, specs and type.",
    )
    serial_number = serializers.CharField(
        max_length=100, required=False, allow_blank=True, default=""
    )
    description = serializers.CharField(
        max_length=MAX_TEXT_LENGTH, required=False, allow_null=True, allow_blank=True
    )
    date_bought = serializers.DateTimeField(required=False, allow_null=True)
    new_hardware = serializers.BooleanField(required=False, default=True)
    external_reference = serializers.CharField(max_length=200, required=False, allow_null=True)
    brand = serializers.ChoiceField(choices=Brand.choices, required=False, allow_null=True)
    model = serializers.CharField(max_length=200, required=False, allow_null=True)
    ram = serializers.CharField(max_length=50, required=False, allow_null=True)
    disk_space = serializers.CharField(max_length=50, required=False, allow_null=True)
    display_size = serializers.CharField(max_length=50, required=False, allow_null=True)
    processor = serializers.CharField(max_length=100, required=False, allow_null=True)
    gpu = serializers.CharField(max_length=100, required=False, allow_null=True)
    cost = serializers.DecimalField(
        max_digits=12, decimal_places=2, min_value=0, required=False, allow_null=True
    )
    cost_currency = serializers.RegexField(r"^[A-Z]{3}$", required=False, default="USD")

    class Meta:
        # Stated in the schema's descriptions (config.api.schema, EnvelopeAutoSchema).
        one_of = [
            (
                ("employee_profile_id", "employee_email"),
                "Send at most one of {fields}: with neither, the item goes to storage.",
            ),
            (("hardware_type", "common_model_id"), "Send exactly one of {fields}."),
        ]


# The shapes of the answers: the schema describes them, and hardware.selectors (and logistics',
# for movement requests) reads their fields as plain rows (config.api.shapes), each from the
# column its `source` names.


class EmployeeProfileSerializer(api.Serializer):
    id = serializers.UUIDField()
    first_name = serializers.CharField()
    last_name = serializers.CharField()
    email = serializers.EmailField()


class StorageRefSerializer(api.Serializer):
    id = serializers.UUIDField()
    country_code = CountryCodeAnswerField()


class NamedRefSerializer(api.Serializer):
    id = serializers.UUIDField()
    name = serializers.CharField()


class HardwareTypeRefSerializer(api.Serializer):
    name = HardwareTypeNameField()
    image = ImageUrlField()


class CommonModelSerializer(api.Serializer):
    name = serializers.CharField()
    ram = serializers.CharField(allow_null=True)
    display_size = serializers.CharField(allow_null=True)
    disk_space = serializers.CharField(allow_null=True)
    processor = serializers.CharField(allow_null=True)
    image = ImageUrlField()


class NoteAuthorSerializer(api.Serializer):
    email = serializers.EmailField()


class HardwareNoteSerializer(api.Serializer):
    content = serializers.CharField()
    created_at = serializers.DateTimeField()
    user = NoteAuthorSerializer()


class HardwareMovementStatusSerializer(api.Serializer):
    status = serializers.CharField(help_text="PROCESSING, COORDINATED or DONE.")


class MovementEmployeeRefSerializer(api.Serializer):
    id = serializers.UUIDField()
    first_name = serializers.CharField()
    last_name = serializers.CharField()
    country_code = CountryCodeAnswerField()


class RequesterSerializer(api.Serializer):
    email = serializers.EmailField()


class CompanyNameSerializer(api.Serializer):
    name = serializers.CharField()


class HardwareMovementSerializer(HardwareMovementStatusSerializer):
    """A movement request of the item, as the item's detail summarises it."""

    id = serializers.UUIDField()
    created_at = serializers.DateTimeField()
    type = serializers.CharField(help_text="ONBOARDING, OFFBOARDING or OFF_ON.")
    requester = RequesterSerializer(allow_null=True)
    send_to = serializers.CharField(help_text="EMPLOYEE or STORAGE.")
    handled_by = serializers.CharField(help_text="PROVIDER or COMPANY.")
    to_employee = MovementEmployeeRefSerializer(allow_null=True)
    from_employee = MovementEmployeeRefSerializer(allow_null=True)
    storage = StorageRefSerializer(allow_null=True)
    company = CompanyNameSerializer(allow_null=True)


class HardwareSummarySerializer(api.Serializer):
    """An item as other records (movement requests) show it."""

    id = serializers.UUIDField()
    description = serializers.CharField(allow_null=True)
    serial_number = serializers.CharField()
    brand = serializers.CharField(allow_null=True)
    name = serializers.CharField()
    ram = serializers.CharField(required=False, help_text="Only when the item has it.")
    disk_space = serializers.CharField(required=False, help_text="Only when the item has it.")
    display_size = serializers.CharField(required=False, help_text="Only when the item has it.")
    processor = serializers.CharField(required=False, help_text="Only when the item has it.")
    image = ImageUrlField()


class HardwareSerializer(HardwareSummarySerializer):
    date_bought = serializers.DateTimeField(allow_null=True)
    country_code = CountryCodeAnswerField()
    status = serializers.ChoiceField(choices=HardwareStatus.choices)
    new_hardware = serializers.BooleanField()
    external_reference = serializers.CharField(allow_null=True)
    factory_reset = serializers.BooleanField()
    damaged = serializers.BooleanField()
    cost = serializers.FloatField(allow_null=True)
    cost_currency = serializers.CharField()
    in_movement = serializers.BooleanField()
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()
    company_id = serializers.UUIDField()
    company_name = serializers.CharField(source="company.name")
    company = NamedRefSerializer()
    created_through = serializers.ChoiceField(choices=CreatedThrough.choices, allow_null=True)
    created_order_id = serializers.UUIDField(allow_null=True)
    created_user_id = serializers.IntegerField(allow_null=True)
    hardware_type = HardwareTypeRefSerializer()
    common_model = CommonModelSerializer(allow_null=True)
    employee_profile = EmployeeProfileSerializer(allow_null=True)
    storage = StorageRefSerializer(allow_null=True)
    hardware_note = HardwareNoteSerializer(many=True)
    movement_requests = HardwareMovementStatusSerializer(many=True)


class HardwareDetailSerializer(HardwareSerializer):
    movement_requests = HardwareMovementSerializer(many=True)


class HardwareCreatedSerializer(HardwareDetailSerializer):
    cost = serializers.CharField(allow_null=True, help_text="A decimal string, e.g. 1299.00")
    office_name = serializers.CharField(allow_null=True)
