from django import forms
from django.contrib import admin

from catalog.models import CatalogItem
from config.backoffice.audited import AuditedAdmin, ReasonModelForm
from config.backoffice.dashboard import admin_list_filters
from config.kernel.countries import is_country_code


class CatalogItemForm(ReasonModelForm):
    # The admin gives the model and fields.
    def clean_country_code(self):
        code = self.cleaned_data["country_code"].strip().upper()
        if not is_country_code(code, allow_eu=True):
            raise forms.ValidationError("Not an ISO 3166-1 alpha-2 country code, nor EU.")
        return code


@admin.register(CatalogItem)
class CatalogItemAdmin(AuditedAdmin):
    form = CatalogItemForm
    list_display = [
        "country_code",
        "name",
        "brand",
        "hardware_type",
        "price",
        "stock",
        "current",
    ]
    list_display_links = ["name"]
    # Price and stock change often (the provider's real-time stock): edited in the list.
    list_editable = ["price", "stock"]
    search_fields = ["name", "manufacturer_part_number", "brand"]
    list_filter = ["country_code", "hardware_type", "deprecated", "brand"]
    readonly_fields = ["id", "created_at", "updated_at"]

    # A tick must mean something good: here, that the item is still offered (not deprecated).
    @admin.display(description="current (not deprecated)", boolean=True, ordering="deprecated")
    def current(self, item):
        return not item.deprecated

    def get_list_filter(self, request):
        # With those the flows above register (the items open orders ask for, orders.apps).
        return [*self.list_filter, *admin_list_filters(CatalogItem)]
