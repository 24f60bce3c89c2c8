"""The shape of a shipment in answers (config.kernel.answers): the reads', the webhooks', and
the short one a movement request or an order shows of each of its shipments."""

from rest_framework import serializers

from config.kernel import answers
from tracking.choices import RECORD_TYPES, Carrier, Direction, EventSource, ShipmentStatus


class ShipmentLocationSerializer(answers.Answer):
    city = serializers.CharField(allow_null=True)
    region = serializers.CharField(allow_null=True)
    post_code = serializers.CharField(allow_null=True)
    country_code = serializers.CharField(allow_null=True, help_text="ISO 3166-1 alpha-2.")


class ShipmentEventSerializer(answers.Answer):
    """What the carrier (or an operator, or the sandbox) said about the parcel."""

    id = serializers.UUIDField()
    occurred_at = serializers.DateTimeField(help_text="When it happened, as the carrier says.")
    received_at = serializers.DateTimeField(help_text="When the service was told.")
    status = serializers.ChoiceField(choices=ShipmentStatus.choices)
    status_detail = serializers.CharField(
        allow_null=True, help_text="The carrier's or provider's own code for what happened."
    )
    message = serializers.CharField(help_text="The carrier's words.")
    location = ShipmentLocationSerializer(allow_null=True)
    source = serializers.ChoiceField(choices=EventSource.choices)


class ShipmentRecordSerializer(answers.Answer):
    """The movement request or order the parcel is a shipment of."""

    type = serializers.ChoiceField(choices=RECORD_TYPES)
    id = serializers.UUIDField()
    number = serializers.IntegerField(help_text="The movement request's or the order's number.")


class ShipmentSerializer(answers.Answer):
    """A parcel of a movement request or an order, with its carrier's events, oldest first."""

    id = serializers.UUIDField()
    carrier = serializers.ChoiceField(choices=Carrier.choices)
    tracking_code = serializers.CharField()
    tracking_link = serializers.CharField(allow_null=True)
    direction = serializers.ChoiceField(choices=Direction.choices)
    status = serializers.ChoiceField(choices=ShipmentStatus.choices)
    status_detail = serializers.CharField(allow_null=True)
    eta = serializers.DateField(allow_null=True, help_text="The delivery date expected.")
    delivered_at = serializers.DateTimeField(allow_null=True)
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()
    record = ShipmentRecordSerializer()
    events = ShipmentEventSerializer(many=True)


class ShipmentSummarySerializer(answers.Answer):
    """A shipment as its movement request or order shows it (the whole one:
    `GET /movement_requests/{id}/shipments`, `GET /orders/{id}/shipments`)."""

    id = serializers.UUIDField()
    carrier = serializers.ChoiceField(choices=Carrier.choices)
    tracking_code = serializers.CharField()
    status = serializers.ChoiceField(choices=ShipmentStatus.choices)
    eta = serializers.DateField(allow_null=True)
