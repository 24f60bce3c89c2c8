"""OpenAPI: every operation's answers shown inside the envelopes the renderer really sends."""

import re

from drf_spectacular.drainage import warn
from drf_spectacular.extensions import OpenApiSerializerFieldExtension
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.plumbing import ResolvedComponent, build_array_type, get_doc
from drf_spectacular.utils import OpenApiParameter, extend_schema_field
from rest_framework import serializers

from config.api.envelope import SUCCESS_MESSAGE
from config.api.fields import country_code_pattern
from config.kernel.names import camel_case

# The `countryCode` criterion of the lists, as the schema shows it.
COUNTRY_CODE_PARAMETER = OpenApiParameter(
    "countryCode",
    str,
    # Empty is no criterion (allowEmptyValue, set by camel_case_path_parameters).
    pattern=country_code_pattern(allow_eu=True, allow_empty=True),
    description="ISO 3166-1 alpha-2 or EU, in any case; empty or absent for all.",
)


# The `updatedSince` criterion of the lists that sync by change time.
UPDATED_SINCE_PARAMETER = OpenApiParameter(
    "updatedSince",
    {"type": "string", "format": "date-time"},
    description=(
        "ISO 8601 date-time with its offset (`2026-11-23T09:30:00Z`): only the records whose "
        "updatedAt is at or after it. Every change a client can see moves updatedAt."
    ),
)


class CountryCodeFieldSchema(OpenApiSerializerFieldExtension):
    """A country code field is one of the codes it takes, in any case (answered in capitals)."""

    target_class = "config.api.fields.CountryCodeField"

    def map_serializer_field(self, auto_schema, direction):
        return {"type": "string", "pattern": self.target.schema_pattern()}


class ListSerializerSchema(OpenApiSerializerFieldExtension):
    """A `many=True` list of a body or an answer with its bounds, which drf-spectacular leaves
    out (it shows those of a ListField): `minItems` when it may not be empty, `maxItems` for
    its `max_length`."""

    target_class = "rest_framework.serializers.ListSerializer"

    def map_serializer_field(self, auto_schema, direction):
        entries = self.target
        component = auto_schema.resolve_serializer(entries.child, direction)
        if not component:
            return None
        schema = build_array_type(component.ref)
        if not entries.allow_empty or entries.min_length:
            schema["minItems"] = max(entries.min_length or 0, 1)
        if entries.max_length is not None:
            schema["maxItems"] = entries.max_length
        return schema


@extend_schema_field(
    {"oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]}
)
class MessageField(serializers.CharField):
    """A string, or an array of strings on the alternative-selection operation."""


class FieldErrorSerializer(serializers.Serializer):
    field = serializers.CharField(
        help_text="camelCase path of the field, e.g. hardwares[0].brand; `data` for the whole body"
    )
    message = serializers.CharField()
    line = serializers.IntegerField(
        min_value=1,
        required=False,
        help_text="On `Invalid JSON body`: the line where the body stops being JSON, from 1.",
    )
    column = serializers.IntegerField(
        min_value=1,
        required=False,
        help_text="On `Invalid JSON body`: the character of that line, from 1.",
    )


class ErrorEnvelopeSerializer(serializers.Serializer):
    statusCode = serializers.IntegerField()
    error = serializers.CharField(help_text="HTTP status name, e.g. Bad Request")
    message = MessageField(help_text="Why the request was refused.")
    details = FieldErrorSerializer(
        many=True,
        required=False,
        help_text=(
            "On validation errors; on `Invalid JSON body`, one saying why and where, e.g. "
            "`Expecting ',' delimiter at line 3, column 5` with its `line` and `column`."
        ),
    )

    class Meta:
        ref_name = "ErrorEnvelope"


class ErrorEnvelopeWithEnvelopSerializer(ErrorEnvelopeSerializer):
    """The errors of the operations whose views set `errors_carry_envelop` (POST and GET
    /companies): the interface shows them with an empty `envelop`."""

    envelop = serializers.ListField(
        child=serializers.JSONField(), max_length=0, help_text="Always an empty array."
    )

    class Meta:
        ref_name = "ErrorEnvelopeWithEnvelop"


UNAUTHORIZED = "Missing, unknown or revoked API key."
BAD_REQUEST = "Invalid input, state or identifier."
BAD_BODY = (
    "Invalid input, state or identifier; a body that is no JSON is `Invalid JSON body`, its "
    "one detail saying why and where (`Expecting ',' delimiter at line 3, column 5`, with "
    "`line` and `column`)."
)
# The methods whose operations read a body.
BODY_METHODS = ("POST", "PUT", "PATCH")
NOT_FOUND = "No such record visible to this API client."


class EnvelopeAutoSchema(AutoSchema):
    def get_description(self) -> str:
        """The operation's own words only: its method's docstring, else its view class's. The
        docstrings of base views (IdempotentAPIView) are about code, not about an operation."""
        method = getattr(self.view, getattr(self.view, "action", self.method.lower()), None)
        view_doc = self.view.__class__.__dict__.get("__doc__")
        return get_doc(method) or (get_doc(self.view.__class__) if view_doc else "")

    def resolve_serializer(self, serializer, direction, bypass_extensions=False):
        """A request body's cross-field rules, which JSON Schema could state only as a `oneOf`
        that the generated clients cannot carry (docs/decisions/0053-openapi-3-1-conventions.md),
        are written into the descriptions instead: its serializer's `Meta.one_of`, pairs of
        snake_case field names and the rule that binds them (`Send exactly one of {fields}.`).
        A field the service words its own refusal for when absent is still required in the
        schema when the interface requires it: `Meta.schema_required`. A component is resolved
        once and then found again for each operation using it: what is written is written
        once."""
        component = super().resolve_serializer(serializer, direction, bypass_extensions)
        meta = getattr(serializer, "Meta", None)
        if direction == "request" and meta is not None and component.schema:
            _state_cross_field_rules(component.schema, meta)
        return component

    def error_serializer(self) -> type[ErrorEnvelopeSerializer]:
        """The error envelope of this operation's refusals (every status, `default` too)."""
        if getattr(self.view, "errors_carry_envelop", False):
            return ErrorEnvelopeWithEnvelopSerializer
        return ErrorEnvelopeSerializer

    def get_operation(self, path, path_regex, path_prefix, method, registry):
        operation = super().get_operation(path, path_regex, path_prefix, method, registry)
        if operation is not None:
            self._enveloped(operation["responses"])
        return operation

    def _enveloped(self, responses: dict) -> None:
        """The operation's answers as the renderer sends them: its successes inside the success
        envelope, and its refusals (those it declares, and the 401, 400 and 404 every operation
        taking input may give) in the error envelope."""
        for code, response in responses.items():
            if code.startswith("2"):
                # A file (a wipe's certificate, application/pdf) is answered as it is.
                json_answers = (
                    content
                    for media_type, content in response.get("content", {}).items()
                    if media_type == "application/json"
                )
                for media in json_answers:
                    media["schema"] = self._success_envelope(media["schema"])
        error_ref = self.resolve_serializer(self.error_serializer(), "response").ref
        errors = {"401": UNAUTHORIZED}
        takes_input = self.method != "GET" or "{" in self.path or self.get_override_parameters()
        if takes_input:
            errors["400"] = BAD_BODY if self.method in BODY_METHODS else BAD_REQUEST
        if takes_input:
            # A path's record, or one a body names (an employee by e-mail, a catalog item).
            errors["404"] = NOT_FOUND
        for code, description in errors.items():
            responses.setdefault(code, {"description": description})
        for code, response in responses.items():
            if not code.startswith("2"):
                response["content"] = {"application/json": {"schema": error_ref}}
                response.setdefault("description", "")

    def _success_envelope(self, data_schema: dict) -> dict:
        """The named envelope component of a success answer, shared by every operation (and
        status) answering the same data: `<Shape>List` when `envelop` is an array of the
        component `<Shape>`, `<Shape>Result` when it is one `<Shape>` object. Data of no
        component of its own is named by its view's `envelope_shape`."""
        shape = data_schema.get("items", {}) if data_schema.get("type") == "array" else data_schema
        suffix = "List" if shape is not data_schema else "Result"
        if "$ref" in shape:
            name = shape["$ref"].rpartition("/")[2] + suffix
        elif getattr(self.view, "envelope_shape", None):
            name = self.view.envelope_shape + suffix
        else:
            raise ValueError(f"{self.method} {self.path}: name the envelope (envelope_shape)")
        schema = {
            "type": "object",
            "required": ["statusCode", "message", "envelop"],
            "properties": {
                "statusCode": {"type": "integer", "description": "The HTTP status, repeated."},
                "message": {"type": "string", "example": SUCCESS_MESSAGE},
                "envelop": data_schema,
            },
        }
        component = ResolvedComponent(name, ResolvedComponent.SCHEMA, schema=schema, object=name)
        if component in self.registry and self.registry[component].schema != schema:
            warn(f"{name}: two envelopes of one name hold different data ({self.path})")
        self.registry.register_on_missing(component)
        return self.registry[component].ref


def _state_cross_field_rules(schema: dict, meta) -> None:
    for names, rule in getattr(meta, "one_of", ()):
        text = rule.format(fields=" and ".join(f"`{camel_case(name)}`" for name in names))
        for name in names:
            field = schema["properties"][camel_case(name)]
            field["description"] = _with_text(field.get("description"), text, " ")
        schema["description"] = _with_text(schema.get("description"), text, "\n\n")
    for name in getattr(meta, "schema_required", ()):
        required = schema.setdefault("required", [])
        if camel_case(name) not in required:
            required.append(camel_case(name))
    # A body that must carry more than its required fields (a correction of something).
    if getattr(meta, "min_properties", None):
        schema["minProperties"] = meta.min_properties


def _with_text(description: str | None, text: str, separator: str) -> str:
    if description and text in description:
        return description
    return separator.join(filter(None, [description, text]))


def error_response(operation: dict, description: str) -> dict:
    """A refusal of `operation`, in the error envelope all its refusals share (its 401's)."""
    schema = operation["responses"]["401"]["content"]["application/json"]["schema"]
    return {"description": description, "content": {"application/json": {"schema": schema}}}


# List criteria that, sent empty (`?countryCode=`), are no criterion
# (docs/decisions/0026-lists-keyset-paging-and-criteria.md).
EMPTY_IS_NO_CRITERION = {
    "countryCode",
    "type",
    "updatedSince",
    "since",
    # GET /audit-events (companies.audit.criteria)
    "targetType",
    "targetId",
    "actorType",
    "action",
    "requestId",
    "until",
}


def camel_case_path_parameters(result, generator, request, public):
    """drf-spectacular postprocessing hook: path parameters are named in camelCase, as in the
    interface (`/hardwares/{hardwareId}`), while the views keep Python's snake_case; a record's
    id is a UUID (the views take any string, to refuse others with the interface's message),
    unless its parameter declares a pattern of its own."""
    paths = {}
    for path, operations in result["paths"].items():
        path = re.sub(r"{(\w+)}", lambda match: "{" + camel_case(match.group(1)) + "}", path)
        for operation in operations.values():
            for parameter in operation.get("parameters", []):
                if parameter["in"] == "path":
                    parameter["name"] = camel_case(parameter["name"])
                    # An id of another form (an event's `msg_...`) declares its own pattern.
                    if parameter["name"].endswith("Id") and "pattern" not in parameter["schema"]:
                        parameter["schema"] = {"type": "string", "format": "uuid"}
                elif parameter["in"] == "query" and parameter["name"] in EMPTY_IS_NO_CRITERION:
                    parameter["allowEmptyValue"] = True
        paths[path] = operations
    result["paths"] = paths
    return result
