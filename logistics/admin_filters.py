"""List filters the dashboard's figures link to."""

from django.contrib import admin

from logistics.selectors import movements_past_eta, movements_past_expected_date


class LateFilter(admin.SimpleListFilter):
    """Movements late by today's date: COORDINATED past their ETA, or open past the date the
    client expects them."""

    title = "late"
    parameter_name = "late"
    PAST_ETA, PAST_EXPECTED_DATE = "past_eta", "past_expected_date"

    def lookups(self, request, model_admin):
        return [
            (self.PAST_ETA, "COORDINATED, past ETA"),
            (self.PAST_EXPECTED_DATE, "open, past expected date"),
        ]

    def queryset(self, request, queryset):
        narrow = {
            self.PAST_ETA: movements_past_eta,
            self.PAST_EXPECTED_DATE: movements_past_expected_date,
        }.get(self.value())
        return narrow(queryset) if narrow else queryset
