import re

from rest_framework import serializers

from companies.api.serializers import CompanyCreateSerializer
from config.api import serializers as api
from config.api.fields import MAX_TEXT_LENGTH, CompanyCodeField, email_field
from employees.api.serializers import EmployeeInputSerializer
from hardware.api.fields import ItemTypeChoiceField
from hardware.services import HardwareSpec
from logistics.choices import HandledBy

# The most items one movement carries (hardwareIds, and newHardwares).
MAX_HARDWARES = 500


class MovementEmployeeSerializer(EmployeeInputSerializer):
    """The interface's Employee input of movements: governmentDNI required, and no
    externalReferenceId, so an employee object is matched by its e-mail (rule 2: an existing
    e-mail updates that employee, never conflicts)."""

    government_dni = serializers.CharField(max_length=50)
    external_reference_id = None


def validate_distinct(ids: list) -> list:
    if len(set(ids)) != len(ids):
        raise serializers.ValidationError("hardwareIds must not repeat an id")
    return ids


class OnboardingSerializer(api.Serializer):
    company_code = CompanyCodeField(help_text="A company this API client manages.")
    hardware_ids = serializers.ListField(
        child=serializers.UUIDField(),
        min_length=1,
        max_length=MAX_HARDWARES,
        validators=[validate_distinct],
        error_messages={"min_length": "hardwareIds needs at least one hardware id"},
    )
    expected_date = serializers.DateField(required=False, allow_null=True)
    employee_email = email_field(required=False)
    employee = MovementEmployeeSerializer(required=False)

    class Meta:
        # Stated in the schema's descriptions (config.api.schema, EnvelopeAutoSchema).
        one_of = [(("employee_email", "employee"), "Send exactly one of {fields}.")]

    def validate(self, attrs):
        refused = {
            "company": "Onboarding takes companyCode only, not an inline company",
            "handledBy": "Onboarding is always handled by PROVIDER; do not send handledBy",
        }
        errors = {key: message for key, message in refused.items() if key in self.initial_data}
        if ("employee_email" in attrs) == ("employee" in attrs):
            errors["employeeEmail"] = "Send exactly one of employeeEmail and employee"
        if errors:
            raise serializers.ValidationError(errors)
        return attrs


class CompanyInputSerializer(CompanyCreateSerializer):
    """The interface's Company input: the creation's fields but the webhook."""

    webhook_url = None


class DateTimeWithTimeField(serializers.DateTimeField):
    """An ISO-8601 date-time that has its time. Python reads `2024-01-15` as midnight; the
    interface refuses a date alone, since the time of purchase would be made up."""

    default_error_messages = {
        "date_only": "{name} must be an ISO-8601 date-time with a time part "
        "(2024-01-15T10:30:00Z), not a date alone"
    }
    TIME_PART = re.compile(r"\d[Tt ]\d")

    def to_internal_value(self, value):
        if isinstance(value, str) and not self.TIME_PART.search(value):
            self.fail("date_only", name=self.field_name)
        return super().to_internal_value(value)


class NewHardwareSerializer(api.Serializer):
    # Set from the movement, never by the item (interface, newHardwares).
    FROM_THE_MOVEMENT = {
        "countryCode": "countryCode is set from the movement (the source employee's country); "
        "do not send it in newHardwares",
        "companyCode": "companyCode is set from the movement; do not send it in newHardwares",
        "employeeProfileId": "employeeProfileId is set from the movement (the source "
        "employee); do not send it in newHardwares",
    }

    serial_number = serializers.CharField(max_length=100)
    description = serializers.CharField(
        max_length=MAX_TEXT_LENGTH, required=False, allow_null=True, allow_blank=True
    )
    date_bought = DateTimeWithTimeField()
    hardware_type = ItemTypeChoiceField(required=False, allow_null=True)
    common_model_id = serializers.UUIDField(
        required=False, allow_null=True, help_text="A catalog item id, instead of hardwareType."
    )
    new_hardware = serializers.BooleanField(required=False, default=True)
    external_reference = serializers.CharField(max_length=200, required=False, allow_null=True)

    class Meta:
        one_of = [(("hardware_type", "common_model_id"), "Send exactly one of {fields}.")]

    def to_internal_value(self, data):
        # Unknown fields are dropped before `validate` sees them, so these are looked for here.
        if isinstance(data, dict):
            refused = {
                key: message for key, message in self.FROM_THE_MOVEMENT.items() if key in data
            }
            if refused:
                raise serializers.ValidationError(refused)
        return super().to_internal_value(data)


def new_hardware_specs(items: list[dict] | None) -> list[HardwareSpec] | None:
    """The typed newHardwares; their country is the movement's to set."""
    return None if items is None else [HardwareSpec(**fields) for fields in items]


class OffboardingHardwaresSerializer(api.Serializer):
    hardware_ids = serializers.ListField(
        child=serializers.UUIDField(),
        required=False,
        allow_null=True,
        max_length=MAX_HARDWARES,
        validators=[validate_distinct],
        help_text="Items on the source employee. An empty list, with newHardwares omitted, "
        "takes all of them.",
    )
    new_hardwares = NewHardwareSerializer(
        many=True,
        max_length=MAX_HARDWARES,
        required=False,
        allow_null=True,
        help_text="Items to create on the source employee and carry; standard offboarding only.",
    )

    def validate(self, attrs):
        # `allow_null` reaches the list's items too (DRF's many_init), so a null item would
        # pass as None: the list may be null, its items may not.
        if any(item is None for item in attrs.get("new_hardwares") or []):
            raise serializers.ValidationError(
                {"newHardwares": "Each item of newHardwares must be an object"}
            )
        return attrs


class OffboardingSerializer(api.Serializer):
    company_code = CompanyCodeField(required=False, help_text="A company this API client manages.")
    company = CompanyInputSerializer(required=False)
    employee_email = email_field(required=False)
    employee = MovementEmployeeSerializer(required=False)
    to_employee_email = email_field(
        required=False, allow_null=True, help_text="Makes the request an OFF_ON."
    )
    handled_by = serializers.ChoiceField(choices=HandledBy.choices)
    factory_reset = serializers.BooleanField(
        required=False, allow_null=True, help_text="Ignored for OFF_ON."
    )
    wipe = serializers.BooleanField(
        required=False,
        allow_null=True,
        help_text=(
            "A return to storage: its items land AWAITING_WIPE, and go out again once an "
            "operator has recorded their data wipe. Default: the company's wipeOnReturn. "
            "Ignored for OFF_ON."
        ),
    )
    expected_date = serializers.DateField(required=False, allow_null=True)
    hardwares = OffboardingHardwaresSerializer()

    class Meta:
        one_of = [
            (("company_code", "company"), "Send exactly one of {fields}."),
            (("employee_email", "employee"), "Send exactly one of {fields}."),
        ]

    def validate(self, attrs):
        errors = {}
        if "company_code" in attrs and "company" in attrs:
            errors["companyCode"] = "Send exactly one of companyCode and company"
        if "employee_email" in attrs and "employee" in attrs:
            errors["employeeEmail"] = "Send exactly one of employeeEmail and employee"
        elif "employee_email" not in attrs and "employee" not in attrs:
            errors["employeeEmail"] = "Employee email is required"
        if errors:
            raise serializers.ValidationError(errors)
        return attrs
