"""OpenAPI: every operation's answers shown inside the envelopes the renderer really sends."""

from drf_spectacular.openapi import AutoSchema
from rest_framework import serializers

from config.api.envelope import SUCCESS_MESSAGE


class FieldErrorSerializer(serializers.Serializer):
    field = serializers.CharField(help_text="camelCase path of the field, e.g. hardwares[0].brand")
    message = serializers.CharField()


class ErrorEnvelopeSerializer(serializers.Serializer):
    statusCode = serializers.IntegerField()
    error = serializers.CharField(help_text="HTTP status name, e.g. Bad Request")
    message = serializers.CharField(
        help_text="Why the request was refused (an array of strings on alternative selection)."
    )
    details = FieldErrorSerializer(many=True, required=False, help_text="On validation errors.")
    envelop = serializers.ListField(
        child=serializers.JSONField(),
        required=False,
        help_text="An empty array, on the errors of POST and GET /companies.",
    )

    class Meta:
        ref_name = "ErrorEnvelope"


UNAUTHORIZED = "Missing, unknown or revoked API key."
BAD_REQUEST = "Invalid input, state or identifier."
NOT_FOUND = "No such record visible to this API client."


class EnvelopeAutoSchema(AutoSchema):
    def _get_response_bodies(self, direction="response"):
        responses = super()._get_response_bodies(direction)
        for code, response in responses.items():
            if code.startswith("2"):
                for media in response.get("content", {}).values():
                    media["schema"] = self._success_envelope(int(code), media["schema"])
        error_ref = self.resolve_serializer(ErrorEnvelopeSerializer, "response").ref
        errors = {"401": UNAUTHORIZED}
        takes_input = self.method != "GET" or "{" in self.path or self.get_override_parameters()
        if takes_input:
            errors["400"] = BAD_REQUEST
        if "{" in self.path:
            errors["404"] = NOT_FOUND
        for code, description in errors.items():
            responses.setdefault(code, {"description": description})
        for code, response in responses.items():
            if not code.startswith("2"):
                response["content"] = {"application/json": {"schema": error_ref}}
                response.setdefault("description", "")
        return responses

    @staticmethod
    def _success_envelope(status_code: int, data_schema: dict) -> dict:
        return {
            "type": "object",
            "required": ["statusCode", "message", "envelop"],
            "properties": {
                "statusCode": {"type": "integer", "example": status_code},
                "message": {"type": "string", "example": SUCCESS_MESSAGE},
                "envelop": data_schema,
            },
        }
