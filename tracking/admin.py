"""The back office's shipments (issue 31): the list an operator finds a parcel in by its
tracking code or its record's number, and the shipment's page with what its carrier said
(events, oldest first, and its status moves) and its history. Its forms are in
tracking.admin_forms, its inlines in tracking.admin_inlines, and the carriers' updates no
shipment took yet in tracking.admin_unmatched.

Nothing of a shipment is typed in: its tracking is fixed when it is opened (a wrong code is a
new shipment), and its status, detail, ETA and delivery move only with the events recorded on
it. An event the operator adds goes through `shipment_event_add` as a carrier's would, and a
shipment through `shipment_open`, with its record locked; their refusals are messages on the
page. The shipments of a movement request or an order are listed on its page by the inlines
tracking.apps registers there."""

from urllib.parse import urlencode

from django.contrib import admin, messages
from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.http import Http404
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.html import format_html
from django.utils.text import capfirst

from companies.record_history import record_history
from config.backoffice.audited import AuditedAdmin
from config.backoffice.base import RefusalsOnSaveAdmin, refusal_text
from config.backoffice.lists import company_code, moment
from config.kernel.actors import Actor
from config.kernel.errors import ServiceError
from config.kernel.numbering import number_written
from tracking.admin_filters import WorkWaitingFilter
from tracking.admin_forms import ADD_FIELDS, RECORD_INPUTS, ShipmentAddForm
from tracking.admin_inlines import (
    EventInline,
    StatusHistoryInline,
    code_links,
    record_link,
    shipment_url,
)
from tracking.admin_unmatched import UnmatchedTrackingAdmin
from tracking.carriers import tracking_code_clean
from tracking.choices import Carrier, Direction, EventSource
from tracking.models import Shipment, ShipmentEvent
from tracking.services import shipment_add, shipment_event_add

__all__ = ["ShipmentAdmin", "UnmatchedTrackingAdmin"]

# Set on the shipment the add form saved when its record had it already (save_model).
_FOUND = "_tracking_admin_found"


@admin.register(Shipment)
class ShipmentAdmin(RefusalsOnSaveAdmin, AuditedAdmin):
    # What an operator scans, narrow enough for 1366 px (config.backoffice.lists).
    list_display = ["carrier", "code", "status", "record", company_code, "eta_shown", "updated"]
    list_display_links = None  # the code opens the shipment; its ↗ the carrier's page
    list_filter = ["status", "carrier", "direction", WorkWaitingFilter]
    # Searched by get_search_results: a tracking code as a carrier prints it, the number of its
    # movement request or order, or its company's code.
    search_fields = ["=tracking_code"]
    search_help_text = (
        "A tracking code (spaces and small letters allowed), a movement request's or an order's "
        "number, or a company code."
    )
    list_select_related = ["company", "movement_request", "order"]
    ordering = ["-updated_at"]
    fieldsets = [
        (None, {"fields": ["tracking", "carrier", "direction", "record", "company"]}),
        (
            "What the carrier says",
            {"fields": ["status", "status_detail", "status_since", "eta", "delivered_at"]},
        ),
        ("Record", {"fields": ["id", "created_at", "updated_at"]}),
    ]
    readonly_fields = [field for _, options in fieldsets for field in options["fields"]]
    add_fieldsets = [
        (
            "The record it is a shipment of: one number",
            {"fields": list(RECORD_INPUTS)},
        ),
        (None, {"fields": ["direction", "tracking_code", "carrier", "tracking_link"]}),
    ]
    add_form = ShipmentAddForm
    inlines = [EventInline, StatusHistoryInline]

    # --- the list ----------------------------------------------------------------------------

    @admin.display(description="tracking code", ordering="tracking_code")
    def code(self, shipment):
        return code_links(shipment)

    @admin.display(description="ETA", ordering="eta")
    def eta_shown(self, shipment):
        return shipment.eta or "—"

    @admin.display(description="record")
    def record(self, shipment):
        return record_link(shipment)

    @admin.display(description="updated", ordering="updated_at")
    def updated(self, shipment):
        return moment(shipment.updated_at)

    def get_search_results(self, request, queryset, search_term):
        term = search_term.strip()
        if not term:
            return queryset, False
        found = Q(tracking_code=tracking_code_clean(term)) | Q(company__code=term)
        number = number_written(term)  # a code may be all digits too (FedEx, DHL): both
        if number is not None:
            found |= Q(movement_request__movement_request_number=number)
            found |= Q(order__order_number=number)
        return queryset.filter(found), False

    # --- the page ----------------------------------------------------------------------------

    @admin.display(description="tracking code")
    def tracking(self, shipment):
        if not shipment.tracking_link:
            return shipment.tracking_code
        return format_html(
            '{} <a href="{}" target="_blank" rel="noopener noreferrer">carrier\'s page ↗</a>',
            shipment.tracking_code,
            shipment.tracking_link,
        )

    def get_fieldsets(self, request, obj=None):
        return self.add_fieldsets if obj is None else super().get_fieldsets(request, obj)

    def get_readonly_fields(self, request, obj=None):
        return [] if obj is None else self.readonly_fields

    def get_form(self, request, obj=None, **kwargs):
        if obj is None:
            kwargs["form"] = self.add_form
        return super().get_form(request, obj, **kwargs)

    def get_inlines(self, request, obj):
        return [] if obj is None else super().get_inlines(request, obj)

    def has_delete_permission(self, request, obj=None):
        return False  # a record of what was sent; a wrong one is left and a new one added

    def render_change_form(self, request, context, add=False, change=False, form_url="", obj=None):
        # One button: "Save" opens the shipment added, or records the event typed.
        context.update(
            show_save_and_continue=False,
            show_save_and_add_another=False,
            title="Add a shipment" if add else context.get("title"),
        )
        return super().render_change_form(request, context, add, change, form_url, obj)

    def changeform_view(self, request, object_id=None, form_url="", extra_context=None):
        if object_id is not None:  # a refusal: a message on the shipment's page
            return super().changeform_view(request, object_id, form_url, extra_context)
        try:
            # Past RefusalsOnSaveAdmin, which sends the operator to a record's page: an added
            # shipment has none yet.
            return super(RefusalsOnSaveAdmin, self).changeform_view(
                request, object_id, form_url, extra_context
            )
        except ServiceError as refusal:
            # The admin's transaction rolled back: nothing was added. Back to the form, with
            # what was typed.
            messages.error(request, refusal_text(refusal))
            kept = {name: request.POST[name] for name in ADD_FIELDS if request.POST.get(name)}
            add = reverse("admin:tracking_shipment_add")
            return redirect(f"{add}?{urlencode(kept)}" if kept else add)

    # --- writes: through the services, never the admin's own save ---------------------------

    def save_model(self, request, obj, form, change):
        if change:
            return  # nothing of the shipment is typed in; the events added move it
        values = form.cleaned_data
        shipment, opened = shipment_add(
            record=form.record,
            direction=Direction(values["direction"]),
            tracking_code=values["tracking_code"],
            tracking_link=values["tracking_link"],
            carrier=Carrier(values["carrier"]) if values["carrier"] else None,
            actor=Actor.staff(request.user),
        )
        found = not opened
        # The page's own instance becomes the shipment opened (or found), which the admin's
        # answer and log name; it is never saved.
        for field in Shipment._meta.concrete_fields:
            setattr(obj, field.attname, getattr(shipment, field.attname))
        obj._state.adding = False
        setattr(obj, _FOUND, found)

    def save_formset(self, request, form, formset, change):
        if formset.model is not ShipmentEvent:
            return  # the status history is written by the moves only
        shipment = form.instance
        lines = [line for line in formset.extra_forms if line.has_changed()]
        told_before = shipment.events.count()
        status_before = shipment.status
        for line in lines:
            shipment = shipment_event_add(
                shipment_id=shipment.pk,
                event=line.tracking_event(),
                actor=Actor.staff(request.user),
                source=EventSource.OPERATOR,
            )
        request.shipment_events_told = (lines, told_before, status_before)

    def log_addition(self, request, obj, message):
        if not getattr(obj, _FOUND, False):  # an existing shipment found was not added
            super().log_addition(request, obj, message)

    def construct_change_message(self, request, form, formsets, add):
        # Django's log of the page's saves is not kept (log_change): the lines were never saved
        # by the formset, which the log would read.
        return [] if not add else super().construct_change_message(request, form, formsets, add)

    def log_change(self, request, obj, message):
        # The page writes nothing of the shipment: its events and moves are its history.
        return None

    def response_add(self, request, obj, post_url_continue=None):
        if getattr(obj, _FOUND, False):
            messages.warning(
                request,
                f"{record_label(obj)} has shipment {obj.tracking_code} already: nothing was added.",
            )
        else:
            messages.success(
                request,
                f"Shipment {obj.tracking_code} ({obj.get_carrier_display()}, {obj.direction}) "
                f"added to {record_label(obj)}.",
            )
        return redirect(shipment_url(obj))

    def response_change(self, request, obj):
        lines, told_before, status_before = getattr(
            request, "shipment_events_told", ([], 0, obj.status)
        )
        if not lines:
            messages.info(request, "Nothing to record: fill the empty line of the events.")
            return redirect(shipment_url(obj))
        obj.refresh_from_db()
        told = obj.events.count() - told_before
        said = f"Recorded {told} event(s)." if told else "That event was recorded already."
        if obj.status != status_before:
            messages.success(request, f"{said} {obj.label} is now {obj.status}.")
        else:
            messages.warning(request, f"{said} {obj.label} stays {obj.status}: {why_kept(obj)}")
        return redirect(shipment_url(obj))

    # --- its history: its moves, the changes on the trail, the webhooks sent ----------------

    def history_view(self, request, object_id, extra_context=None):
        shipment = self.get_object(request, unquote(object_id))
        if shipment is None:
            raise Http404("No shipment with this id")
        if not self.has_view_or_change_permission(request, shipment):
            raise PermissionDenied
        context = {
            **self.admin_site.each_context(request),
            "title": f"History: {shipment.label}",
            "subtitle": None,
            "opts": self.opts,
            "module_name": capfirst(self.opts.verbose_name_plural),
            "object": shipment,
            "history": record_history(shipment),
            **(extra_context or {}),
        }
        return TemplateResponse(request, "admin/trail_history.html", context)


def record_label(shipment: Shipment) -> str:
    record = shipment.movement_request if shipment.movement_request_id else shipment.order
    return record.label


def why_kept(shipment: Shipment) -> str:
    """Why the events told leave the shipment's status as it was (tracking.services)."""
    moves = Shipment.status_field().moves.get(shipment.status, ())
    if not moves:
        return f"{shipment.status} is final."
    reason = "an event happening before the one its status comes from does not move it back"
    if len(moves) == 1:
        return f"from {shipment.status} it moves only to {moves[0]}; and {reason}."
    return f"{reason}."
