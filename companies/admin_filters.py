"""The events' list filter the dashboard's figures link to (registered by companies.apps)."""

from django.contrib import admin

from companies.selectors import events_failing, events_retrying


class DeliveryTroubleFilter(admin.SimpleListFilter):
    title = "delivery trouble"
    parameter_name = "trouble"
    # The value, what the dashboard calls it, and the selector that finds them.
    TROUBLES = [
        ("failing", "FAILED: every attempt failed", events_failing),
        ("retrying", "PENDING after a failed attempt: to be retried", events_retrying),
    ]

    def lookups(self, request, model_admin):
        return [(value, label) for value, label, _ in self.TROUBLES]

    def queryset(self, request, queryset):
        for value, _, narrow in self.TROUBLES:
            if self.value() == value:
                return narrow(queryset)
        return queryset
