"""The pages of audited records (config.kernel.audit): an operator may say why they change a
record, and the reason goes on the trail with the change; the page's History is the record's
trail.

The reason is one optional input, "Reason for this change", under the page's form (and on the
moves' forms, config.backoffice.base.MoveForm). It is added to the request's change context
before anything is written (config.kernel.audit.change_context_add), so every row the save
writes carries it; one the trail would refuse is the form's error, and nothing is saved."""

from django import forms
from django.contrib import admin
from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.template.response import TemplateResponse
from django.utils.functional import cached_property
from django.utils.text import capfirst

from config.backoffice.history import edit_entry
from config.backoffice.trail import record_rows
from config.kernel.audit import REASON_MAX_LENGTH, change_context_add, reason_valid
from config.kernel.errors import ServiceError

# The input's name on a record's page (a model's field could be called `reason`).
REASON = "change_reason"
REASON_LABEL = "Reason for this change"
INVALID_REASON = (
    f"A reason is 1 to {REASON_MAX_LENGTH} characters on one line, without control characters."
)


def reason_field() -> forms.CharField:
    return forms.CharField(
        label=REASON_LABEL,
        required=False,
        max_length=REASON_MAX_LENGTH,
        help_text="Optional; kept on the audit trail with the change.",
        widget=forms.TextInput(attrs={"size": 60}),
    )


def reason_checked(reason: str) -> str | None:
    """The reason typed (None when none), or a form error when the trail would refuse it."""
    if not reason:
        return None
    try:
        return reason_valid(reason)
    except ServiceError:
        raise forms.ValidationError(INVALID_REASON) from None


class ReasonForm(forms.Form):
    """The reason alone: on a move's confirmation page and the bulk moves' page."""

    reason = reason_field()

    def clean_reason(self):
        return reason_checked(self.cleaned_data["reason"])


class ReasonModelForm(forms.ModelForm):
    """A record's form, with the reason for saving it (not one of the record's fields)."""

    change_reason = reason_field()

    def clean_change_reason(self):
        return reason_checked(self.cleaned_data[REASON])

    @cached_property
    def changed_data(self):
        # The record's fields only: what `save(update_fields=...)` and Django's log are given.
        return [name for name in super().changed_data if name != REASON]


class AuditedAdmin(admin.ModelAdmin):
    """An audited record's admin: the reason input under its form, and its History (Django's
    link on the page) read from the trail. An admin with its own form derives it from
    ReasonModelForm; its own change form template extends `admin/audited_change_form.html`."""

    form = ReasonModelForm
    change_form_template = "admin/audited_change_form.html"

    def get_fields(self, request, obj=None):
        # Shown under the form, beside its buttons (the template), not among the record's fields.
        return [name for name in super().get_fields(request, obj) if name != REASON]

    def save_form(self, request, form, change):
        # Called before anything of the page is written: the rows all carry the reason.
        change_context_add(reason=form.cleaned_data.get(REASON))
        return super().save_form(request, form, change)

    def history_view(self, request, object_id, extra_context=None):
        """The record's rows on the audit trail and its children's, oldest first."""
        record = self.get_object(request, unquote(object_id))
        if record is None:
            raise Http404(f"No {self.opts.verbose_name} with this id")
        if not self.has_view_or_change_permission(request, record):
            raise PermissionDenied
        context = {
            **self.admin_site.each_context(request),
            "title": f"History: {record}",
            "subtitle": None,
            "opts": self.opts,
            "module_name": capfirst(self.opts.verbose_name_plural),
            "object": record,
            "history": [edit_entry(record, row) for row in record_rows(record)],
            **(extra_context or {}),
        }
        return TemplateResponse(request, "admin/trail_history.html", context)
