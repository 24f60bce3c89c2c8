"""One history of a record (issue 13): its status moves, the edits saved on its admin page and
the webhooks sent about it with every attempt, on one timeline of its page, read in a fixed
number of queries."""

from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import timezone

from companies.models import Event, EventAttempt
from companies.record_history import record_history
from config.kernel.actors import Actor
from orders import services
from tests.factories import CompanyFactory, EventFactory, HardwareRequestFactory, OrderFactory
from tests.orders.test_order_admin import page_form

pytestmark = pytest.mark.django_db


def change_page(order) -> str:
    return reverse("admin:orders_order_change", args=[order.pk])


def order_with_history(admin_client, *, webhooks: int = 1):
    """An order priced on its page (an edit), quoted and cancelled (moves), whose company's
    receiver refused each event `webhooks` times."""
    company = CompanyFactory(webhook_url="https://hooks.example.com/acme")
    order = OrderFactory(company=company)
    HardwareRequestFactory(order=order, amount=2, model="MX Master 3S")
    form = page_form(admin_client.get(change_page(order)))
    form["hardware_requests-0-quoted_unit_price"] = "99.00"
    admin_client.post(change_page(order), {**form, "_save": "Save"})
    services.order_move(order_id=order.pk, to_status="QUOTED", actor=Actor.command("ops"))
    services.order_move(order_id=order.pk, to_status="CANCELLED", actor=Actor.command("ops"))
    for event in Event.objects.filter(payload__data__id=str(order.pk)):
        for _ in range(webhooks):
            EventAttempt.objects.create(
                event=event,
                url=company.webhook_url,
                status_code=503,
                duration_ms=12,
                finished_at=timezone.now(),
            )
    EventFactory(company=company)  # another record's event: not in this history
    return order


def test_the_history_merges_moves_edits_and_webhooks_in_time_order(admin_client, admin_user):
    order = order_with_history(admin_client)
    HardwareRequestFactory(order=OrderFactory())  # another order's history stays apart

    history = record_history(order)

    # The admin logs its edit once the service saved it, and told the company.
    assert [(entry.kind, entry.what) for entry in history] == [
        ("webhook", "order.updated event, PENDING"),
        ("edit", "Changed Quoted unit price for hardware request “2 x MX Master 3S”."),
        ("move", "PENDING → QUOTED"),
        ("webhook", "order.quoted event, PENDING"),
        ("move", "QUOTED → CANCELLED"),
        ("webhook", "order.cancelled event, PENDING"),
    ]
    moves = [entry for entry in history if entry.kind == "move"]
    assert moves[0].who == "ops (Management command)"
    edit = next(entry for entry in history if entry.kind == "edit")
    assert edit.who == admin_user.username
    webhook = next(entry for entry in history if entry.kind == "webhook")
    assert webhook.details == (
        "attempt 1 to https://hooks.example.com/acme: 503 at "
        f"{webhook_attempt_time(webhook)}, 12 ms",
    )


def webhook_attempt_time(entry) -> str:
    attempt = EventAttempt.objects.get(event_id=entry.event_id)
    return f"{attempt.attempted_at:%Y-%m-%d %H:%M:%S}"


@pytest.mark.parametrize("webhooks", [1, 6])
def test_the_history_is_read_in_a_fixed_number_of_queries(
    admin_client, django_assert_max_num_queries, webhooks
):
    order = order_with_history(admin_client, webhooks=webhooks)

    with django_assert_max_num_queries(5):
        history = record_history(order)

    assert len(history) == 6


def test_the_page_shows_the_timeline_in_place_of_the_status_table(admin_client):
    order = order_with_history(admin_client)

    page = admin_client.get(change_page(order)).content.decode()

    assert 'id="history"' in page
    assert "PENDING → QUOTED" in page
    assert "order.cancelled event" in page
    assert "Changed Quoted unit price" in page
    assert "status history" not in page
    assert Decimal("99.00") == order.hardware_requests.get().quoted_unit_price
