"""List filters the dashboard's figures link to (registered by orders.apps)."""

from django.contrib import admin

from orders.selectors import catalog_items_short


class ShortForOpenOrdersFilter(admin.SimpleListFilter):
    """On the catalog's list: the items out of stock that open orders ask for."""

    title = "asked for by open orders"
    parameter_name = "short_for_open_orders"

    def lookups(self, request, model_admin):
        return [("yes", "out of stock, asked for")]

    def queryset(self, request, queryset):
        return catalog_items_short(queryset) if self.value() == "yes" else queryset
