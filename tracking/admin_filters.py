"""The back office's work waiting about shipments (the dashboard's figures, registered by
tracking.apps) and the list filters each figure links to, so a figure and its list are one
rule: the shipments delivered whose movement request nobody completed, the delivery
exceptions, and the carriers' updates no shipment took.

tracking imports neither flow: a movement request's open statuses are read from its own status
graph (those it can still move from), by the model's label."""

from datetime import timedelta

from django.apps import apps
from django.contrib import admin
from django.db.models import Q, QuerySet
from django.db.models.functions import Coalesce
from django.utils import timezone

from tracking.choices import EXCEPTIONS, ShipmentStatus

# A parcel waiting at a pickup point is normal for a while; after this, someone looks into it.
# The other exceptions (FAILURE, RETURN_TO_SENDER) are one as soon as the carrier says so.
EXCEPTION_AFTER = {ShipmentStatus.AVAILABLE_FOR_PICKUP: timedelta(days=3)}
EXCEPTION_SHOWN_CLOSED = timedelta(days=14)


def open_statuses(model_label: str) -> list[str]:
    """The statuses a record of `model_label` can still move from: not done nor cancelled."""
    graph = apps.get_model(model_label).status_field().moves
    return [status for status, targets in graph.items() if targets]


def shipments_delivered_movement_open(shipments: QuerySet) -> QuerySet:
    """Delivered by the carrier (going out to the employee, or coming back from them) while the
    movement request they are a shipment of is still open (PROCESSING or COORDINATED): the
    operator completes it."""
    return shipments.filter(
        status=ShipmentStatus.DELIVERED,
        movement_request__status__in=open_statuses("logistics.MovementRequest"),
    )


def shipments_in_exception(shipments: QuerySet) -> QuerySet:
    """In one of the exceptions (tracking.choices.EXCEPTIONS), for longer than that exception
    is given (EXCEPTION_AFTER; from when the carrier's event said so, else from the shipment's
    last change)."""
    now = timezone.now()
    since = Coalesce("status_since", "updated_at")
    condition = Q(pk__in=[])
    for status in EXCEPTIONS:
        wait = EXCEPTION_AFTER.get(status)
        condition |= Q(status=status) & (Q(since__lt=now - wait) if wait else Q())
    # Work while its record is open; once the record is closed (its hardware landed, or the
    # order delivered), for EXCEPTION_SHOWN_CLOSED more, then the figure lets it go.
    still_open = Q(movement_request__status__in=open_statuses("logistics.MovementRequest")) | Q(
        order__status__in=open_statuses("orders.Order")
    )
    recent = Q(since__gte=now - EXCEPTION_SHOWN_CLOSED)
    return shipments.alias(since=since).filter(condition & (still_open | recent))


def updates_unmatched(updates: QuerySet) -> QuerySet:
    """Carriers' updates about a tracking code no shipment has yet."""
    return updates.filter(matched_at__isnull=True)


class WorkWaitingFilter(admin.SimpleListFilter):
    """The shipments each of the dashboard's figures counts."""

    title = "work waiting"
    parameter_name = "waiting"
    # The value, what the dashboard calls it, and the rule that finds them.
    FIGURES = [
        (
            "delivered_movement_open",
            "delivered by the carrier, movement not DONE",
            shipments_delivered_movement_open,
        ),
        ("exceptions", "delivery exceptions", shipments_in_exception),
    ]

    def lookups(self, request, model_admin):
        return [(value, label) for value, label, _ in self.FIGURES]

    def queryset(self, request, queryset):
        for value, _, narrow in self.FIGURES:
            if self.value() == value:
                return narrow(queryset)
        return queryset


class MatchedFilter(admin.SimpleListFilter):
    """The carriers' updates still waiting for a shipment with their code, or taken by one."""

    title = "matched"
    parameter_name = "matched"
    UNMATCHED, MATCHED = "no", "yes"

    def lookups(self, request, model_admin):
        return [(self.UNMATCHED, "Unmatched: no shipment has the code"), (self.MATCHED, "Matched")]

    def queryset(self, request, queryset):
        if self.value() == self.UNMATCHED:
            return updates_unmatched(queryset)
        if self.value() == self.MATCHED:
            return queryset.filter(matched_at__isnull=False)
        return queryset
