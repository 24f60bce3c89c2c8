from django import forms
from django.contrib import admin

from catalog.models import CatalogItem
from config.countries import is_country_code


class CatalogItemForm(forms.ModelForm):
    # The admin gives the model and fields.
    def clean_country_code(self):
        code = self.cleaned_data["country_code"].strip().upper()
        if not is_country_code(code, allow_eu=True):
            raise forms.ValidationError("Not an ISO 3166-1 alpha-2 country code, nor EU.")
        return code


@admin.register(CatalogItem)
class CatalogItemAdmin(admin.ModelAdmin):
    form = CatalogItemForm
    list_display = [
        "country_code",
        "name",
        "brand",
        "hardware_type",
        "price",
        "stock",
        "deprecated",
    ]
    list_display_links = ["name"]
    # Price and stock change often (the provider's real-time stock): edited in the list.
    list_editable = ["price", "stock"]
    search_fields = ["name", "manufacturer_part_number", "brand"]
    list_filter = ["country_code", "hardware_type", "deprecated", "brand"]
    readonly_fields = ["id", "created_at", "updated_at"]
