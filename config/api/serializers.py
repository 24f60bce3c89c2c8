"""Serializer bases that speak the interface's camelCase and read its JSON types strictly.

Models and services use snake_case; the interface uses camelCase. Rather than converting
whole bodies on the way in and out (which mangles names such as `governmentDNI`), the
serializers themselves carry the interface's names: a field declared or generated as
`government_dni` is exposed as `governmentDNI`, reading and writing the `government_dni`
attribute. Errors, the OpenAPI schema and the bodies all see the same names.

Every field is also strict about JSON types here (`config.api.fields.strict_refusal`): a
number is not a string, a string is not a number, "yes" is not a boolean.
"""

from collections.abc import Mapping
from functools import cache

from rest_framework import serializers

from config.api.fields import strict_refusal, word_invalid_choices
from config.kernel import answers

REQUIRED_MESSAGE = "{field} should not be empty"

# No docstrings on the bases: the schema describes each serializer by the first docstring of
# its class's MRO.


class StrictReadingMixin:
    # A body whose values are each of their field's JSON type and no longer than its
    # `max_length` as sent; a choice refused names the values it takes.

    def get_fields(self):
        fields = super().get_fields()
        for field in fields.values():
            word_invalid_choices(field)
        return fields

    def to_internal_value(self, data):
        """DRF's reading, once each value sent is judged as sent. A field refused so is left out
        of DRF's reading, and its refusal takes its place among the other fields' errors."""
        refused = {}
        if isinstance(data, Mapping):
            for name, field in self.fields.items():
                if not field.read_only:
                    refusal = strict_refusal(field, field.get_value(data))
                    if refusal:
                        refused[name] = refusal
        if not refused:
            return super().to_internal_value(data)
        try:
            super().to_internal_value({k: v for k, v in data.items() if k not in refused})
            errors = {}
        except serializers.ValidationError as error:
            errors = error.detail
        errors = {**errors, **refused}
        raise serializers.ValidationError(
            {name: errors[name] for name in self.fields if name in errors}
        )


class CamelCaseMixin(StrictReadingMixin, answers.CamelCaseMixin):
    # The answers' camelCase names (config.kernel.answers), and their missing-value refusals
    # worded with them.

    def get_fields(self):
        fields = super().get_fields()
        for exposed, field in fields.items():
            word_missing_value_errors(field, exposed)
        return fields


def word_missing_value_errors(field: serializers.Field, exposed_name: str) -> None:
    """One wording for absent, empty and null values, naming the field as the client wrote it
    (`name should not be empty`), unless the field was given a message of its own: one that is
    not its class's default (the very object, compared without translating it)."""
    defaults = default_error_messages(type(field))
    for key in ("required", "blank", "null"):
        if field.error_messages.get(key) is defaults.get(key):
            field.error_messages[key] = REQUIRED_MESSAGE.format(field=exposed_name)


@cache
def default_error_messages(field_class: type[serializers.Field]) -> dict:
    """The messages a field of `field_class` has unless given its own, as DRF gathers them."""
    messages = {}
    for cls in reversed(field_class.__mro__):
        messages.update(getattr(cls, "default_error_messages", {}))
    return messages


class Serializer(CamelCaseMixin, serializers.Serializer):
    pass


class ModelSerializer(CamelCaseMixin, serializers.ModelSerializer):
    pass
