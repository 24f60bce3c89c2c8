import json
from uuid import UUID

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db import models
from django.shortcuts import get_object_or_404, redirect
from django.urls import path, reverse
from django.utils.html import format_html
from django.views.decorators.http import require_POST

from companies import selectors, services, webhooks
from companies.admin_filters import AuditCompanyFilter, DeliveryTroubleFilter
from companies.admin_scim import ScimTokenPages
from companies.models import ApiClient, ApiKey, Company, Event, EventAttempt
from config.backoffice.audited import AuditedAdmin
from config.backoffice.dashboard import admin_list_filter_register
from config.backoffice.lists import company_code, moment, one_line
from config.kernel.numbering import number_written
from config.models import AuditLogEntry

# The Audit log (config.backoffice.audit_log) is filtered by company with the company's filter.
admin_list_filter_register(AuditLogEntry, AuditCompanyFilter)


class ApiKeyInline(admin.TabularInline):
    model = ApiKey
    fields = ["prefix", "created_at", "last_used_at", "revoked_at"]
    readonly_fields = fields
    extra = 0
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request, obj=None):
        return False  # keys are issued with the "Issue a new key" button, never typed in


def show_new_key(request, client: ApiClient, raw_key: str) -> None:
    messages.warning(
        request,
        f"New key for {client.name}: {raw_key} — copy it now, it will not be shown again.",
    )


@admin.register(ApiClient)
class ApiClientAdmin(AuditedAdmin):
    list_display = ["name", "is_active", "created_at"]
    list_filter = ["is_active"]
    search_fields = ["name", "keys__prefix"]
    inlines = [ApiKeyInline]
    actions = ["issue_keys"]
    change_form_template = "admin/companies/apiclient/change_form.html"

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        if change:
            services.api_client_distrust(client=obj)  # made inactive, say: refused at once
        else:
            _, raw_key = services.api_key_issue(client=obj)
            show_new_key(request, obj, raw_key)

    def delete_model(self, request, obj):
        services.api_clients_delete(clients=ApiClient.objects.filter(pk=obj.pk))

    def delete_queryset(self, request, queryset):
        services.api_clients_delete(clients=queryset)

    @admin.action(description="Issue a new key for each selected client")
    def issue_keys(self, request, queryset):
        for client in queryset:
            _, raw_key = services.api_key_issue(client=client)
            show_new_key(request, client, raw_key)

    def get_urls(self):
        issue_key = self.admin_site.admin_view(require_POST(self.issue_key_view))
        return [
            path("<uuid:client_id>/issue-key/", issue_key, name="companies_apiclient_issue_key"),
            *super().get_urls(),
        ]

    def issue_key_view(self, request, client_id):
        client = get_object_or_404(ApiClient, pk=client_id)
        if not self.has_change_permission(request, client):
            raise PermissionDenied
        _, raw_key = services.api_key_issue(client=client)
        show_new_key(request, client, raw_key)
        return redirect(reverse("admin:companies_apiclient_change", args=[client.pk]))


@admin.register(ApiKey)
class ApiKeyAdmin(AuditedAdmin):
    list_display = ["prefix", "client", "created_at", "last_used_at", "revoked_at"]
    list_filter = [("revoked_at", admin.EmptyFieldListFilter), "client"]
    search_fields = ["prefix", "client__name"]
    list_select_related = ["client"]
    readonly_fields = ["client", "prefix", "created_at", "last_used_at", "revoked_at"]
    fields = readonly_fields
    actions = ["revoke"]

    def has_add_permission(self, request):
        return False  # issued from the client's page, so the key can be shown once

    @admin.action(description="Revoke selected keys")
    def revoke(self, request, queryset):
        for key in queryset:
            services.api_key_revoke(key=key)
        messages.success(
            request, f"Revoked {queryset.count()} key(s); they are refused from now on."
        )


@admin.register(Company)
class CompanyAdmin(ScimTokenPages, AuditedAdmin):
    list_display = ["code", "name", "api_client", "country_code", "contact_email", "created_at"]
    list_filter = ["api_client", "country_code", "company_source"]
    search_fields = ["code", "name", "contact_email", "legal_number"]
    list_select_related = ["api_client"]
    # The signing secret changes only by rotation (POST /companies/{code}/webhook-secret), which
    # shows the new one to the client once; a typed one could be invalid or leaked.
    # The SCIM token is made and revoked by the page's buttons (companies/admin_scim.py).
    readonly_fields = ["id", "created_at", "updated_at", "webhook_secret", "scim_token_state"]
    ordering = ["code"]
    change_form_template = "admin/companies/company/change_form.html"
    # A webhook URL typed without a scheme is https (Django 6's default, chosen now).
    formfield_overrides = {models.URLField: {"assume_scheme": "https"}}


# What an event's `data` is known by, first found first: a flow's number, an item's serial, an
# employee's e-mail, a shipment's tracking code.
EVENT_SUBJECTS = (
    ("orderNumber", "Order {}"),
    ("movementRequestNumber", "Movement {}"),
    ("serialNumber", "Hardware {}"),
    ("email", "{}"),
    ("trackingCode", "Shipment {}"),
)


def event_subject(event) -> str:
    """The record an event is about, as an operator names it (`Order 12`), else its kind's
    record and the start of its id (`bulk_job 5f1c2a9e`)."""
    data = event.payload.get("data")
    if not isinstance(data, dict):
        return "—"
    for key, shown in EVENT_SUBJECTS:
        if data.get(key):
            return shown.format(data[key])
    record = event.kind.partition(".")[0]
    return f"{record} {str(data.get('id', ''))[:8]}".strip()


class EventAttemptInline(admin.TabularInline):
    model = EventAttempt
    fields = [
        "attempted_at",
        "finished",
        "url",
        "status_code",
        "response_excerpt",
        "error",
        "duration_ms",
    ]
    readonly_fields = fields
    extra = 0
    can_delete = False

    @admin.display(description="Finished at")
    def finished(self, attempt):
        if attempt.finished_at is not None:
            return moment(attempt.finished_at)
        if attempt.interrupted:
            return "interrupted: its worker stopped before an answer came"
        return "in progress"

    def has_add_permission(self, request, obj=None):
        return False  # attempts are a record of what the workers did

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    # Type, record, state and time, one line each (config.backoffice.lists); the state's whole
    # description is its tooltip and on the event's page.
    list_display = ["kind", "subject", company_code, "state_short", "attempts", "created_at"]
    list_filter = ["company", "kind", "state", DeliveryTroubleFilter]
    search_fields = ["id", "company__code"]
    list_select_related = ["company"]
    fields = [
        "id",
        "webhook_id",
        "company",
        "kind",
        "delivery",
        "attempts",
        "next_attempt_at",
        "delivered_at",
        "created_at",
        "pretty_payload",
    ]
    readonly_fields = fields
    inlines = [EventAttemptInline]
    actions = ["redeliver"]

    def has_add_permission(self, request):
        return False  # events are written by the changes they report

    def has_change_permission(self, request, obj=None):
        return False  # what was sent stays as it was sent; the action sends it again

    def has_delete_permission(self, request, obj=None):
        return False  # what was sent stays: retention drops finished events (retention.py)

    def has_redeliver_permission(self, request):
        return request.user.has_perm("companies.change_event")

    def get_search_results(self, request, queryset, search_term):
        # Receivers log the webhook-id header (msg_<hex>): an operator may paste that.
        if search_term.startswith("msg_"):
            try:
                return queryset.filter(pk=UUID(hex=search_term.removeprefix("msg_"))), False
            except ValueError:
                return queryset.none(), False
        # An order or movement request number, as a client quotes it; a company code may be
        # all digits too, so that company's events are found as well.
        number = number_written(search_term)
        if number is not None:
            about = selectors.events_about_number(queryset, number)
            return about | queryset.filter(company__code=search_term.strip()), False
        return super().get_search_results(request, queryset, search_term)

    @admin.display(description="record")
    def subject(self, event):
        return event_subject(event)

    @admin.display(description="state", ordering="state")
    def state_short(self, event):
        # The state's label up to its explanation ("No endpoint"), which is the tooltip.
        short = event.get_state_display().partition(":")[0]
        return one_line(short, selectors.event_state_description(event))

    @admin.display(description="State", ordering="state")
    def delivery(self, event):
        return selectors.event_state_description(event)

    @admin.display(description="Payload")
    def pretty_payload(self, event):
        return format_html("<pre>{}</pre>", json.dumps(event.payload, indent=2, sort_keys=True))

    @admin.action(description="Redeliver selected events", permissions=["redeliver"])
    def redeliver(self, request, queryset):
        redeliverable = selectors.events_redeliverable(queryset)
        for event in redeliverable:
            webhooks.event_redeliver(event=event)
        queued, skipped = len(redeliverable), queryset.count() - len(redeliverable)
        messages.success(request, f"Queued {queued} event(s) for redelivery.")
        if skipped:
            messages.warning(
                request,
                f"Skipped {skipped} event(s): their company has no webhook URL, or a worker "
                "is attempting them now.",
            )
