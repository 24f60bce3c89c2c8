"""The Audit log's filters (config.backoffice.audit_log). Each narrows the rows by a condition
PostgreSQL takes into every audit table's own scan, or by the tables read at all: a record type
reads its table alone."""

from django.contrib import admin
from django.db.models import QuerySet
from django.utils.text import capfirst

from config.backoffice.trail import ACTIONS, STATUS_CHANGED, moved_status, tracked_model
from config.kernel.audit import ActorType, Source, audit_models


def tables_read(rows: QuerySet) -> list:
    """The audit tables `rows` reads (all of them until a filter narrowed them)."""
    return list(rows.query.across) or audit_models()


def narrowed(rows: QuerySet, tables: list) -> QuerySet:
    """`rows` from those of `tables` it reads; none when it reads none of them (pghistory reads
    every table when given none)."""
    kept = [table for table in tables_read(rows) if table in tables]
    return rows.across(*kept) if kept else rows.none()


class RecordTypeFilter(admin.SimpleListFilter):
    title = "record type"
    parameter_name = "type"

    def lookups(self, request, model_admin):
        models = sorted(
            (tracked_model(table) for table in audit_models()),
            key=lambda model: model._meta.verbose_name,
        )
        return [(model._meta.label_lower, capfirst(model._meta.verbose_name)) for model in models]

    def queryset(self, request, queryset):
        if self.value() is None:
            return queryset
        tables = [t for t in audit_models() if tracked_model(t)._meta.label_lower == self.value()]
        return narrowed(queryset, tables)


class ActionFilter(admin.SimpleListFilter):
    """CREATED and DELETED as recorded; an update is STATUS_CHANGED when it moved the record's
    status (config.backoffice.trail.status_changes), else UPDATED."""

    title = "action"
    parameter_name = "action"

    def lookups(self, request, model_admin):
        return [(action, action) for action in ACTIONS]

    def queryset(self, request, queryset):
        action = self.value()
        if action is None:
            return queryset
        if action not in ACTIONS:
            return queryset.none()
        if action == STATUS_CHANGED:
            return queryset.filter(moved_status(tables_read(queryset)))
        if action == "UPDATED":
            return queryset.filter(pgh_label=action).exclude(moved_status(tables_read(queryset)))
        return queryset.filter(pgh_label=action)


class ContextFilter(admin.SimpleListFilter):
    """Rows whose change's context has `key` set to the value chosen."""

    key: str
    values: list[str]

    def lookups(self, request, model_admin):
        return [(value, value) for value in self.values]

    def queryset(self, request, queryset):
        if self.value() is None:
            return queryset
        return queryset.filter(**{f"pgh_context__{self.key}": self.value()})


class ActorTypeFilter(ContextFilter):
    title = "actor type"
    parameter_name = "actor"
    key = "actorType"
    values = ActorType.values


class SourceFilter(ContextFilter):
    title = "source"
    parameter_name = "source"
    key = "source"
    values = Source.values


class OccurredFilter(admin.DateFieldListFilter):
    """Today, the past 7 days, this month, this year (and any range by the URL's
    `pgh_created_at__gte` and `pgh_created_at__lt`), read through each table's time index."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.title = "occurred"
