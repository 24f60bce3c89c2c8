"""The shape of a movement request in answers (config.kernel.answers): the list's, the
detail's and the webhooks'. logistics.selectors reads their fields as plain rows, each from the
column its `source` names."""

from rest_framework import serializers

from config.kernel import answers
from config.kernel.answers import CountryCodeAnswerField
from hardware.answers import HardwareSummarySerializer, StorageRefSerializer
from logistics.choices import HandledBy, MovementStatus, MovementType, SendTo
from tracking.answers import ShipmentSummarySerializer


class MovementPersonSerializer(answers.Answer):
    id = serializers.UUIDField()
    first_name = serializers.CharField()
    last_name = serializers.CharField()
    country_code = CountryCodeAnswerField()
    email = serializers.EmailField()
    address = serializers.CharField()
    address_extra_info = serializers.CharField(allow_null=True)
    post_code = serializers.CharField()


class StatusChangeSerializer(answers.Answer):
    id = serializers.UUIDField(required=False, help_text="On the detail only.")
    created_at = serializers.DateTimeField()
    status_from = serializers.ChoiceField(choices=MovementStatus.choices, allow_null=True)
    status_to = serializers.ChoiceField(choices=MovementStatus.choices)


class MovementRequestSerializer(answers.Answer):
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
    wipe = serializers.BooleanField(
        allow_null=True,
        help_text="A return to storage: whether its items land awaiting a data wipe.",
    )
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
    storage = StorageRefSerializer(allow_null=True)
    company_name = serializers.CharField(source="company.name")
    hardwares = HardwareSummarySerializer(many=True)
    shipments = ShipmentSummarySerializer(
        many=True,
        help_text="Its parcels, oldest first; each with its carrier's events at "
        "GET /movement_requests/{id}/shipments.",
    )
