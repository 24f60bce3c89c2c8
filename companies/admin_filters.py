"""The events' list filter the dashboard's figures link to (registered by companies.apps), and
the Audit log's company filter (registered by companies.admin)."""

from django.contrib import admin

from companies.models import Company
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


class AuditCompanyFilter(admin.SimpleListFilter):
    """The Audit log's rows of a company (config.backoffice.audit_log): the company's own and
    those of the records that carry it (its employees, hardware items, orders and movement
    requests), each audit table read by its company column. An order's lines and an item's notes
    carry no company: they are on their record's History."""

    title = "company"
    parameter_name = "company"

    def lookups(self, request, model_admin):
        return Company.objects.order_by("code").values_list("code", "code")

    def queryset(self, request, queryset):
        if self.value() is None:
            return queryset
        company = Company.objects.filter(code=self.value()).first()
        return queryset.none() if company is None else queryset.references(company)
