"""How the back office shows shipments beside other records: the code and the record as
links, a shipment's events and status moves on its page (tracking.admin), and a movement
request's or an order's shipments on its page (registered by tracking.apps)."""

from urllib.parse import urlencode

from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html

from config.backoffice.base import RecordInline
from tracking.admin_forms import EventForm
from tracking.models import Shipment, ShipmentEvent, ShipmentStatusChange


def shipment_url(shipment: Shipment) -> str:
    return reverse("admin:tracking_shipment_change", args=[shipment.pk])


def code_links(shipment: Shipment):
    """The code, opening the shipment's page, and ↗ opening the carrier's own page."""
    carrier_page = (
        format_html(
            ' <a href="{}" target="_blank" rel="noopener noreferrer" title="{}">↗</a>',
            shipment.tracking_link,
            "The carrier's tracking page",
        )
        if shipment.tracking_link
        else ""
    )
    return format_html(
        '<a href="{}">{}</a>{}', shipment_url(shipment), shipment.tracking_code, carrier_page
    )


def record_link(shipment: Shipment):
    """The movement request or the order the parcel is a shipment of, linked to its page."""
    if shipment.movement_request_id is not None:
        record, name = shipment.movement_request, "logistics_movementrequest"
    else:
        record, name = shipment.order, "orders_order"
    url = reverse(f"admin:{name}_change", args=[record.pk])
    return format_html('<a href="{}">{}</a>', url, record.label)


# --- a shipment's page: its events and its moves --------------------------------------------


class EventInline(admin.TabularInline):
    """What the carrier (or an operator, or the sandbox) said, oldest first. The lines told
    stay as they were told; a new line is recorded by the service (ShipmentAdmin.save_formset),
    moving the shipment as a carrier's event would."""

    model = ShipmentEvent
    form = EventForm
    fields = [*EventForm.Meta.fields, "source", "received_at"]
    readonly_fields = ["source", "received_at"]
    extra = 1
    can_delete = False
    verbose_name_plural = "events (oldest first; add one on the empty line)"

    def has_change_permission(self, request, obj=None):
        return False


class StatusHistoryInline(RecordInline):
    """The shipment's status moves, each with who made it: a carrier (through its provider), a
    staff user, a command or an API client's sandbox."""

    model = ShipmentStatusChange
    fields = ["created_at", "status_from", "status_to", "actor_kind", "actor_name"]
    verbose_name_plural = "status history"


# --- a record's shipments, on its page (registered by tracking.apps) -----------------------------


class RecordShipmentsInline(RecordInline):
    """The shipments of a movement request or an order, on its page, with a link that adds one
    to it."""

    model = Shipment
    fields = ["carrier", "code", "status", "eta_shown", "updated_at"]
    verbose_name_plural = "shipments"
    template = "admin/tracking/shipment/record_shipments_inline.html"
    # The add form's input naming the record (admin_forms.RECORD_INPUTS).
    number_input: str

    @admin.display(description="tracking code")
    def code(self, shipment):
        return code_links(shipment)

    @admin.display(description="ETA")
    def eta_shown(self, shipment):
        return shipment.eta or "—"

    def get_formset(self, request, obj=None, **kwargs):
        # Read by the template: the form to add a shipment, with this record's number.
        add_permitted = obj is not None and request.user.has_perm("tracking.add_shipment")
        self.add_shipment_url = (
            f"{reverse('admin:tracking_shipment_add')}?"
            f"{urlencode({self.number_input: getattr(obj, obj.number_field)})}"
            if add_permitted
            else None
        )
        return super().get_formset(request, obj, **kwargs)


class MovementShipmentsInline(RecordShipmentsInline):
    fk_name = "movement_request"
    number_input = "movement_request_number"


class OrderShipmentsInline(RecordShipmentsInline):
    fk_name = "order"
    number_input = "order_number"
