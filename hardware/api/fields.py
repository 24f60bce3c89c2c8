"""A hardware type's name as every app's API shows it: the one `HardwareType` enum of the
schema (settings.SPECTACULAR_SETTINGS, ENUM_NAME_OVERRIDES)."""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from hardware.choices import HARDWARE_TYPE_NAMES, ITEM_TYPE_NAMES


class HardwareTypeSchemaMixin:
    """Shown in the schema as the HardwareType enum, null or blank where the field takes
    them. Annotated per instance: a serializer's fields are copies made by calling __init__
    again, and the schema needs each one's allow_null."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        shown = serializers.ChoiceField(
            choices=HARDWARE_TYPE_NAMES, allow_null=self.allow_null, allow_blank=self.allow_blank
        )
        extend_schema_field(shown)(self)


class HardwareTypeNameField(HardwareTypeSchemaMixin, serializers.CharField):
    """A hardware type's name: in an answer, or in a request that judges it itself."""


class ItemTypeChoiceField(HardwareTypeSchemaMixin, serializers.ChoiceField):
    """The type of a hardware item to create: one of ITEM_TYPE_NAMES, refused by name
    otherwise (the extended warranties are sold on order lines, never items)."""

    def __init__(self, **kwargs):
        super().__init__(choices=ITEM_TYPE_NAMES, **kwargs)
