"""The catalog's answer (config.kernel.answers). catalog.selectors reads its fields as plain
rows, each from the column its `source` names."""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from config.kernel import answers
from config.kernel.answers import CountryCodeAnswerField, ImageUrlField


# The schema's HardwareType enum, which the hardware app's fields make (hardware/api/fields.py):
# named here, as the catalog imports nothing of the hardware app (it imports the catalog).
@extend_schema_field({"$ref": "#/components/schemas/HardwareType"})
class HardwareTypeNameField(serializers.CharField):
    """A hardware type's name."""


class CatalogItemSerializer(answers.Answer):
    id = serializers.UUIDField()
    country_code = CountryCodeAnswerField(help_text="ISO 3166-1 alpha-2, or EU.")
    price = serializers.CharField(help_text="USD, two decimals, e.g. 1299.00.")
    stock = serializers.CharField(help_text="Units in stock now, e.g. 12.")
    brand = serializers.CharField(allow_null=True)
    name = serializers.CharField()
    ram = serializers.CharField(allow_null=True)
    disk_space = serializers.CharField(allow_null=True)
    display_size = serializers.CharField(allow_null=True)
    processor = serializers.CharField(allow_null=True)
    image = ImageUrlField()
    deprecated = serializers.BooleanField(
        help_text="No longer recommended for new orders; may still be in stock."
    )
    manufacturer_part_number = serializers.CharField(allow_null=True)
    hardware_type = HardwareTypeNameField(allow_null=True)
