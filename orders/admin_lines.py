"""The order page's lines (issue 13): the operator prices them and marks them available in the
inline, saved through the order_lines_price service, and offers a catalog item as an
alternative for one with the offer form."""

from django import forms
from django.contrib import admin
from django.db.models import F, OuterRef, Q, Subquery
from django.db.models.functions import Coalesce
from django.forms.models import BaseInlineFormSet
from django.utils.functional import cached_property

from catalog.models import CatalogItem
from config.kernel.actors import Actor
from config.kernel.errors import ServiceError
from orders import services
from orders.choices import EDITABLE_STATUSES
from orders.models import HardwareRequest, Order
from orders.services.lines import catalog_price_if_unpriced


class LineChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, line):
        grouped = ", has alternatives" if line.alternative_group_id else ""
        return f"{line} ({line.hardware_type}{grouped}) · {str(line.pk)[:8]}"


class CatalogItemChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, item):
        return f"{item} ({item.hardware_type}, {item.price} USD, stock {item.stock})"


class OfferForm(forms.Form):
    """A catalog item offered for one of the order's top-level lines. The choices are what
    the service accepts when the page is drawn; the service checks again when it runs."""

    hardware_request = LineChoiceField(label="Line", queryset=HardwareRequest.objects.none())
    catalog_item = CatalogItemChoiceField(label="Catalog item", queryset=CatalogItem.objects.none())
    recommended = forms.BooleanField(required=False)

    def __init__(self, *args, order: Order, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["hardware_request"].queryset = order.hardware_requests.filter(
            Q(alternative_group__isnull=True) | Q(alternative_group__selected=F("pk"))
        )
        self.fields["catalog_item"].queryset = services.offerable_items(
            order.country_code
        ).order_by("hardware_type", "name", "id")


class LineForm(forms.ModelForm):
    def __init__(self, *args, instance=None, **kwargs):
        # An unpriced catalog line's input shows the price the move to QUOTED gives it (the
        # `transition` command's rule), and saving keeps what it shows.
        self.priced_from_catalog = (
            instance is not None
            and "quoted_unit_price" in (self._meta.fields or ())
            and catalog_price_if_unpriced(instance)
        )
        super().__init__(*args, instance=instance, **kwargs)

    @cached_property
    def changed_data(self):
        changed = super().changed_data
        if self.priced_from_catalog and "quoted_unit_price" not in changed:
            return [*changed, "quoted_unit_price"]
        return changed

    def clean_quoted_unit_price(self):
        price = self.cleaned_data["quoted_unit_price"]
        if price is not None and price < 0:
            raise forms.ValidationError("A price is 0 or more.")
        return price


class LinesFormSet(BaseInlineFormSet):
    """The lines' prices and availability, saved by the order_lines_price service (never by
    the formset itself), which records the order.updated event."""

    # Set by "Save and mark QUOTED" (orders.admin_moves): the prices and the move to QUOTED,
    # by this staff user, through one service.
    quote_as: Actor | None = None

    def clean(self):
        super().clean()
        if not self.has_changed():
            return
        # The client may confirm (or the order move on) while the page is open: the page is
        # refused as a whole, on the form, when the order can no longer change. The lock taken
        # here lasts until the page is saved (the admin saves in one transaction).
        try:
            services.order_lines_editable_locked(self.instance.pk)
        except ServiceError as error:
            raise forms.ValidationError(error.message) from None

    def save(self, commit=True):
        """Through the order_lines_price service, which keeps its rules and tells the company;
        the admin's change message still lists what changed."""
        changed = [form for form in self.forms if form.has_changed()]
        self.new_objects, self.deleted_objects = [], []
        self.changed_objects = [(form.instance, form.changed_data) for form in changed]
        pricings = [
            services.LinePricing(
                hardware_request_id=form.instance.pk,
                quoted_unit_price=form.cleaned_data["quoted_unit_price"],
                is_available=form.cleaned_data["is_available"],
            )
            for form in changed
        ]
        if self.quote_as is not None:
            services.order_quote_priced(
                order_id=self.instance.pk, pricings=pricings, actor=self.quote_as
            )
        elif changed:
            services.order_lines_price(order_id=self.instance.pk, pricings=pricings)
        return [form.instance for form in changed]


class LineInline(admin.TabularInline):
    """Every line of the order, each group's candidates together after their original. While
    the order is PENDING or QUOTED the operator prices lines and marks their availability
    here; the rest is what the client asked for."""

    model = HardwareRequest
    form = LineForm
    formset = LinesFormSet
    verbose_name = "line"
    verbose_name_plural = "lines and their alternatives"
    fields = [
        "alternatives",
        "hardware_type",
        "brand",
        "model",
        "catalog_item",
        "amount",
        "catalog_price",
        "quoted_unit_price",
        "is_available",
        "is_recommended",
        "notes",
    ]
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False  # lines come from the client; alternatives from the offer form

    def get_readonly_fields(self, request, obj=None):
        editable = {"quoted_unit_price", "is_available"}
        # A page sent back is checked against the order as it is then (LinesFormSet.clean),
        # so prices typed before the order moved on are refused, not silently dropped.
        if request.method != "POST" and (obj is None or obj.status not in EDITABLE_STATUSES):
            editable = set()
        return [field for field in self.fields if field not in editable]

    def get_queryset(self, request):
        same_group = HardwareRequest.objects.filter(
            alternative_group=OuterRef("alternative_group")
        ).order_by("created_at", "id")
        return (
            super()
            .get_queryset(request)
            .select_related("alternative_group", "catalog_item")
            .annotate(
                original_id=Subquery(same_group.values("id")[:1]),
                # A group sits where its original line would.
                position=Coalesce(Subquery(same_group.values("created_at")[:1]), "created_at"),
            )
            .order_by("position", "alternative_group_id", "created_at", "id")
        )

    @admin.display(description="catalog price")
    def catalog_price(self, line):
        return line.catalog_item.price if line.catalog_item_id else "—"

    @admin.display(description="alternative group")
    def alternatives(self, line):
        if line.alternative_group_id is None:
            return "—"
        roles = ["selected" if line.alternative_group.selected_id == line.pk else "candidate"]
        if line.original_id == line.pk:
            roles.append("original")
        return f"{str(line.alternative_group_id)[:8]}: {', '.join(roles)}"
