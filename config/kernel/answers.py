"""The shapes of the answers: what a client is shown of a record, declared once per shape.

An answer's shape is a serializer class (DRF's declaration of fields and their types) whose
fields carry the interface's camelCase names: `government_dni` is shown as `governmentDNI`,
read from the `government_dni` column. The OpenAPI schema is built from these classes, and the
selectors read their fields' columns as plain rows (config.kernel.rows), both for the API's
answers and for the webhooks' payloads, which show a record as GET does. That is why the shapes
sit here, below the API layer: a service records an event with the record's answer, and no
service imports the API.

Each app keeps its shapes in its `answers.py`; the API's views name them in their schema, and
its input serializers (config.api.serializers) speak the same camelCase.
"""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from config.kernel.countries import country_codes
from config.kernel.links import absolute_url, url_base
from config.kernel.names import camel_case


class CamelCaseMixin:
    # A serializer whose fields are shown under their camelCase names, each reading (and
    # writing) the attribute or column of its snake_case name.

    def get_fields(self):
        fields = {}
        for name, field in super().get_fields().items():
            exposed = camel_case(name)
            if exposed != name and field.source is None:
                field.source = name
            fields[exposed] = field
        return fields


# No docstrings on the bases: the schema describes each shape by the first docstring of its
# class's MRO.


class Answer(CamelCaseMixin, serializers.Serializer):
    pass  # The shape of an answer, or of an object inside one.


class ModelAnswer(CamelCaseMixin, serializers.ModelSerializer):
    pass  # The shape of an answer that shows a model's fields as they are declared.


# A country code as an answer writes it: one of the codes the requests take, in capitals.
ANSWER_COUNTRY_CODE_PATTERN = rf"^(?:{'|'.join(country_codes(allow_eu=True))})$"


@extend_schema_field({"type": "string", "pattern": ANSWER_COUNTRY_CODE_PATTERN})
class CountryCodeAnswerField(serializers.CharField):
    """An ISO 3166-1 alpha-2 code (or EU, a storage's) in an answer."""


@extend_schema_field(
    {
        "type": "string",
        "pattern": "^(?:https?://.+)?$",
        "description": "Absolute URL of the image; empty for a catalog item that has none.",
    }
)
class ImageUrlField(serializers.CharField):
    """An image's URL in an answer: stored as a path (`/static/...`), answered absolute
    (config.kernel.links), or empty where none is stored (a catalog item's image is optional).
    The selectors reading rows make it so themselves, with `absolute_url`."""

    def to_representation(self, value):
        return absolute_url(super().to_representation(value), url_base())
