"""Data fixes run from the admin (issue 29): the operator says what to change on the fix's page,
sees what it will do, gives the reason and confirms.

The page runs the app's service as the fix commands do (config.kernel.fixes.fix_run). Its
preview is the dry run: each record's change as a command prints it (RecordChange.text()) and
each refusal, with nothing written. Confirming runs it again, committed with the reason on the
audit trail, or writes nothing when a record is refused by then. The reason is required here,
as a command's --reason is with --commit.

A fix (`AdminFix`) is declared by the app whose service it calls: the inputs it asks for and the
lines it runs for the records chosen. A model's admin lists its own fixes (`fixes`); an app above
the model registers its own for the model's admin (`admin_fix_register`), as it registers its
inlines (config.backoffice.base), so the model's app never imports it. Each fix is a button on a
record's page and an action of the list, both opening its page for the records, named by their
ids in the query string (as Django's documentation has actions open a page of their own).
"""

from collections import defaultdict
from collections.abc import Iterable, Sequence
from functools import partial
from urllib.parse import urlencode

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.options import IS_POPUP_VAR
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Model
from django.http import Http404
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse

from config.backoffice.audited import ReasonForm
from config.backoffice.base import refusal_text
from config.kernel.audit import change_context_add
from config.kernel.fixes import FixLine, FixOutcome, fix_run

IDS = "ids"
# Sent by the preview's form: the operator saw what the fix does.
CONFIRMED = "confirmed"


class CommitReasonForm(ReasonForm):
    """The reason, required to commit a fix."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["reason"].required = True
        self.fields["reason"].help_text = "Required; kept on the audit trail with every change."


class AdminFix:
    """A fix an operator runs on records of a model's admin, through the app's service."""

    name = ""  # its URL's and its action's name
    label = ""  # its button and its action
    help = ""  # what it does, atop its page
    form_class: type[forms.Form] = forms.Form  # its inputs
    one_record = False  # a fix of one record at a time

    @property
    def title(self) -> str:
        return self.label.rstrip("…")

    def lines(self, records: Sequence[Model], data: dict) -> Iterable[FixLine]:
        """The lines fix_run applies for `records`, with the form's cleaned `data`."""
        raise NotImplementedError


_registered: defaultdict[type[Model], list[AdminFix]] = defaultdict(list)


def admin_fix_register(model: type[Model], fix: AdminFix) -> None:
    if all(known.name != fix.name for known in _registered[model]):
        _registered[model].append(fix)


def _fix_action(fix: AdminFix):
    def action(modeladmin, request, queryset):
        return modeladmin.fix_chosen(request, queryset, fix)

    action.__name__ = fix.name
    return action


class FixesAdmin(admin.ModelAdmin):
    """A model's admin with fixes: its own (`fixes`) and those registered for its model."""

    fixes: tuple[AdminFix, ...] = ()

    def admin_fixes(self) -> list[AdminFix]:
        return [*self.fixes, *_registered.get(self.model, ())]

    def get_urls(self):
        # Before the model's own URLs, whose catch-all would take a fix's name for an id.
        pages = [
            path(
                f"{fix.name}/",
                self.admin_site.admin_view(partial(self.fix_view, fix=fix)),
                name=self._fix_url_name(fix).removeprefix("admin:"),
            )
            for fix in self.admin_fixes()
        ]
        return [*pages, *super().get_urls()]

    def get_actions(self, request):
        actions = super().get_actions(request)
        if IS_POPUP_VAR not in request.GET and self.has_change_permission(request):
            for fix in self.admin_fixes():
                actions[fix.name] = (_fix_action(fix), fix.name, fix.label)
        return actions

    def render_change_form(self, request, context, add=False, change=False, form_url="", obj=None):
        if obj is not None and self.has_change_permission(request, obj):
            context["fixes"] = [
                (fix.label, self._fix_url(fix, [obj])) for fix in self.admin_fixes()
            ]
        return super().render_change_form(request, context, add, change, form_url, obj)

    def fix_chosen(self, request, queryset, fix: AdminFix):
        """The list's action: the fix's page for the records ticked."""
        records = list(queryset)
        if fix.one_record and len(records) != 1:
            name = self.opts.verbose_name
            messages.error(request, f"{fix.title} takes one {name}: tick exactly one.")
            return None
        return redirect(self._fix_url(fix, records))

    # --- the fix's page: its inputs, the preview, the reason and the confirmation --------------

    def fix_view(self, request, fix: AdminFix):
        records = self._fix_records(request, fix)
        if request.method != "POST":
            return self._fix_page(request, fix, records, fix.form_class())
        form = fix.form_class(request.POST)
        if not form.is_valid():
            return self._fix_page(request, fix, records, form)
        confirmed = CONFIRMED in request.POST
        reason = CommitReasonForm(request.POST if confirmed else None)
        commit = confirmed and reason.is_valid()
        if commit:
            # Every row the fix writes carries it (config.kernel.audit).
            change_context_add(reason=reason.cleaned_data["reason"])
        lines = partial(fix.lines, records, form.cleaned_data)
        outcome = fix_run(lines, commit=commit, refusal_as_text=refusal_text)
        if outcome.committed:
            changed, unchanged = outcome.count(True), outcome.count(False)
            messages.success(
                request, f"{fix.title}: {changed} record(s) changed, {unchanged} unchanged."
            )
            return redirect(self._after_fix_url(records))
        for error in outcome.errors:
            messages.error(request, error.text())
        if commit:
            messages.error(request, "Nothing written.")
        return self._fix_page(request, fix, records, form, outcome, reason)

    def _fix_records(self, request, fix: AdminFix) -> list[Model]:
        ids = {value for value in request.GET.get(IDS, "").split(",") if value}
        try:
            records = list(self.get_queryset(request).filter(pk__in=ids))
        except (ValidationError, ValueError):
            records = []  # an id that is no id: no such record
        if not records or len(records) != len(ids) or (fix.one_record and len(records) != 1):
            raise Http404(f"No such {self.opts.verbose_name} to {fix.name}")
        if not all(self.has_change_permission(request, record) for record in records):
            raise PermissionDenied
        return records

    def _fix_page(
        self, request, fix, records, form, outcome: FixOutcome | None = None, reason=None
    ):
        # A clean preview is confirmed as it was seen: its inputs are shown, not edited.
        previewed = outcome is not None and not outcome.errors and outcome.count(True) > 0
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "title": fix.title,
            "fix": fix,
            "records": records,
            "form": form,
            "outcome": outcome,
            "changes": [change.text() for _, change in outcome.changes] if outcome else [],
            "previewed": previewed,
            "confirmed": CONFIRMED,
            "reason_form": reason or CommitReasonForm(),
            "record_url": self._after_fix_url(records) if len(records) == 1 else None,
            "cancel_url": self._after_fix_url(records),
            "restart_url": self._fix_url(fix, records),
        }
        return TemplateResponse(request, "admin/fix.html", context)

    def _fix_url_name(self, fix: AdminFix) -> str:
        return f"admin:{self.opts.app_label}_{self.opts.model_name}_{fix.name}"

    def _fix_url(self, fix: AdminFix, records: Sequence[Model]) -> str:
        ids = ",".join(str(record.pk) for record in records)
        return f"{reverse(self._fix_url_name(fix))}?{urlencode({IDS: ids}, safe=',')}"

    def _after_fix_url(self, records: Sequence[Model]) -> str:
        """One record's page, or the list for several."""
        name = f"admin:{self.opts.app_label}_{self.opts.model_name}"
        if len(records) == 1:
            return reverse(f"{name}_change", args=[records[0].pk])
        return reverse(f"{name}_changelist")
