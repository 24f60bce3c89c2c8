"""OpenAPI: every operation's answers shown inside the envelopes the renderer really sends."""

import re

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiParameter, extend_schema_field
from rest_framework import serializers

from config.api.envelope import SUCCESS_MESSAGE
from config.api.serializers import camel_case

# The `countryCode` criterion of the lists, as the schema shows it.
COUNTRY_CODE_PARAMETER = OpenApiParameter(
    "countryCode",
    str,
    # Empty is no criterion.
    pattern=r"^([A-Za-z]{2})?$",
    description="ISO 3166-1 alpha-2 or EU, in any case; empty or absent for all.",
)


@extend_schema_field(
    {"oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]}
)
class MessageField(serializers.CharField):
    """A string, or an array of strings on the alternative-selection operation."""


class FieldErrorSerializer(serializers.Serializer):
    field = serializers.CharField(help_text="camelCase path of the field, e.g. hardwares[0].brand")
    message = serializers.CharField()


class ErrorEnvelopeSerializer(serializers.Serializer):
    statusCode = serializers.IntegerField()
    error = serializers.CharField(help_text="HTTP status name, e.g. Bad Request")
    message = MessageField(help_text="Why the request was refused.")
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
    def _unwrap_list_serializer(self, serializer, direction):
        """A `many=True` list with its bounds, which drf-spectacular leaves out (it shows those
        of a ListField): `minItems` when it may not be empty, `maxItems` for its `max_length`."""
        schema = super()._unwrap_list_serializer(serializer, direction)
        if schema and schema.get("type") == "array":
            if not serializer.allow_empty or serializer.min_length:
                schema["minItems"] = max(serializer.min_length or 0, 1)
            if serializer.max_length is not None:
                schema["maxItems"] = serializer.max_length
        return schema

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


def camel_case_path_parameters(result, generator, request, public):
    """drf-spectacular postprocessing hook: path parameters are named in camelCase, as in the
    interface (`/hardwares/{hardwareId}`), while the views keep Python's snake_case."""
    paths = {}
    for path, operations in result["paths"].items():
        path = re.sub(r"{(\w+)}", lambda match: "{" + camel_case(match.group(1)) + "}", path)
        for operation in operations.values():
            for parameter in operation.get("parameters", []):
                if parameter["in"] == "path":
                    parameter["name"] = camel_case(parameter["name"])
        paths[path] = operations
    result["paths"] = paths
    return result
