"""One history of a record (issues 13 and 28): its status moves, its edits as the audit trail
keeps them (its own and its lines', with who, through what and why) and the webhooks sent about
it with every attempt, on one timeline of its page, read in a fixed number of queries. Records
without moves have the trail as their History page."""

from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import timezone

from companies.models import Event, EventAttempt
from companies.record_history import record_history
from config.kernel.actors import Actor
from orders import services
from tests.admin_pages import change_page_form
from tests.conftest import CallerClient
from tests.factories import (
    CompanyFactory,
    EventFactory,
    HardwareFactory,
    HardwareRequestFactory,
    OrderFactory,
)
from tests.orders.test_order_admin import move_url, page_form

pytestmark = pytest.mark.django_db


def change_page(order) -> str:
    return reverse("admin:orders_order_change", args=[order.pk])


def order_with_history(admin_client, *, webhooks: int = 1):
    """An order priced on its page (an edit, with a reason), quoted and cancelled (moves), whose
    company's receiver refused each event `webhooks` times."""
    company = CompanyFactory(webhook_url="https://hooks.example.com/acme")
    order = OrderFactory(company=company)
    HardwareRequestFactory(order=order, amount=2, model="MX Master 3S")
    form = page_form(admin_client.get(change_page(order)))
    form["hardware_requests-0-quoted_unit_price"] = "99.00"
    form["change_reason"] = "Price agreed by phone"
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


def entries(history, kind) -> list[tuple[str, str]]:
    return [(entry.who, entry.what) for entry in history if entry.kind == kind]


def test_the_history_merges_moves_edits_and_webhooks(admin_client, admin_user):
    order = order_with_history(admin_client)
    HardwareRequestFactory(order=OrderFactory())  # another order's lines stay apart

    history = record_history(order)

    assert entries(history, "move") == [
        ("ops (Management command)", "PENDING → QUOTED"),
        ("ops (Management command)", "QUOTED → CANCELLED"),
    ]
    # The moves and the events they caused, in time order.
    assert [entry.what for entry in history if entry.kind != "edit"] == [
        "order.updated event, PENDING",
        "PENDING → QUOTED",
        "order.quoted event, PENDING",
        "QUOTED → CANCELLED",
        "order.cancelled event, PENDING",
    ]
    # The edits are the trail's: the order and its line as made, and the price typed on the
    # page; the moves' own rows are not listed again.
    assert entries(history, "edit") == [
        ("unknown", "Hardware request “2 x MX Master 3S” created"),
        (f"{admin_user.username} (Staff user)", "Hardware request “2 x MX Master 3S” updated"),
        ("unknown", "Order created"),
    ]
    edit = next(entry for entry in history if entry.what.endswith("updated"))
    assert edit.details[:3] == (
        "quoted unit price: — → 99.00",
        "through: ADMIN",
        "reason: Price agreed by phone",
    )
    webhook = next(entry for entry in history if entry.kind == "webhook")
    assert webhook.details == (
        "attempt 1 to https://hooks.example.com/acme: 503 at "
        f"{webhook_attempt_time(webhook)}, 12 ms",
    )


def webhook_attempt_time(entry) -> str:
    attempt = EventAttempt.objects.get(event_id=entry.event_id)
    return f"{attempt.attempted_at:%Y-%m-%d %H:%M:%S}"


def test_an_api_edit_shows_its_client_and_reason_and_an_admin_edit_its_staff_user(
    admin_client, admin_user, caller: CallerClient
):
    company = CompanyFactory(api_client=caller.api_client, code="HIS")
    order = OrderFactory(company=company)
    kept = HardwareRequestFactory(order=order, amount=1, model="Dell U2723QE")
    gone = HardwareRequestFactory(order=order, amount=1, model="MX Master 3S")

    removed = caller.patch(
        f"/orders/{order.pk}/hardware-requests/remove",
        {"companyCode": "HIS", "hardwareRequests": [{"hardwareRequestId": str(gone.pk)}]},
        format="json",
        HTTP_X_CHANGE_REASON="The employee has a mouse already",
    )
    form = page_form(admin_client.get(change_page(order)))
    form["hardware_requests-0-quoted_unit_price"] = "420.00"
    admin_client.post(change_page(order), {**form, "_save": "Save"})

    assert removed.status_code == 200
    history = record_history(order)
    [by_client] = [entry for entry in history if entry.what.endswith("deleted")]
    assert by_client.who == f"{caller.api_client.name} (API client)"
    assert by_client.what == "Hardware request “1 x MX Master 3S” deleted"
    assert "through: API" in by_client.details
    assert "reason: The employee has a mouse already" in by_client.details
    assert f"request: {removed['X-Request-ID']}" in by_client.details
    [by_operator] = [entry for entry in history if "420.00" in " ".join(entry.details)]
    assert by_operator.who == f"{admin_user.username} (Staff user)"
    assert by_operator.what == "Hardware request “1 x Dell U2723QE” updated"
    assert kept.pk  # the line priced is the one kept

    page = admin_client.get(change_page(order)).content.decode()
    assert "reason: The employee has a mouse already" in page
    assert f"{caller.api_client.name} (API client)" in page


def test_a_move_made_on_the_page_shows_the_reason_typed_with_it(admin_client, admin_user):
    order = OrderFactory()
    HardwareRequestFactory(order=order, quoted_unit_price="10.00")

    admin_client.post(move_url(order), {"status": "QUOTED", "reason": "Client asked by phone"})

    [move] = [entry for entry in record_history(order) if entry.kind == "move"]
    assert (move.who, move.what) == (f"{admin_user.username} (Staff user)", "PENDING → QUOTED")
    assert "reason: Client asked by phone" in move.details
    assert "through: ADMIN" in move.details
    # Its row on the trail is the move's, not an edit of its own.
    assert not [entry for entry in record_history(order) if "status changed" in entry.what]


@pytest.mark.parametrize("webhooks", [1, 6])
def test_the_history_is_read_in_a_fixed_number_of_queries(
    admin_client, django_assert_max_num_queries, webhooks
):
    order = order_with_history(admin_client, webhooks=webhooks)

    with django_assert_max_num_queries(4):
        history = record_history(order)

    assert len(history) == 8


def test_the_page_shows_the_timeline_in_place_of_the_status_table(admin_client):
    order = order_with_history(admin_client)

    page = admin_client.get(change_page(order)).content.decode()

    assert 'id="history"' in page
    assert "PENDING → QUOTED" in page
    assert "order.cancelled event" in page
    assert "quoted unit price: — → 99.00" in page
    assert "reason: Price agreed by phone" in page
    assert "status history" not in page
    assert Decimal("99.00") == order.hardware_requests.get().quoted_unit_price


def test_an_items_history_page_lists_its_rows_and_its_notes_from_the_trail(
    admin_client, admin_user
):
    item = HardwareFactory(serial_number="SN-HIST-1")
    url = reverse("admin:hardware_hardware_change", args=[item.pk])
    form = change_page_form(admin_client.get(url))
    saved = admin_client.post(
        url, {**form, "notes-0-content": "Dent on the back", "change_reason": "Returned damaged"}
    )
    assert saved.status_code == 302

    page = admin_client.get(reverse("admin:hardware_hardware_history", args=[item.pk]))

    assert page.status_code == 200
    history = page.context["history"]
    assert [(entry.who, entry.what) for entry in history] == [
        ("unknown", "Hardware created"),
        (f"{admin_user.username} (Staff user)", "Hardware note “Dent on the back” created"),
    ]
    assert "reason: Returned damaged" in history[1].details
    assert "Dent on the back" in page.content.decode()
