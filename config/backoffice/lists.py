"""Columns the operators' lists share, compact so a list fits a 1366 px screen."""

from django.contrib import admin
from django.utils import timezone


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
