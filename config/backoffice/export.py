"""CSV export of any changelist as the operator filtered and searched it: the rows are written
as they are read, a chunk at a time, so 100,000 records never sit in memory at once. A list
whose rows cost more to read in one query than in chunks (the Audit log) reads them itself, by
its admin's `export_rows(queryset)`."""

import csv
import html
from collections.abc import Iterator
from decimal import Decimal

from django.contrib.admin import ModelAdmin
from django.contrib.admin.options import IncorrectLookupParameters
from django.contrib.admin.utils import label_for_field, lookup_field
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.html import strip_tags
from django.utils.safestring import SafeData
from django.utils.text import capfirst

# Rows fetched per round trip (a server-side cursor on PostgreSQL).
EXPORT_CHUNK_ROWS = 2000
# A cell starting with one of these is a formula to a spreadsheet (CSV injection): it is
# written with a leading apostrophe, so it reads as the text it is.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


class _Lines:
    """csv.writer's file: each row written is handed back as the line it makes."""

    def write(self, line: str) -> str:
        return line


def changelist_csv(request: HttpRequest, model_admin: ModelAdmin) -> HttpResponse:
    """The changelist's columns (its list_display, without the selection box) for every record
    its filters and search select (the same query string), in its order, as a streamed CSV."""
    if not model_admin.has_view_permission(request):
        raise PermissionDenied
    opts = model_admin.model._meta
    try:
        changelist = model_admin.get_changelist_instance(request)
    except IncorrectLookupParameters:
        # As the changelist answers unknown filters: back to the list, flagged.
        return redirect(f"{reverse(f'admin:{opts.app_label}_{opts.model_name}_changelist')}?e=1")
    columns = [name for name in changelist.list_display if name != "action_checkbox"]
    response = StreamingHttpResponse(
        _csv_lines(model_admin, columns, changelist.queryset),
        content_type="text/csv; charset=utf-8",
    )
    response["Content-Disposition"] = f'attachment; filename="{opts.model_name}-list.csv"'
    return response


def _csv_lines(model_admin: ModelAdmin, columns: list[str], records: QuerySet) -> Iterator[str]:
    writer = csv.writer(_Lines())
    # Headed as the list is.
    yield writer.writerow(
        [capfirst(label_for_field(name, model_admin.model, model_admin)) for name in columns]
    )
    # Read in chunks through a server-side cursor, which lives as long as its transaction:
    # inside one, every chunk comes from the same connection, behind PgBouncer's transaction
    # pooling too (docs/pgbouncer.md).
    export_rows = getattr(model_admin, "export_rows", None)
    with transaction.atomic():
        if export_rows is not None:
            rows = export_rows(records)
        else:
            rows = records.iterator(chunk_size=EXPORT_CHUNK_ROWS)
        for record in rows:
            values = (lookup_field(name, record, model_admin)[2] for name in columns)
            yield writer.writerow([_cell(value) for value in values])


def _cell(value) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int | float | Decimal):
        return str(value)  # a negative number is a number, not a formula
    # HTML the admin made (a link) gives its text, its entities read back; anything else its
    # str(), which a client's data may write (a record shown by a name).
    text = html.unescape(strip_tags(value)) if isinstance(value, SafeData) else str(value)
    return f"'{text}" if text.startswith(FORMULA_STARTS) else text
