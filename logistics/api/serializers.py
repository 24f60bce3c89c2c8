from rest_framework import serializers

from config.api import serializers as api
from employees.api.serializers import EmployeeInputSerializer
from logistics.choices import HandledBy, MovementStatus, MovementType, SendTo


class OnboardingSerializer(api.Serializer):
    company_code = serializers.CharField(help_text="A company this API client manages.")
    hardware_ids = serializers.ListField(
        child=serializers.UUIDField(),
        min_length=1,
        error_messages={"min_length": "hardwareIds needs at least one hardware id"},
    )
    expected_date = serializers.DateField(required=False, allow_null=True)
    employee_email = serializers.EmailField(required=False)
    employee = EmployeeInputSerializer(required=False)

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


# The shapes below describe the answers for the schema; the rows themselves are built by
# logistics.selectors without serializer machinery, and tests hold the two together.


class MovementPersonSerializer(api.Serializer):
    id = serializers.UUIDField()
    first_name = serializers.CharField()
    last_name = serializers.CharField()
    country_code = serializers.CharField()
    email = serializers.EmailField()
    address = serializers.CharField()
    address_extra_info = serializers.CharField(allow_null=True)
    post_code = serializers.CharField()


class StatusChangeSerializer(api.Serializer):
    id = serializers.UUIDField(required=False, help_text="On the detail only.")
    created_at = serializers.DateTimeField()
    status_from = serializers.ChoiceField(choices=MovementStatus.choices, allow_null=True)
    status_to = serializers.ChoiceField(choices=MovementStatus.choices)


class MovementStorageSerializer(api.Serializer):
    id = serializers.UUIDField()
    country_code = serializers.CharField()


class CarriedHardwareSerializer(api.Serializer):
    id = serializers.UUIDField()
    description = serializers.CharField(allow_null=True)
    serial_number = serializers.CharField()
    brand = serializers.CharField(allow_null=True)
    name = serializers.CharField()
    ram = serializers.CharField(required=False, help_text="Only when the item has it.")
    disk_space = serializers.CharField(required=False, help_text="Only when the item has it.")
    display_size = serializers.CharField(required=False, help_text="Only when the item has it.")
    processor = serializers.CharField(required=False, help_text="Only when the item has it.")
    image = serializers.CharField()


class MovementRequestSerializer(api.Serializer):
    id = serializers.UUIDField()
    movement_request_number = serializers.IntegerField()
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()
    type = serializers.ChoiceField(choices=MovementType.choices)
    status = serializers.ChoiceField(choices=MovementStatus.choices)
    eta = serializers.DateField(allow_null=True)
    send_to = serializers.ChoiceField(choices=SendTo.choices)
    handled_by = serializers.ChoiceField(choices=HandledBy.choices)
    expected_date = serializers.DateField(allow_null=True)
    factory_reset = serializers.BooleanField(allow_null=True)
    tracking_link = serializers.CharField(allow_null=True)
    tracking_code = serializers.CharField(allow_null=True)
    date_completed = serializers.DateTimeField(allow_null=True)
    api_client_requester_name = serializers.CharField(allow_null=True)
    requester_email = serializers.EmailField(allow_null=True)
    to_employee_id = serializers.UUIDField(allow_null=True)
    from_employee_id = serializers.UUIDField(allow_null=True)
    movement_request_status_historic = StatusChangeSerializer(many=True)
    to_employee = MovementPersonSerializer(allow_null=True)
    from_employee = MovementPersonSerializer(allow_null=True)
    storage = MovementStorageSerializer(allow_null=True)
    company_name = serializers.CharField()
    hardwares = CarriedHardwareSerializer(many=True)
