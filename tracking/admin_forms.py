"""The forms of the back office's shipments (tracking.admin): an event an operator tells on a
shipment's page, and a shipment an operator adds to a movement request or an order. They check
what is typed; the services record it (ShipmentAdmin.save_formset, save_model)."""

from django import forms
from django.apps import apps
from django.utils import timezone

from config.backoffice.audited import ReasonModelForm
from config.kernel.countries import is_country_code
from config.kernel.links import is_http_url
from tracking.carriers import tracking_code_clean
from tracking.choices import Carrier, Direction, ShipmentStatus
from tracking.models import Shipment, ShipmentEvent
from tracking.updates import TrackingEvent

# The records that hold shipments: the add form's input naming one by its number, the
# shipment's field naming it, and its model (by label: tracking imports neither flow).
RECORD_INPUTS = {
    "movement_request_number": ("movement_request", "logistics.MovementRequest"),
    "order_number": ("order", "orders.Order"),
}
# The add form's inputs, kept in the address when a refusal sends the operator back to it.
ADD_FIELDS = [*RECORD_INPUTS, "direction", "tracking_code", "carrier", "tracking_link"]
DIRECTION_HELP = "OUTBOUND: to the employee. RETURN: back from the employee (an offboarding)."


class EventForm(forms.ModelForm):
    """An event an operator tells: when (blank: now), what status it means, in the carrier's
    words, where."""

    class Meta:
        model = ShipmentEvent
        fields = [
            "occurred_at",
            "status",
            "status_detail",
            "message",
            "city",
            "region",
            "post_code",
            "country_code",
        ]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["occurred_at"].required = False
        self.fields["occurred_at"].help_text = "Blank: now."

    def clean_occurred_at(self):
        # A time to come would hold the status against the carrier's events until then.
        now = timezone.now()
        occurred_at = self.cleaned_data["occurred_at"] or now
        if occurred_at > now:
            raise forms.ValidationError("An event that happened: not a time to come.")
        return occurred_at

    def clean_country_code(self):
        code = (self.cleaned_data["country_code"] or "").strip().upper()
        if code and not is_country_code(code):
            raise forms.ValidationError("An ISO 3166-1 alpha-2 country code, such as DE.")
        return code or None

    def tracking_event(self) -> TrackingEvent:
        """The line as the service records it, as a carrier's event would be."""
        line = self.cleaned_data
        return TrackingEvent(
            occurred_at=line["occurred_at"],
            status=ShipmentStatus(line["status"]),
            status_detail=line["status_detail"] or None,
            message=line["message"] or "",
            city=line["city"] or None,
            region=line["region"] or None,
            post_code=line["post_code"] or None,
            country_code=line["country_code"],
        )


class ShipmentAddForm(ReasonModelForm):
    """A shipment the operator adds to a movement request or an order, named by its number."""

    movement_request_number = forms.IntegerField(required=False, min_value=1)
    order_number = forms.IntegerField(required=False, min_value=1)
    carrier = forms.ChoiceField(
        choices=[("", "Recognised from the code"), *Carrier.choices[:-1]],  # not UNKNOWN
        required=False,
        help_text="Blank: UPS, FedEx, DHL Express and USPS are recognised from the code's "
        "format; any other code is of an unknown carrier until a carrier's update names it.",
    )
    tracking_link = forms.URLField(
        required=False,
        assume_scheme="https",
        max_length=Shipment._meta.get_field("tracking_link").max_length,
        help_text="Blank: the carrier's own tracking page, when it has one.",
    )

    class Meta:
        model = Shipment
        fields = ["direction", "tracking_code"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["direction"].initial = Direction.OUTBOUND
        self.fields["direction"].help_text = DIRECTION_HELP
        self.fields["tracking_code"].help_text = "Spaces and small letters are taken out."
        # The record named, and the shipment's field naming it (clean).
        self.record, self.holder = None, None

    def clean_tracking_code(self):
        code = tracking_code_clean(self.cleaned_data["tracking_code"])
        if not code:
            raise forms.ValidationError("This field is required.")
        return code

    def clean_tracking_link(self):
        link = self.cleaned_data["tracking_link"]
        if link and not is_http_url(link):
            raise forms.ValidationError("An http(s) address.")
        return link or None

    def clean(self):
        cleaned = super().clean()
        given = [name for name in RECORD_INPUTS if cleaned.get(name) is not None]
        if len(given) != 1:
            raise forms.ValidationError("Give the movement request's number or the order's.")
        (name,) = given
        self.holder, label = RECORD_INPUTS[name]
        model = apps.get_model(label)
        self.record = model.objects.filter(**{model.number_field: cleaned[name]}).first()
        if self.record is None:
            self.add_error(name, f"No {model._meta.verbose_name} has this number.")
        return cleaned
