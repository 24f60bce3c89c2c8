from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from config.api import serializers as api
from config.api.fields import (
    MAX_TEXT_LENGTH,
    CompanyCodeField,
    CountryCodeField,
    email_field,
)
from config.api.sandbox import StatusField
from hardware.api.fields import ItemTypeChoiceField
from hardware.choices import Brand, RetiredReason, WipeMethod
from hardware.corrections import moved_only_refuse


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


@extend_schema_field(
    {"type": "string", "format": "decimal", "pattern": r"^\d{1,10}(?:\.\d{1,2})?$"}
)
class DecimalStringField(serializers.DecimalField):
    """An amount (0 or more, up to 10 digits and 2 decimals) sent as the schema types it, a
    string (`"1299.00"`)."""

    def run_validation(self, data=serializers.empty):
        # DRF reads an empty string as null in a field that takes null: not an amount either.
        if data == "":
            self.fail("invalid")
        return super().run_validation(data)

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class HardwareUpdateSerializer(api.Serializer):
    company_code = CompanyCodeField(help_text="The company the item belongs to.")
    serial_number = serializers.CharField(
        max_length=100,
        required=False,
        allow_blank=True,
        help_text="Unique within the company; empty clears it.",
    )
    description = serializers.CharField(
        max_length=MAX_TEXT_LENGTH, required=False, allow_null=True, allow_blank=True
    )
    external_reference = serializers.CharField(max_length=200, required=False, allow_null=True)
    damaged = serializers.BooleanField(required=False)
    factory_reset = serializers.BooleanField(required=False)
    new_hardware = serializers.BooleanField(required=False)
    cost = DecimalStringField(
        max_digits=12, decimal_places=2, min_value=0, required=False, allow_null=True
    )
    cost_currency = serializers.RegexField(r"^[A-Z]{3}$", required=False)
    date_bought = serializers.DateTimeField(required=False, allow_null=True)

    class Meta:
        # companyCode and at least one thing to correct (else 400 `Nothing to update`).
        min_properties = 2

    def to_internal_value(self, data):
        """Refused first, and whatever else comes with them: the fields only a move changes."""
        if isinstance(data, dict):
            moved_only_refuse(data)
        return super().to_internal_value(data)


# A note on a move of the item's lifecycle (1 to 500 characters; blank is refused).
def _lifecycle_note() -> serializers.CharField:
    return serializers.CharField(
        required=False,
        max_length=500,
        help_text="Why, in a few words: kept on the item's lifecycle history.",
    )


class HardwareRetireSerializer(api.Serializer):
    company_code = CompanyCodeField(help_text="The company the item belongs to.")
    # A blank reason is a missing one (`reason should not be empty`), not a wrong one.
    reason = StatusField(
        choices=RetiredReason.choices,
        help_text="Why it leaves the fleet. Only an item retired as LOST or STOLEN can be "
        "reinstated (found again).",
    )
    note = _lifecycle_note()


class HardwareReinstateSerializer(api.Serializer):
    company_code = CompanyCodeField(help_text="The company the item belongs to.")
    note = _lifecycle_note()


class HardwareSandboxWipeSerializer(api.Serializer):
    company_code = CompanyCodeField(help_text="The company the item belongs to.")
    method = StatusField(
        choices=WipeMethod.choices,
        help_text="NIST SP 800-88 Rev. 1's method: CLEAR or PURGE make an item awaiting its "
        "wipe ACTIVE again; DESTROY retires it as DISPOSED.",
    )
