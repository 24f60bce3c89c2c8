"""The shapes of a bulk job and of its items' results in answers (config.kernel.answers)."""

from rest_framework import serializers

from bulk.choices import BulkJobStatus, BulkOperation
from bulk.filters import OUTCOMES
from config.kernel import answers


class BulkJobCountsSerializer(answers.Answer):
    total = serializers.IntegerField(help_text="Items in the job.")
    succeeded = serializers.IntegerField()
    failed = serializers.IntegerField()
    pending = serializers.IntegerField(
        help_text="Items not run yet (once the job is CANCELLED: never run)."
    )


class BulkJobSerializer(answers.Answer):
    """A bulk job: its operation, where it is, and how many of its items ran and how."""

    id = serializers.UUIDField()
    operation = serializers.ChoiceField(choices=BulkOperation.choices)
    status = serializers.ChoiceField(choices=BulkJobStatus.choices)
    counts = BulkJobCountsSerializer()
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    results_url = serializers.CharField(
        help_text="`GET` it for the items' results (absolute when the service knows its URL)."
    )


class BulkJobErrorSerializer(answers.Answer):
    message = serializers.JSONField(
        help_text="The error envelope's `message` the single call would have answered."
    )
    details = serializers.ListField(
        child=serializers.DictField(), allow_null=True, help_text="Its `details`, if any."
    )


class BulkItemResultSerializer(answers.Answer):
    """What an item's single call would have answered."""

    index = serializers.IntegerField(help_text="The item's position in `items`, from 0.")
    client_reference = serializers.CharField(allow_null=True)
    status = serializers.ChoiceField(choices=OUTCOMES)
    status_code = serializers.IntegerField(help_text="The single call's HTTP status.")
    resource_id = serializers.UUIDField(
        allow_null=True, help_text="The record it made or changed (null when it failed)."
    )
    error = BulkJobErrorSerializer(allow_null=True)
