"""The back office's shared parts: refusals as messages, inlines that an app hands to the page
of an app below it, and operators' moves of records that follow a status graph (movement
requests, orders)."""

from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.options import InlineModelAdmin
from django.core.exceptions import PermissionDenied
from django.db.models import Model
from django.http import HttpRequest
from django.shortcuts import get_object_or_404, redirect
from django.urls import path, reverse
from django.views.decorators.http import require_POST

from config.backoffice.audited import AuditedAdmin, reason_checked, reason_field
from config.kernel.actors import Actor
from config.kernel.audit import change_context_add
from config.kernel.errors import ServiceError
from config.kernel.shipping import NO_SHIPPING, Shipping


@contextmanager
def refusals_as_messages(request: HttpRequest) -> Iterator[None]:
    """The service's refusal becomes an error message. Its transaction has rolled back, so the
    code after the refused call in the block is skipped and nothing of it is saved."""
    try:
        yield
    except ServiceError as error:
        messages.error(request, refusal_text(error))


def refusal_text(error: ServiceError) -> str:
    """A refusal as an operator reads it: the message and each detail's own words. A detail's
    `field` is the API's address of the value (`hardwares[0].quotedUnitPrice`), which means
    nothing on a page; its message names the thing (`2 x MX Master 3S has no ...`)."""
    message = error.message if isinstance(error.message, str) else "; ".join(error.message)
    details = "; ".join(detail["message"] for detail in error.details or [])
    return f"{message} ({details})" if details else message


def form_errors_as_messages(request: HttpRequest, form: forms.Form) -> None:
    for field, errors in form.errors.items():
        messages.error(request, f"{field}: {' '.join(errors)}")


class RecordInline(admin.TabularInline):
    """A read-only list of related records on a page: the history of a record, the items it
    carries. Its rows come from the services, never typed in here."""

    extra = 0
    can_delete = False

    def get_readonly_fields(self, request, obj=None):
        return self.fields

    def has_add_permission(self, request, obj=None):
        return False


# A page of an app below shows records of an app above it (a hardware item's movement requests,
# an employee's hardware) without importing that app: the app above registers its inline for
# the model when it is ready (its AppConfig.ready), as it hands over its readers
# (hardware.selectors.movement_reader_register). So no app imports one above it, and none
# patches another's admin.
_inlines: defaultdict[type[Model], list[type[InlineModelAdmin]]] = defaultdict(list)


def admin_inline_register(model: type[Model], inline: type[InlineModelAdmin]) -> None:
    if inline not in _inlines[model]:
        _inlines[model].append(inline)


class RegisteredInlinesAdmin(admin.ModelAdmin):
    """A page that lists, after its own inlines, those apps above registered for its model."""

    def get_inlines(self, request, obj):
        return [*super().get_inlines(request, obj), *_inlines.get(self.model, ())]


class RefusalsOnSaveAdmin(admin.ModelAdmin):
    """A page whose save calls a service: its refusal is an error message on the record's page.
    The admin's transaction rolled back everything the page was saving with it, so nothing of
    the page was kept."""

    def changeform_view(self, request, object_id=None, form_url="", extra_context=None):
        try:
            return super().changeform_view(request, object_id, form_url, extra_context)
        except ServiceError as refusal:
            messages.error(request, refusal_text(refusal))
            opts = self.opts
            return redirect(f"admin:{opts.app_label}_{opts.model_name}_change", object_id)


class MoveForm(forms.Form):
    """An operator's move from a record's page: the status is the button pressed, the rest
    optional (checked by the service, like the command's; the reason as the trail takes it)."""

    status = forms.CharField()
    eta = forms.DateField(
        label="ETA", required=False, widget=forms.DateInput(attrs={"type": "date"})
    )
    tracking_code = forms.CharField(required=False, empty_value=None)
    tracking_link = forms.CharField(required=False, empty_value=None, widget=forms.URLInput)
    reason = reason_field()

    def __init__(self, *args, takes_shipping: bool = True, **kwargs):
        super().__init__(*args, **kwargs)
        if not takes_shipping:  # the record's moves carry no shipment: no inputs that mean nothing
            for field in ("eta", "tracking_code", "tracking_link"):
                del self.fields[field]

    def clean_reason(self):
        return reason_checked(self.cleaned_data["reason"])

    def reason_added(self) -> None:
        """The moves made next carry the reason typed on the audit trail (config.kernel.audit)."""
        change_context_add(reason=self.cleaned_data["reason"])

    def shipping(self) -> Shipping:
        fields = self.cleaned_data
        return Shipping(
            eta=fields["eta"],
            tracking_code=fields["tracking_code"],
            tracking_link=fields["tracking_link"],
        )


def _mark_action(status: str):
    @admin.action(description=f"Mark {status}", permissions=["change"])
    def action(modeladmin, request, queryset):
        return modeladmin.move_each(request, queryset, status)

    action.__name__ = f"mark_{status.lower()}"
    return action


class OperatorMovesAdmin(AuditedAdmin):
    """A record that moves along a status graph: one button per allowed move on its page (with
    an optional eta and tracking), and one bulk action per status it can be moved to. The
    record's fields are never typed in; it changes by its service's moves, which keep its
    history. The graph and the number the record is known by are its model's
    (config.kernel.workflow.StatusModel); subclasses say how a record moves."""

    change_form_template = "admin/operator_moves_change_form.html"

    def __init__(self, model, admin_site):
        super().__init__(model, admin_site)
        self.actions = [_mark_action(status) for status in model.status_targets()]

    def move(self, record, status: str, actor: Actor, shipping: Shipping = NO_SHIPPING):
        """Move `record` through its service and answer it moved; refusals raise."""
        raise NotImplementedError

    def get_readonly_fields(self, request, obj=None):
        # Nothing of the record itself is typed in: it changes by its moves, which keep its
        # history and do what comes with them (hardware delivered, landed).
        return [field for _, options in self.fieldsets for field in options["fields"]]

    def has_add_permission(self, request):
        return False  # records come from the API, which applies the rules

    def save_model(self, request, obj, form, change):
        # The record's own fields are read-only here: writing back the row loaded for the page
        # could undo a move made meanwhile. What a page saves (an order's lines) is its
        # inlines', through their services.
        pass

    def log_change(self, request, obj, message):
        # A save that changed nothing (the page's fields are read-only) is no edit to show.
        return super().log_change(request, obj, message) if message else None

    def has_delete_permission(self, request, obj=None):
        return False  # a record of what happened; its own moves end it

    def page_moves(self, record) -> list[str]:
        """The moves the record's move box offers: each allowed move, once on the page."""
        return record.allowed_moves()

    def render_change_form(self, request, context, add=False, change=False, form_url="", obj=None):
        context.update(
            moves=self.page_moves(obj) if obj else (),
            # Its own ids: a page whose form also has an ETA (a movement's) keeps them unique.
            move_form=MoveForm(
                takes_shipping=obj is not None and obj.moves_take_shipping(), auto_id="id_move_%s"
            ),
            move_url=reverse(self._url_name("move"), args=[obj.pk]) if obj else None,
        )
        context.setdefault("show_save", False)
        context.setdefault("show_save_and_continue", False)
        return super().render_change_form(request, context, add, change, form_url, obj)

    def get_urls(self):
        move = self.admin_site.admin_view(require_POST(self.move_view))
        name = f"{self.opts.app_label}_{self.opts.model_name}_move"
        return [path("<uuid:pk>/move/", move, name=name), *super().get_urls()]

    def move_view(self, request, pk):
        record = self.changeable(request, pk)
        form = MoveForm(request.POST)
        if form.is_valid():
            form.reason_added()
            with refusals_as_messages(request):
                status, actor = form.cleaned_data["status"], Actor.staff(request.user)
                moved = self.move(record, status, actor, form.shipping())
                messages.success(request, f"{moved.label} is now {moved.status}.")
        else:
            form_errors_as_messages(request, form)
        return redirect(self._url_name("change"), record.pk)

    def move_each(self, request, queryset, status: str) -> None:
        """Each record moves in its own transaction; a refusal is reported and the others
        still move."""
        moved = 0
        for record in queryset.order_by(self.model.number_field):
            with refusals_as_messages(request):
                self.move(record, status, Actor.staff(request.user))
                moved += 1
        if moved:
            messages.success(request, f"Moved {moved} {self.opts.verbose_name}(s) to {status}.")

    def changeable(self, request, pk):
        record = get_object_or_404(self.model, pk=pk)
        if not self.has_change_permission(request, record):
            raise PermissionDenied
        return record

    def _url_name(self, view: str) -> str:
        return f"admin:{self.opts.app_label}_{self.opts.model_name}_{view}"
