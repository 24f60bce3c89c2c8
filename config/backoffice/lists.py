"""Columns the operators' lists share, compact so a list fits a 1366 px screen, and the one way
the back office writes a moment."""

from django.contrib import admin
from django.utils import formats, timezone
from django.utils.html import format_html


@admin.display(description="age", ordering="created_at")
def age(record) -> str:
    """How long ago the record was made, in its largest whole unit: `45 min`, `5 h`, `3 d`."""
    seconds = (timezone.now() - record.created_at).total_seconds()
    if seconds < 3600:
        return f"{int(seconds // 60)} min"
    if seconds < 86400:
        return f"{int(seconds // 3600)} h"
    return f"{int(seconds // 86400)} d"


@admin.display(description="company", ordering="company__code")
def company_code(record) -> str:
    """The company's code: its full name would take a column's width on its own."""
    return record.company.code


def moment(value) -> str:
    """A date-time as every admin page writes it (config/formats), in the operators' zone: for
    a column or a page's value that is not a model's own date-time field, which Django writes
    as it is."""
    return formats.date_format(timezone.localtime(value), "DATETIME_FORMAT") if value else "—"


def one_line(text: str, whole: str | None = None) -> str:
    """A cell's text, cut with an ellipsis by the stylesheet when the column is too narrow: its
    whole (or `whole`, when the cell shows a shorter form) is the cell's tooltip."""
    return format_html('<span title="{}">{}</span>', whole or text, text)


def person(employee) -> str:
    """An employee in a list: the name, the e-mail in the tooltip."""
    return one_line(employee.full_name, str(employee)) if employee is not None else "—"
