"""The carriers' updates no shipment took (tracking.models.UnmatchedTracking), as operators
read them: newest first, found by tracking code, each update pretty-printed, with a link that
adds the shipment that takes it."""

import json
from urllib.parse import urlencode

from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html, format_html_join

from tracking.admin_filters import MatchedFilter
from tracking.admin_inlines import code_links
from tracking.carriers import tracking_code_clean
from tracking.choices import Carrier
from tracking.models import Shipment, UnmatchedTracking


@admin.register(UnmatchedTracking)
class UnmatchedTrackingAdmin(admin.ModelAdmin):
    """What a tracking provider sent about a code no shipment has. A shipment opened later with
    the code takes its updates (tracking.services.shipment_open): the page links to adding one."""

    list_display = ["provider", "tracking_code", "carrier", "received_at", "matched_at"]
    list_filter = [MatchedFilter, "provider"]
    search_fields = ["=tracking_code"]
    search_help_text = "A tracking code (spaces and small letters allowed)."
    ordering = ["-received_at"]
    fields = [
        "provider",
        "provider_event_id",
        "tracking_code",
        "carrier",
        "received_at",
        "matched_at",
        "add_shipment",
        "pretty_update",
    ]
    readonly_fields = fields

    def get_search_results(self, request, queryset, search_term):
        term = search_term.strip()
        if not term:
            return queryset, False
        return queryset.filter(tracking_code=tracking_code_clean(term)), False

    @admin.display(description="update kept")
    def pretty_update(self, unmatched):
        return format_html("<pre>{}</pre>", json.dumps(unmatched.update, indent=2, sort_keys=True))

    @admin.display(description="shipment")
    def add_shipment(self, unmatched):
        shipments = Shipment.objects.filter(tracking_code=unmatched.tracking_code)
        if unmatched.matched_at is not None or shipments.exists():
            links = format_html_join(", ", "{}", ((code_links(each),) for each in shipments))
            return links or "—"
        prefill = {"tracking_code": unmatched.tracking_code}
        if unmatched.carrier != Carrier.UNKNOWN:
            prefill["carrier"] = unmatched.carrier
        url = f"{reverse('admin:tracking_shipment_add')}?{urlencode(prefill)}"
        return format_html(
            '<a href="{}" class="addlink">Add a shipment with this code</a> to the movement '
            "request or order it belongs to: it takes this update.",
            url,
        )

    def has_add_permission(self, request):
        return False  # written by the providers' callbacks

    def has_change_permission(self, request, obj=None):
        return False  # what the provider sent stays as it sent it

    def has_delete_permission(self, request, obj=None):
        return False
