"""The back office's reads of bulk jobs (bulk.admin): each job's items counted by outcome, and the
jobs each of the dashboard's figures counts (registered by bulk.apps), with the list filter
each figure links to, so a figure and its list are one rule."""

from datetime import timedelta

from django.contrib import admin
from django.db.models import Count, Exists, IntegerField, OuterRef, QuerySet, Subquery
from django.db.models.functions import Coalesce
from django.utils import timezone

from bulk.choices import UNFINISHED, ItemStatus
from bulk.models import BulkJobItem

# How far back the figure of jobs with failed items looks.
FAILED_RECENTLY = timedelta(days=7)


def _items_counted(status: ItemStatus) -> Coalesce:
    # A subquery per job of the page, read by the (job, status) index once the page is cut:
    # never a join of every job's items before the LIMIT.
    counted = (
        BulkJobItem.objects.filter(job=OuterRef("pk"), status=status)
        .order_by()
        .values("job")
        .annotate(items=Count("*"))
        .values("items")
    )
    return Coalesce(Subquery(counted, output_field=IntegerField()), 0)


def with_item_counts(jobs: QuerySet) -> QuerySet:
    """`jobs`, each with `succeeded` and `failed`: its items that ran, by outcome, read in the
    jobs' own query (pending is the rest of `total`)."""
    return jobs.annotate(
        succeeded=_items_counted(ItemStatus.SUCCEEDED), failed=_items_counted(ItemStatus.FAILED)
    )


def jobs_unfinished(jobs: QuerySet) -> QuerySet:
    """Waiting for their turn or being run by the workers."""
    return jobs.filter(status__in=UNFINISHED)


def jobs_failed_recently(jobs: QuerySet) -> QuerySet:
    """Finished in the last FAILED_RECENTLY with at least one item that failed (FAILED,
    PARTIALLY_FAILED, or CANCELLED after some failed): the company may need telling."""
    failed = BulkJobItem.objects.filter(job=OuterRef("pk"), status=ItemStatus.FAILED)
    since = timezone.now() - FAILED_RECENTLY
    return jobs.filter(Exists(failed), finished_at__gte=since)


class WorkWaitingFilter(admin.SimpleListFilter):
    """The jobs each of the dashboard's figures counts."""

    title = "work waiting"
    parameter_name = "waiting"
    # The value, what the dashboard calls it, and the rule that finds them.
    FIGURES = [
        ("unfinished", "queued or running", jobs_unfinished),
        ("failed_recently", "with failed items, finished in the last 7 days", jobs_failed_recently),
    ]

    def lookups(self, request, model_admin):
        return [(value, label) for value, label, _ in self.FIGURES]

    def queryset(self, request, queryset):
        for value, _, narrow in self.FIGURES:
            if self.value() == value:
                return narrow(queryset)
        return queryset
