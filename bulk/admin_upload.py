"""An operator's upload of a CSV of employees for a company (issue 33), made a bulk job of
EMPLOYEES_UPSERT as POST /bulk-jobs makes one: the button "Upload employees CSV" on the bulk
jobs' list opens its page (the form: bulk.admin_forms). A file refused is the form's error, and
no job is made; a file taken is a job QUEUED, by the staff user, with the reason typed on its
trail, which each row's upsert carries again when the workers run it. The operator lands on
the job's page, which shows its progress.

Mixed into the bulk jobs' admin (bulk.admin)."""

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.views.decorators.http import require_http_methods

from bulk.admin_forms import CSV_MAX_BYTES, EmployeesCsvForm, operation_columns
from bulk.choices import BulkOperation
from bulk.services.jobs import bulk_job_create
from config.backoffice.base import refusal_text
from config.kernel.actors import Actor
from config.kernel.audit import change_context_add
from config.kernel.errors import ServiceError

UPLOAD_URL = "admin:bulk_bulkjob_upload_employees"
TEMPLATE = "admin/bulk/bulkjob/upload_employees.html"


class EmployeesUploadPage:
    """The upload's button on the list, its page, and the job it makes."""

    def get_urls(self):
        page = require_http_methods(["GET", "POST"])(self.upload_employees_view)
        name = UPLOAD_URL.removeprefix("admin:")
        # Before the model's own URLs, whose catch-all would take the page's name for an id.
        return [
            path("upload-employees/", self.admin_site.admin_view(page), name=name),
            *super().get_urls(),
        ]

    def has_upload_permission(self, request) -> bool:
        """Making a bulk job: the model's add permission (no job is typed in on its form)."""
        return request.user.has_perm(f"{self.opts.app_label}.add_{self.opts.model_name}")

    def changelist_view(self, request, extra_context=None):
        upload_url = reverse(UPLOAD_URL) if self.has_upload_permission(request) else None
        return super().changelist_view(request, {"upload_url": upload_url, **(extra_context or {})})

    def upload_employees_view(self, request):
        if not self.has_upload_permission(request):
            raise PermissionDenied
        if request.method != "POST":
            return self._upload_page(request, EmployeesCsvForm())
        form = EmployeesCsvForm(request.POST, request.FILES)
        if not form.is_valid():
            return self._upload_page(request, form)
        # The job's trail keeps it, and every row's upsert carries it (config.kernel.audit).
        change_context_add(reason=form.cleaned_data["reason"])
        company, items = form.cleaned_data["company"], form.cleaned_data["file"]
        try:
            job = bulk_job_create(
                company=company,
                operation=BulkOperation.EMPLOYEES_UPSERT,
                items=items,
                actor=Actor.staff(request.user),
            )
        except ServiceError as refusal:  # nothing was made: its transaction rolled back
            form.add_error(None, refusal_text(refusal))
            return self._upload_page(request, form)
        messages.success(
            request,
            f"Bulk job {job.pk} queued: {job.total} employee(s) of {company.code} to upsert. "
            "The workers run it in the background; this page shows its progress.",
        )
        return redirect(reverse("admin:bulk_bulkjob_change", args=[job.pk]))

    def _upload_page(self, request, form: EmployeesCsvForm) -> TemplateResponse:
        columns, required = operation_columns(BulkOperation.EMPLOYEES_UPSERT)
        context = {
            **self.admin_site.each_context(request),
            "title": "Upload employees CSV",
            "subtitle": None,
            "opts": self.opts,
            "form": form,
            "columns": columns,
            "required": required,
            "max_rows": settings.BULK_JOB_MAX_ITEMS,
            "max_bytes": CSV_MAX_BYTES,
        }
        return TemplateResponse(request, TEMPLATE, context)
