"""The catalog's answer as the schema shows it: its items' shape is catalog.answers'."""

from rest_framework import serializers

from catalog.answers import CatalogItemSerializer

# `[{"US": [items]}, {"BR": [items]}]`: one object per country code, keyed by it.
CATALOG_RESPONSE = serializers.ListSerializer(
    child=serializers.DictField(child=CatalogItemSerializer(many=True))
)
