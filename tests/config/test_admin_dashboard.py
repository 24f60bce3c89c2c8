"""The admin index opens with the work waiting: each figure counts what it says, links to the
changelist filtered to exactly those records, and the page reads a fixed number of queries
however many records there are."""

from datetime import timedelta

import pytest
from django.contrib.auth.models import Permission
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from bulk.choices import BulkOperation
from bulk.models import BulkJob
from bulk.services.jobs import BulkItem, bulk_job_create
from companies.models import EventState
from config.kernel.actors import Actor
from hardware.lifecycle import hardware_wipe_await
from logistics.choices import MovementStatus
from logistics.models import MovementRequest
from orders.choices import OrderStatus, SendTo
from orders.models import Order
from tests.bulk.conftest import run_to_the_end
from tests.factories import (
    CatalogItemFactory,
    CompanyFactory,
    EventFactory,
    HardwareFactory,
    HardwareRequestFactory,
    MovementRequestFactory,
    OrderFactory,
    alternatives,
)
from tracking.models import Shipment, UnmatchedTracking

pytestmark = pytest.mark.django_db

INDEX = reverse("admin:index")


def figures(admin_client) -> dict[str, tuple[int, str]]:
    """The dashboard's figures by label: (count, link)."""
    page = admin_client.get(INDEX)
    assert page.status_code == 200
    return {
        figure["label"]: (figure["count"], figure["url"])
        for group in page.context["dashboard"]
        for figure in group["counts"]
    }


def listed(admin_client, url: str) -> set:
    page = admin_client.get(url)
    assert page.status_code == 200
    assert "e=1" not in page.request["QUERY_STRING"]  # no unknown filter was dropped
    return {record.pk for record in page.context["cl"].result_list}


def seed_work() -> dict[str, set]:
    """Records of every kind the dashboard counts, with others beside them it must not count;
    answers the counted ones by figure."""
    today = timezone.localdate()
    company = CompanyFactory()
    OrderFactory(company=company)
    quoted = {OrderFactory(company=company, status=OrderStatus.QUOTED).pk}
    accepted = {OrderFactory(company=company, status=OrderStatus.ACCEPTED).pk}
    OrderFactory(company=company, status=OrderStatus.ACCEPTED, send_to=SendTo.QUOTE_ONLY)
    OrderFactory(company=company, status=OrderStatus.DELIVERED)
    yesterday, tomorrow = today - timedelta(days=1), today + timedelta(days=1)
    processing = MovementRequestFactory(company=company, expected_date=yesterday)
    late = MovementRequestFactory(company=company, status=MovementStatus.COORDINATED, eta=yesterday)
    MovementRequestFactory(company=company, status=MovementStatus.COORDINATED, eta=today)
    MovementRequestFactory(company=company, status=MovementStatus.DONE, expected_date=yesterday)
    MovementRequestFactory(company=company, expected_date=tomorrow)
    failing = EventFactory()
    retrying = EventFactory(state=EventState.PENDING, attempts=2)
    EventFactory(state=EventState.PENDING, attempts=0)
    EventFactory(state=EventState.DELIVERED, attempts=1)
    short = CatalogItemFactory(stock=0)
    HardwareRequestFactory(order=OrderFactory(company=company), catalog_item=short)
    # Out of stock but asked for only by a closed order, or by a candidate not selected.
    unasked = CatalogItemFactory(stock=0)
    HardwareRequestFactory(
        order=OrderFactory(company=company, status=OrderStatus.CANCELLED), catalog_item=unasked
    )
    line = HardwareRequestFactory(order=OrderFactory(company=company))
    alternatives(line, HardwareRequestFactory(order=line.order, catalog_item=unasked))
    stocked = CatalogItemFactory(stock=5)
    HardwareRequestFactory(order=OrderFactory(company=company), catalog_item=stocked)
    shipments = seed_shipments(company, processing)
    awaiting_wipe = seed_hardware(company)
    bulk_jobs = seed_bulk_jobs(company)
    return {
        # Every order and movement above was made with the default status unless stated.
        "PENDING: to quote": set(
            Order.objects.filter(status="PENDING").values_list("pk", flat=True)
        ),
        "QUOTED: waiting for the client": quoted,
        "ACCEPTED: to deliver": accepted,
        "PROCESSING: to coordinate": set(
            MovementRequest.objects.filter(status="PROCESSING").values_list("pk", flat=True)
        ),
        "COORDINATED, past their ETA": {late.pk},
        "open, past their expected date": {processing.pk},
        **shipments,
        "AWAITING_WIPE: to wipe": awaiting_wipe,
        "out of stock, asked for by open orders": {short.pk},
        "FAILED: every attempt failed": {failing.pk},
        "PENDING after a failed attempt: to be retried": {retrying.pk},
        **bulk_jobs,
    }


def seed_hardware(company) -> set:
    """An item returned for a data wipe, and one beside it that needs none."""
    HardwareFactory(company=company)
    returned = HardwareFactory(company=company)
    with transaction.atomic():
        hardware_wipe_await(items=[returned], actor=Actor.command("test"), note="Returned")
    return {returned.pk}


def seed_bulk_jobs(company) -> dict[str, set]:
    """A job with a failed item finished today, one finished last week, and one queued."""

    def job(email: str) -> BulkJob:
        body = {"firstName": "Ada", "lastName": "Byron", "email": email}
        return bulk_job_create(
            company=company,
            operation=BulkOperation.EMPLOYEES_UPSERT,
            items=[BulkItem(body=body)],
            actor=Actor.command("test"),
        )

    failed = run_to_the_end(job("not-an-email").pk)
    last_week = run_to_the_end(job("not-an-email").pk)
    last_week.finished_at = timezone.now() - timedelta(days=8)
    last_week.save(update_fields=["finished_at"])
    queued = job("ada@example.com")
    return {
        "queued or running": {queued.pk},
        "with failed items, finished in the last 7 days": {failed.pk},
    }


def seed_shipments(company, open_movement) -> dict[str, set]:
    """Shipments the dashboard counts, and others it must not: a parcel delivered for a movement
    still open or already DONE, in an exception now or for long enough, unmatched updates."""
    done = MovementRequestFactory(company=company, status=MovementStatus.DONE)

    def shipment(code, status, movement=open_movement, days=0):
        since = timezone.now() - timedelta(days=days)
        return Shipment.objects.create(
            company=company,
            movement_request=movement,
            direction="OUTBOUND",
            tracking_code=code,
            status=status,
            status_since=since,
        ).pk

    delivered = shipment("DLV-1", "DELIVERED")
    shipment("DLV-2", "DELIVERED", movement=done)
    failed = shipment("EXC-1", "FAILURE")
    waiting = shipment("EXC-2", "AVAILABLE_FOR_PICKUP", days=4)
    shipment("EXC-3", "AVAILABLE_FOR_PICKUP", days=1)
    # An exception of a closed record counts two weeks, then is let go.
    returned = shipment("EXC-4", "RETURN_TO_SENDER", movement=done, days=2)
    shipment("EXC-5", "FAILURE", movement=done, days=20)
    shipment("TRN-1", "IN_TRANSIT")
    update = {"tracking_code": "NOPE", "events": []}
    kept = UnmatchedTracking.objects.create(
        provider="EASYPOST", tracking_code="NOPE", update=update
    )
    UnmatchedTracking.objects.create(
        provider="EASYPOST", tracking_code="TAKEN", update=update, matched_at=timezone.now()
    )
    return {
        "delivered by the carrier, movement not DONE": {delivered},
        "delivery exceptions": {failed, waiting, returned},
        "unmatched tracking updates": {kept.pk},
    }


def test_each_figure_counts_its_records_and_links_to_exactly_them(admin_client):
    expected = seed_work()

    shown = figures(admin_client)

    assert list(shown) == list(expected)  # the day's work first: orders, movements, ...
    for label, records in expected.items():
        count, url = shown[label]
        assert count == len(records), label
        assert listed(admin_client, url) == records, label


def test_the_index_reads_a_fixed_number_of_queries_whatever_the_data(
    admin_client, django_assert_max_num_queries
):
    admin_client.get(INDEX)  # the session and the user, as on any page
    with django_assert_max_num_queries(18) as empty:
        figures(admin_client)
    seed_work()
    seed_work()
    with django_assert_max_num_queries(18) as seeded:
        shown = figures(admin_client)

    assert shown["PENDING: to quote"][0] > 0
    assert len(seeded.captured_queries) == len(empty.captured_queries)


def test_a_figure_is_shown_only_to_who_may_see_its_list(client, django_user_model):
    clerk = django_user_model.objects.create_user("clerk", password="x", is_staff=True)
    clerk.user_permissions.add(Permission.objects.get(codename="view_order"))
    client.force_login(clerk)

    page = client.get(INDEX)

    assert [group["name"] for group in page.context["dashboard"]] == ["Orders"]
