"""Serializer bases that speak the interface's camelCase.

Models and services use snake_case; the interface uses camelCase. Rather than converting
whole bodies on the way in and out (which mangles names such as `governmentDNI`), the
serializers themselves carry the interface's names: a field declared or generated as
`government_dni` is exposed as `governmentDNI`, reading and writing the `government_dni`
attribute. Errors, the OpenAPI schema and the bodies all see the same names.

Every field is also made strict about JSON types here (`config.api.fields.make_strict`): a
number is not a string, a string is not a number, "yes" is not a boolean.
"""

import copy

from rest_framework import serializers

from config.api.fields import make_strict

# Words the interface writes in capitals inside camelCase names (governmentDNI).
ACRONYMS = {"dni": "DNI"}
REQUIRED_MESSAGE = "{field} should not be empty"


def camel_case(name: str) -> str:
    """`government_dni` -> `governmentDNI`; names without underscores are kept as they are."""
    first, *rest = name.split("_")
    return first + "".join(ACRONYMS.get(word, word[:1].upper() + word[1:]) for word in rest)


class CamelCaseMixin:
    def get_fields(self):
        """The fields, made once per class and copied for each serializer: building them (DRF
        copies every declared field and builds a model's from its columns, and the wording
        below reads lazy translations) was half the time of a small request."""
        made = type(self).__dict__.get("_fields_made")
        if made is None:
            made = self._fields_exposed()
            type(self)._fields_made = made
        return {name: _unbound_copy(field, name) for name, field in made.items()}

    def is_valid(self, *, raise_exception=False):
        try:
            return super().is_valid(raise_exception=raise_exception)
        finally:
            _cycles_broken(self)

    def _fields_exposed(self) -> dict:
        fields = {}
        for name, field in super().get_fields().items():
            exposed = camel_case(name)
            _expose(field, name, exposed)
            fields[exposed] = field
        return fields


def _cycles_broken(serializer: serializers.BaseSerializer) -> None:
    """A body read, its serializer's tree no longer holds itself: a field knows its parent, a
    serializer its fields, and their dict its serializer, so every body read left them all to
    the cyclic collector (a quote about a hundred objects), whose collections, every few
    hundred writes, stalled a worker's other requests. What a view reads afterwards
    (`validated_data`, `errors`) is kept apart from them."""
    fields = serializer.__dict__.get("fields")
    if fields is not None:
        fields.serializer = None
        for field in fields.values():
            _parent_dropped(field)


def _parent_dropped(field: serializers.Field) -> None:
    field.parent = None
    if isinstance(field, serializers.BaseSerializer) and not isinstance(
        field, serializers.ListSerializer
    ):
        _cycles_broken(field)
    child = getattr(field, "child", None)
    if child is not None:
        _parent_dropped(child)


def _expose(field: serializers.Field, name: str, exposed: str) -> None:
    if exposed != name and field.source is None:
        field.source = name
    _word_missing_value_errors(field, exposed)
    make_strict(field)


def _unbound_copy(field: serializers.Field, exposed: str) -> serializers.Field:
    """A field like `field`, for one serializer to bind. A nested serializer is copied as DRF
    copies a declared field (made anew from its arguments, its own fields copied from its
    class's) and exposed again; any other field shallowly, sharing its messages, validators
    and strict reading (`make_strict` gave it a class of its own)."""
    if isinstance(field, serializers.BaseSerializer):
        fresh = copy.deepcopy(field)
        fresh.source = field.source
        _word_missing_value_errors(fresh, exposed)
        make_strict(fresh)
        return fresh
    fresh = _shallow_copy(field)
    if isinstance(fresh, serializers.ListField | serializers.DictField):
        fresh.child = _shallow_copy(field.child)
        fresh.child.parent = fresh
    return fresh


def _shallow_copy(field: serializers.Field) -> serializers.Field:
    # What `copy.copy` makes (a new instance sharing the attributes' values), without its
    # generic `__reduce_ex__` round: a tenth of a one-row list's time, as every field of every
    # serializer is copied for every request.
    fresh = object.__new__(type(field))
    fresh.__dict__.update(field.__dict__)
    return fresh


def _word_missing_value_errors(field: serializers.Field, exposed_name: str) -> None:
    """One wording for absent, empty and null values, naming the field as the client wrote it
    (`name should not be empty`), unless the field was given a message of its own."""
    defaults = {}
    for cls in reversed(type(field).__mro__):
        defaults.update(getattr(cls, "default_error_messages", {}))
    for key in ("required", "blank", "null"):
        if field.error_messages.get(key, defaults.get(key)) == defaults.get(key):
            field.error_messages[key] = REQUIRED_MESSAGE.format(field=exposed_name)


class Serializer(CamelCaseMixin, serializers.Serializer):
    pass


class ModelSerializer(CamelCaseMixin, serializers.ModelSerializer):
    pass
