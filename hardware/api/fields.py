"""The type of a hardware item a request names, shown as the schema's HardwareType enum
(hardware.answers.HardwareTypeSchemaMixin)."""

from rest_framework import serializers

from hardware.answers import HardwareTypeSchemaMixin
from hardware.choices import ITEM_TYPE_NAMES


class ItemTypeChoiceField(HardwareTypeSchemaMixin, serializers.ChoiceField):
    """The type of a hardware item to create: one of ITEM_TYPE_NAMES, refused by name
    otherwise (the extended warranties are sold on order lines, never items)."""

    def __init__(self, **kwargs):
        super().__init__(choices=ITEM_TYPE_NAMES, **kwargs)
