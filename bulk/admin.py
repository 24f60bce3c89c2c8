"""The back office's bulk jobs (issue 33): the list an operator follows them in (company,
operation, status, progress), found by the job's id or the company; and the job's page, read
only, with its counts, who made it (its trail: through what, the request, the reason), its
failed items with their messages, its status history, and a button to cancel it while it is
not finished, through `bulk_job_cancel` as POST /bulk-jobs/{id}/cancel does, with the reason
typed on the audit trail.

The counts are read with the jobs, in the page's own query (bulk.admin_filters). The upload of
a CSV of employees as a job is bulk.admin_upload; the items' list and page, bulk.admin_items."""

import uuid

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db.models import CharField, Q
from django.db.models.functions import Cast
from django.shortcuts import get_object_or_404, redirect
from django.urls import path, reverse
from django.utils.html import format_html
from django.views.decorators.http import require_POST

from bulk.admin_filters import WorkWaitingFilter, with_item_counts
from bulk.admin_items import (
    FAILED_SHOWN,
    BulkJobItemAdmin,
    StatusHistoryInline,
    failed_items,
    items_url,
)
from bulk.admin_upload import EmployeesUploadPage
from bulk.choices import FINISHED, BulkJobStatus, ItemStatus
from bulk.models import BulkJob
from bulk.services.jobs import bulk_job_cancel
from config.backoffice.audited import AuditedAdmin, ReasonForm
from config.backoffice.base import form_errors_as_messages, refusals_as_messages
from config.backoffice.lists import age, company_code, moment
from config.kernel.actors import Actor, ActorKind
from config.kernel.audit import change_context_add

__all__ = ["BulkJobAdmin", "BulkJobItemAdmin"]

CANCEL_URL = "admin:bulk_bulkjob_cancel"
# A search as long as the list's shortened ids, or longer, may be the start of a job's id.
ID_START = 8


@admin.register(BulkJob)
class BulkJobAdmin(EmployeesUploadPage, AuditedAdmin):
    change_form_template = "admin/bulk/bulkjob/change_form.html"
    # Narrow enough for 1366 px (config.backoffice.lists): the id by its first characters.
    list_display = ["job", company_code, "operation", "status", "progress", age, "finished"]
    list_filter = ["status", "operation", WorkWaitingFilter, "company"]
    # Searched by get_search_results.
    search_fields = ["=company__code"]
    search_help_text = "A job's id (whole, or its first 8 characters), or a company's code or name."
    list_select_related = ["company"]
    fieldsets = [
        (None, {"fields": ["id", "company", "operation", "status", "counts"]}),
        ("Made", {"fields": ["made_by", "through", "request_id", "reason", "api_client"]}),
        (
            "Times",
            {"fields": ["created_at", "started_at", "finished_at", "cancel_requested_at"]},
        ),
    ]
    readonly_fields = [field for _, options in fieldsets for field in options["fields"]]
    inlines = [StatusHistoryInline]

    def get_queryset(self, request):
        return with_item_counts(super().get_queryset(request))

    # --- nothing of a job is typed in: it is made by POST /bulk-jobs or an upload, and moved
    # by its workers and its cancellation ---------------------------------------------------

    def has_add_permission(self, request):
        return False  # its items come with it: POST /bulk-jobs, or "Upload employees CSV"

    def has_change_permission(self, request, obj=None):
        return False  # its page is read only; the button cancels it

    def has_delete_permission(self, request, obj=None):
        return False  # a record of what was run for the company

    def has_cancel_permission(self, request, obj=None) -> bool:
        return request.user.has_perm(f"{self.opts.app_label}.change_{self.opts.model_name}")

    # --- the list --------------------------------------------------------------------------

    @admin.display(description="job", ordering="created_at")
    def job(self, job: BulkJob):
        return format_html('<span title="{}">{}</span>', job.pk, str(job.pk)[:ID_START])

    @admin.display(description="progress")
    def progress(self, job: BulkJob):
        """`120 / 300` ran, and how many of those failed, linked to them."""
        ran = f"{job.succeeded + job.failed} / {job.total}"
        if not job.failed:
            return ran
        url = items_url(job, ItemStatus.FAILED)
        return format_html('{} · <a href="{}">{} failed</a>', ran, url, job.failed)

    @admin.display(description="finished", ordering="finished_at")
    def finished(self, job: BulkJob) -> str:
        return moment(job.finished_at)

    def get_search_results(self, request, queryset, search_term):
        term = search_term.strip()
        if not term:
            return queryset, False
        found = Q(company__code__iexact=term) | Q(company__name__icontains=term)
        try:
            found |= Q(pk=uuid.UUID(term))
        except ValueError:
            if len(term) >= ID_START:
                queryset = queryset.alias(id_text=Cast("id", CharField()))
                found |= Q(id_text__startswith=term.lower())
        return queryset.filter(found), False

    # --- the page --------------------------------------------------------------------------

    @admin.display(description="items")
    def counts(self, job: BulkJob) -> str:
        pending = job.total - job.succeeded - job.failed
        left = "not run (cancelled)" if job.status == BulkJobStatus.CANCELLED else "pending"
        return (
            f"{job.total} in all: {job.succeeded} succeeded · {job.failed} failed · "
            f"{pending} {left}"
        )

    @admin.display(description="made by")
    def made_by(self, job: BulkJob) -> str:
        return f"{job.actor_name} ({ActorKind(job.actor_kind).label})"

    @admin.display(description="through")
    def through(self, job: BulkJob) -> str:
        return job.trail.get("source") or "—"

    @admin.display(description="request id")
    def request_id(self, job: BulkJob) -> str:
        return job.trail.get("requestId") or "—"

    @admin.display(description="reason")
    def reason(self, job: BulkJob) -> str:
        return job.trail.get("reason") or "—"

    def render_change_form(self, request, context, add=False, change=False, form_url="", obj=None):
        if obj is not None:
            context.update(
                failed_items=failed_items(obj),
                failed_shown=FAILED_SHOWN,
                failed_url=items_url(obj, ItemStatus.FAILED),
                items_url=items_url(obj),
                cancellable=obj.status not in FINISHED and obj.cancel_requested_at is None,
                cancel_form=ReasonForm(auto_id="id_cancel_%s"),
                cancel_url=reverse(CANCEL_URL, args=[obj.pk]),
                may_cancel=self.has_cancel_permission(request, obj),
            )
        return super().render_change_form(request, context, add, change, form_url, obj)

    # --- its cancellation ------------------------------------------------------------------

    def get_urls(self):
        cancel = self.admin_site.admin_view(require_POST(self.cancel_view))
        name = CANCEL_URL.removeprefix("admin:")
        return [path("<uuid:pk>/cancel/", cancel, name=name), *super().get_urls()]

    def cancel_view(self, request, pk):
        job = get_object_or_404(BulkJob.objects.select_related("company"), pk=pk)
        if not self.has_cancel_permission(request, job):
            raise PermissionDenied
        form = ReasonForm(request.POST)
        if form.is_valid():
            # The job's change carries it on the audit trail (config.kernel.audit).
            change_context_add(reason=form.cleaned_data["reason"])
            with refusals_as_messages(request):
                cancelled = bulk_job_cancel(
                    company=job.company, job_id=job.pk, actor=Actor.staff(request.user)
                )
                level, text = cancel_told(job.status, cancelled)
                messages.add_message(request, level, text)
        else:
            form_errors_as_messages(request, form)
        return redirect("admin:bulk_bulkjob_change", job.pk)


def cancel_told(status_before: str, job: BulkJob) -> tuple[int, str]:
    """What the operator is told of a cancellation: done, under way, or nothing to do."""
    if job.status == BulkJobStatus.RUNNING:
        return messages.SUCCESS, (
            f"{job.label} is being cancelled: the items being run end, the others will not "
            "run, and it ends CANCELLED."
        )
    if status_before in FINISHED:
        return messages.INFO, f"{job.label} is {job.status} already: nothing to cancel."
    if job.status == BulkJobStatus.CANCELLED:
        return messages.SUCCESS, f"{job.label} is CANCELLED: none of its items ran."
    return messages.INFO, f"{job.label} ended {job.status} before it could be cancelled."
