"""The back office's Audit log (issue 28): every row of the audit trail, newest first, whatever
record it is about, as operators search it: by record type, action, actor, source, company and
date, by request id, record id or the words of a reason; exported as CSV like every list.

Its rows are pghistory's `Events` (config.models.AuditLogEntry), which unions the audit tables
and computes, for every row it reads, the row's fields and what changed since the record's row
before it. That computing is what costs: asked for the newest 100 of 100,000 rows, the union
computes all 100,000 before sorting. So a page is read in two steps (AuditLogPaginator): the
page's keys (which table, which row) from every row the list selects, a sort of small rows,
then those 100 rows in full; the CSV export reads its rows the same way, a chunk at a time.
Every filter and the search are conditions PostgreSQL takes into each table's own scan.

pghistory's own admin (`pghistory.admin`) is not used: it lists rows by table name with their
raw JSON, shows nothing until filtered, and reads its pages in one query, which is the slow
read above."""

from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import islice
from uuid import UUID

from django.apps import apps
from django.contrib import admin
from django.contrib.admin.views.main import ChangeList
from django.core.paginator import Page, Paginator
from django.db.models import Model, Q, QuerySet
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.text import capfirst

from config.backoffice.audit_filters import (
    ActionFilter,
    ActorTypeFilter,
    OccurredFilter,
    RecordTypeFilter,
    SourceFilter,
)
from config.backoffice.dashboard import admin_list_filters
from config.backoffice.lists import moment
from config.backoffice.trail import action_of, actor_of, changes_of, parent_field, record_label
from config.models import AuditLogEntry

# Rows read in full at once by the CSV export.
EXPORT_CHUNK_ROWS = 1000
# Fields of "what changed" shown in the list (the record's History shows them all).
CHANGES_SHOWN = 3


@dataclass(frozen=True)
class Described:
    """What the list shows of a row beyond its context: its record, and its admin page."""

    record_type: str
    label: str
    url: str | None


def rows_by_keys(keys: list[tuple[str, int]]) -> list[AuditLogEntry]:
    """The rows named by `(table label, pgh_id)`, in full and in that order, in one query that
    reads each table by its primary key."""
    if not keys:
        return []
    ids = defaultdict(list)
    for table, pgh_id in keys:
        ids[table].append(pgh_id)
    named = Q(pk__in=[])
    for table, pgh_ids in ids.items():
        named |= Q(pgh_model=table, pgh_id__in=pgh_ids)
    tables = [apps.get_model(table) for table in ids]
    found = {
        (row.pgh_model, row.pgh_id): row
        for row in AuditLogEntry.objects.across(*tables).filter(named)
    }
    # A row purged between the two reads is left out.
    return [found[key] for key in keys if key in found]


def described(rows: Iterable[AuditLogEntry], site: admin.AdminSite) -> list[AuditLogEntry]:
    """The rows, each given `.described`: its record's type, label and admin page (the record's
    own, or its parent's for a line or a note), linked only when the record is still there;
    one query per kind of record linked."""
    rows = list(rows)
    pages = [_page_of(row, site) for row in rows]
    wanted = defaultdict(set)
    for page in pages:
        if page is not None:
            wanted[page[0]].add(page[1])
    existing = {
        model: {
            str(pk) for pk in model._default_manager.filter(pk__in=pks).values_list("pk", flat=True)
        }
        for model, pks in wanted.items()
    }
    for row, page in zip(rows, pages, strict=True):
        url = None
        if page is not None and str(page[1]) in existing[page[0]]:
            opts = page[0]._meta
            url = reverse(f"{site.name}:{opts.app_label}_{opts.model_name}_change", args=[page[1]])
        model = apps.get_model(row.pgh_obj_model)
        row.described = Described(
            record_type=capfirst(model._meta.verbose_name), label=record_label(row), url=url
        )
    return rows


def _page_of(row: AuditLogEntry, site: admin.AdminSite) -> tuple[type[Model], str] | None:
    model = apps.get_model(row.pgh_obj_model)
    if site.is_registered(model):
        return model, row.pgh_obj_id
    parent = parent_field(model)
    if parent is None or not site.is_registered(parent.related_model):
        return None
    parent_id = (row.pgh_data or {}).get(parent.column)
    return None if parent_id is None else (parent.related_model, parent_id)


class AuditLogPaginator(Paginator):
    """A page in two reads (module docstring): its keys, then its rows in full."""

    def page(self, number):
        number = self.validate_number(number)
        bottom = (number - 1) * self.per_page
        top = min(bottom + self.per_page, self.count)
        keys = list(self.object_list.values_list("pgh_model", "pgh_id")[bottom:top])
        return Page(rows_by_keys(keys), number, self)


class AuditLogChangeList(ChangeList):
    def get_results(self, request):
        super().get_results(request)
        rows = self.result_list
        if isinstance(rows, QuerySet):
            # Every row selected fits one page (or the operator asked for all): read as a page.
            rows = rows_by_keys(list(rows.values_list("pgh_model", "pgh_id")))
        self.result_list = described(rows, self.model_admin.admin_site)


@admin.register(AuditLogEntry)
class AuditLogAdmin(admin.ModelAdmin):
    # Fitted to a 1366 px screen by its template's styles (admin/config/auditlogentry/): long
    # values wrap, a reason and what changed show three lines, a request id its start (each in
    # full on hover, and in the CSV).
    list_display = [
        "occurred_at",
        "record",
        "action",
        "changes",
        "actor",
        "source",
        "reason",
        "request_id",
    ]
    list_display_links = None
    list_filter = [
        RecordTypeFilter,
        ActionFilter,
        ActorTypeFilter,
        SourceFilter,
        ("pgh_created_at", OccurredFilter),
    ]
    # The search is get_search_results'; a search field makes the admin show its box.
    search_fields = ["pgh_obj_id"]
    search_help_text = "A request id or a record's id, exactly, or words of a reason."
    ordering = ["-pgh_created_at"]
    sortable_by = ["occurred_at"]
    paginator = AuditLogPaginator
    # The filtered count is one cheap read of the keys; the unfiltered one is not shown.
    show_full_result_count = False
    actions = None

    def get_queryset(self, request):
        return AuditLogEntry.objects.all()

    def changelist_view(self, request, extra_context=None):
        # The log needs the screen's width: the sidebar of every app's lists is left out here
        # (the breadcrumbs lead back).
        context = {"title": "Audit log", "is_nav_sidebar_enabled": False}
        return super().changelist_view(request, {**context, **(extra_context or {})})

    def get_changelist(self, request, **kwargs):
        return AuditLogChangeList

    def get_list_filter(self, request):
        # With those the apps above hand it (the company's, companies.admin).
        return [*self.list_filter, *admin_list_filters(AuditLogEntry)]

    def get_search_results(self, request, queryset, search_term):
        term = search_term.strip()
        if not term:
            return queryset, False
        try:
            record_id = str(UUID(term))  # as PostgreSQL writes a uuid
        except ValueError:
            record_id = term
        found = (
            Q(pgh_context__requestId=term)
            | Q(pgh_obj_id=record_id)
            | Q(pgh_context__reason__icontains=term)
        )
        return queryset.filter(found), False

    def get_urls(self):
        # The list only: a row is read whole in the list, and written by the triggers alone.
        info = self.opts.app_label, self.opts.model_name
        view = self.admin_site.admin_view(self.changelist_view)
        return [path("", view, name="{}_{}_changelist".format(*info))]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False  # the retention purges rows past AUDIT_RETENTION_DAYS (companies.retention)

    def export_rows(self, queryset) -> Iterator[AuditLogEntry]:
        """The rows for the CSV export (config.backoffice.export), read as the list's pages are:
        their keys as they come, each chunk of them in full."""
        keys = queryset.values_list("pgh_model", "pgh_id").iterator(chunk_size=EXPORT_CHUNK_ROWS)
        while chunk := list(islice(keys, EXPORT_CHUNK_ROWS)):
            yield from described(rows_by_keys(chunk), self.admin_site)

    # --- the columns ------------------------------------------------------------------------

    @admin.display(description="occurred at", ordering="pgh_created_at")
    def occurred_at(self, row):
        return moment(row.pgh_created_at)

    @admin.display(description="record")
    def record(self, row):
        """Its type and label, the label linked to its page while it exists."""
        described = row.described
        if described.url is None:
            return f"{described.record_type}: {described.label}"
        link = format_html('<a href="{}">{}</a>', described.url, described.label)
        return format_html("{}: {}", described.record_type, link)

    @admin.display(description="action")
    def action(self, row):
        return action_of(row)

    @admin.display(description="what changed")
    def changes(self, row):
        return _clamped("; ".join(changes_of(row, limit=CHANGES_SHOWN)))

    @admin.display(description="actor")
    def actor(self, row):
        return actor_of(row.pgh_context)

    @admin.display(description="source")
    def source(self, row):
        return (row.pgh_context or {}).get("source")

    @admin.display(description="reason")
    def reason(self, row):
        return _clamped((row.pgh_context or {}).get("reason"))

    @admin.display(description="request id")
    def request_id(self, row):
        request_id = (row.pgh_context or {}).get("requestId")
        if request_id is None:
            return None
        return format_html('<span class="audit-id" title="{}">{}</span>', request_id, request_id)


def _clamped(text: str | None):
    """`text` shown in three lines at most on the page, whole on hover (and in the CSV)."""
    if not text:
        return None
    return format_html('<div class="audit-clamp" title="{}">{}</div>', text, text)
