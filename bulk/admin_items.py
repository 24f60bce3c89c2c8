"""A bulk job's items in the back office: the failed ones on the job's page (the first
FAILED_SHOWN, with a link to all of them), the list of a job's items filtered by outcome, an
item's page with its body and what its single call answered, and the job's status history.
Nothing of them is typed in: the workers write them as they run the job (bulk.api.runner)."""

import json

from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html

from bulk.choices import ItemStatus
from bulk.models import BulkJob, BulkJobItem, BulkJobStatusChange
from config.backoffice.base import RecordInline
from config.kernel.actors import ActorKind

# The failed items a job's page lists; the rest are a click away (failed_items_url).
FAILED_SHOWN = 100


def error_text(error: dict | None) -> str:
    """An item's error as an operator reads it: the single call's message, then each detail,
    named by its field unless it names it itself (a field is a column of the uploaded CSV)."""
    if not error:
        return ""
    message = error.get("message")
    message = message if isinstance(message, str) else "; ".join(map(str, message or []))
    details = "; ".join(_detail_text(detail) for detail in error.get("details") or [])
    return f"{message} ({details})" if details else message


def _detail_text(detail: dict) -> str:
    field, text = detail.get("field"), detail["message"]
    named = not field or text.startswith(field)  # `lastName should not be empty`
    return text if named else f"{field}: {text}"


def items_url(job: BulkJob, status: ItemStatus | None = None) -> str:
    """The list of `job`'s items, only those of `status` when given."""
    query = f"job={job.pk}" + (f"&status__exact={status}" if status else "")
    return f"{reverse('admin:bulk_bulkjobitem_changelist')}?{query}"


def failed_items(job: BulkJob) -> list[dict]:
    """The first FAILED_SHOWN failed items of `job`, in item order, as its page lists them."""
    items = (
        BulkJobItem.objects.filter(job=job, status=ItemStatus.FAILED)
        .order_by("index")
        .values("pk", "index", "client_reference", "status_code", "error")[:FAILED_SHOWN]
    )
    return [{**item, "message": error_text(item["error"])} for item in items]


class StatusHistoryInline(RecordInline):
    model = BulkJobStatusChange
    fields = ["created_at", "status_from", "status_to", "who"]
    verbose_name_plural = "status history"

    @admin.display(description="who")
    def who(self, change: BulkJobStatusChange) -> str:
        return f"{change.actor_name} ({ActorKind(change.actor_kind).label})"


@admin.register(BulkJobItem)
class BulkJobItemAdmin(admin.ModelAdmin):
    """A job's items (`?job=<id>`, from its page), found by the client's reference."""

    list_display = ["index", "client_reference", "status", "status_code", "message", "job_link"]
    list_filter = ["status"]
    search_fields = ["=client_reference"]
    search_help_text = "An item's clientReference (a CSV's rows are `row <n>` unless it had one)."
    show_full_result_count = False  # a job has up to 10,000 items; the table, millions
    fields = [
        "job_link",
        "index",
        "client_reference",
        "status",
        "status_code",
        "message",
        "resource_id",
        "finished_at",
        "pretty_body",
    ]
    readonly_fields = fields

    def has_view_permission(self, request, obj=None):
        # Its items are part of the job: who may see a job sees them.
        return request.user.has_perm("bulk.view_bulkjob") or request.user.has_perm(
            "bulk.change_bulkjob"
        )

    def has_add_permission(self, request):
        return False  # a job's items are stored with it

    def has_change_permission(self, request, obj=None):
        return False  # what the workers wrote of its run

    def has_delete_permission(self, request, obj=None):
        return False

    def changelist_view(self, request, extra_context=None):
        job_id = request.GET.get("job")
        subtitle = f"Items of bulk job {job_id}" if job_id else None
        return super().changelist_view(request, {"subtitle": subtitle, **(extra_context or {})})

    @admin.display(description="message")
    def message(self, item: BulkJobItem) -> str:
        return error_text(item.error) or "—"

    @admin.display(description="job", ordering="job")
    def job_link(self, item: BulkJobItem):
        url = reverse("admin:bulk_bulkjob_change", args=[item.job_id])
        return format_html('<a href="{}">{}</a>', url, str(item.job_id)[:8])

    @admin.display(description="body")
    def pretty_body(self, item: BulkJobItem):
        return format_html("<pre>{}</pre>", json.dumps(item.body, indent=2, ensure_ascii=False))
