"""What the provider sells: catalog items with price and stock per country."""

import uuid

from django.db import models

from config.kernel.audit import audited


@audited()
class CatalogItem(models.Model):
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    country_code = models.CharField(
        max_length=2, db_index=True, help_text="ISO 3166-1 alpha-2, or EU for the EU warehouse."
    )
    brand = models.CharField(max_length=100, null=True, blank=True)
    name = models.CharField(max_length=200)
    # A hardware type's name (hardware.HardwareType.name); a string, so the catalog stays
    # below the hardware app.
    hardware_type = models.CharField(max_length=50, null=True, blank=True)
    manufacturer_part_number = models.CharField(max_length=100, null=True, blank=True)
    price = models.DecimalField(max_digits=12, decimal_places=2, help_text="USD")
    stock = models.PositiveIntegerField(default=0)
    ram = models.CharField(max_length=50, null=True, blank=True)
    disk_space = models.CharField(max_length=50, null=True, blank=True)
    display_size = models.CharField(max_length=50, null=True, blank=True)
    processor = models.CharField(max_length=100, null=True, blank=True)
    image = models.CharField(max_length=500, blank=True, default="")
    deprecated = models.BooleanField(
        default=False, help_text="No longer recommended for new orders; may still be in stock."
    )

    class Meta:
        ordering = ["country_code", "name", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["country_code", "manufacturer_part_number"],
                condition=models.Q(manufacturer_part_number__isnull=False),
                name="catalog_part_number_unique_per_country",
            ),
            models.CheckConstraint(
                condition=models.Q(price__gte=0),
                name="catalog_price_not_negative",
                violation_error_message="Price must be 0 or more.",
            ),
        ]

    def __str__(self):
        return f"{self.country_code} · {self.name}"
