"""An operator says why they change a record (issue 28): "Reason for this change" on the pages of
audited records, on the moves' forms and on the pages that confirm moves. The reason goes on the
audit trail with every row the save or move writes; one the trail would refuse is shown on the
page, and nothing is saved."""

import pytest
from django.apps import apps
from django.urls import reverse

from config.kernel.audit import REASON_MAX_LENGTH
from hardware.models import Hardware
from logistics.models import MovementRequest
from orders.models import HardwareRequest, Order
from tests.admin_pages import change_page_form, message_texts
from tests.factories import (
    CatalogItemFactory,
    HardwareFactory,
    HardwareRequestFactory,
    OrderFactory,
)
from tests.logistics.test_movement_admin import CHANGELIST as MOVEMENTS
from tests.logistics.test_movement_admin_moves import SHIPPING, onboarding
from tests.orders.test_order_admin import change_page, move_url, page_form

pytestmark = pytest.mark.django_db

INVALID = (
    f"A reason is 1 to {REASON_MAX_LENGTH} characters on one line, without control characters."
)


def contexts(model, record, label=None) -> list[dict]:
    """The context of each of `record`'s rows on the trail, oldest first."""
    table = apps.get_model(model._meta.app_label, f"{model.__name__}AuditEvent")
    rows = table.objects.filter(pgh_obj_id=record.pk).order_by("pgh_id")
    if label is not None:
        rows = rows.filter(pgh_label=label)
    return [row.pgh_context for row in rows]


def item_page(item) -> str:
    return reverse("admin:hardware_hardware_change", args=[item.pk])


def test_a_records_page_asks_for_the_reason_beside_its_save_buttons(admin_client):
    page = admin_client.get(item_page(HardwareFactory())).content.decode()

    assert 'id="change-reason"' in page
    assert "Reason for this change" in page
    assert page.index('id="change-reason"') < page.index('name="_save"')


def test_a_reason_typed_on_a_page_goes_on_the_trail_with_every_row_the_save_writes(
    admin_client, admin_user
):
    item = HardwareFactory(description="Scratched")
    page = admin_client.get(item_page(item))
    form = change_page_form(page) | {
        "description": "Screen replaced",
        "notes-0-content": "Sent back by the client",
        "change_reason": "Ticket 4711: repaired under warranty",
    }

    response = admin_client.post(item_page(item), form)

    assert response.status_code == 302, response.context["adminform"].form.errors
    [changed] = contexts(Hardware, item, "UPDATED")
    note = item.notes.get()
    [written] = contexts(type(note), note)
    for context in (changed, written):
        assert context["reason"] == "Ticket 4711: repaired under warranty"
        assert (context["source"], context["actorType"]) == ("ADMIN", "OPERATOR")
        assert context["operatorName"] == admin_user.username


def test_a_save_without_a_reason_writes_none(admin_client):
    item = HardwareFactory(description="Scratched")
    form = change_page_form(admin_client.get(item_page(item))) | {"description": "Fine"}

    admin_client.post(item_page(item), form)

    [changed] = contexts(Hardware, item, "UPDATED")
    assert "reason" not in changed


@pytest.mark.parametrize(
    "reason", ["x" * (REASON_MAX_LENGTH + 1), "two\nlines"], ids=["too-long", "line-break"]
)
def test_a_reason_the_trail_refuses_is_shown_on_the_page_and_nothing_is_saved(admin_client, reason):
    item = HardwareFactory(description="Scratched")
    form = change_page_form(admin_client.get(item_page(item))) | {
        "description": "Screen replaced",
        "notes-0-content": "Sent back",
        "change_reason": reason,
    }

    response = admin_client.post(item_page(item), form)

    assert response.status_code == 200  # the page again
    errors = response.context["adminform"].form.errors["change_reason"]
    assert errors and errors[0].startswith(("Ensure this value has at most", "A reason is"))
    assert 'id="change-reason"' in response.content.decode()
    item.refresh_from_db()
    assert item.description == "Scratched"
    assert not item.notes.exists()
    assert contexts(Hardware, item, "UPDATED") == []


def test_save_and_mark_quoted_carries_the_reason_to_the_lines_and_the_order(admin_client):
    order = OrderFactory()
    mouse = CatalogItemFactory(name="MX Master 3S", hardware_type="MOUSE")
    line = HardwareRequestFactory(order=order, catalog_item=mouse, model=mouse.name)
    form = page_form(admin_client.get(change_page(order)))

    admin_client.post(
        change_page(order),
        {**form, "_save_and_mark": "QUOTED", "change_reason": "Quoted by phone"},
    )

    assert Order.objects.get(pk=order.pk).status == "QUOTED"
    assert contexts(Order, order, "UPDATED")[-1]["reason"] == "Quoted by phone"
    assert contexts(HardwareRequest, line, "UPDATED")[-1]["reason"] == "Quoted by phone"


def test_a_move_from_the_records_page_carries_the_reason_typed_with_it(admin_client):
    order = OrderFactory()
    HardwareRequestFactory(order=order, quoted_unit_price="10.00")
    page = admin_client.get(change_page(order)).content.decode()
    assert 'id="id_move_reason"' in page

    admin_client.post(move_url(order), {"status": "QUOTED", "reason": "Agreed with Maya"})

    assert Order.objects.get(pk=order.pk).status == "QUOTED"
    assert contexts(Order, order, "UPDATED")[-1]["reason"] == "Agreed with Maya"


def test_a_move_with_a_reason_the_trail_refuses_is_not_made(admin_client):
    order = OrderFactory()
    HardwareRequestFactory(order=order, quoted_unit_price="10.00")

    response = admin_client.post(
        move_url(order), {"status": "QUOTED", "reason": "x" * 501}, follow=True
    )

    assert any(text.startswith("reason: ") for text in message_texts(response))
    assert Order.objects.get(pk=order.pk).status == "PENDING"


def test_a_final_moves_confirmation_page_shows_the_reason_typed_and_carries_it(admin_client):
    order = OrderFactory()

    asked = admin_client.post(move_url(order), {"status": "CANCELLED", "reason": "Duplicate"})

    assert asked.status_code == 200
    assert 'name="reason" value="Duplicate"' in asked.content.decode()
    assert Order.objects.get(pk=order.pk).status == "PENDING"

    admin_client.post(
        move_url(order),
        {"status": "CANCELLED", "reason": "Duplicate of 1041", "confirmed": "yes"},
    )

    assert Order.objects.get(pk=order.pk).status == "CANCELLED"
    assert contexts(Order, order, "UPDATED")[-1]["reason"] == "Duplicate of 1041"


def test_a_bulk_move_carries_the_reason_typed_on_its_page_to_each_record(admin_client):
    movements = [onboarding(f"SN-REASON-{n}") for n in range(2)]
    selected = {"action": "mark_coordinated", "_selected_action": [str(m.pk) for m in movements]}

    asked = admin_client.post(MOVEMENTS, selected)
    assert 'id="change-reason"' in asked.content.decode()
    admin_client.post(
        MOVEMENTS, {**selected, **SHIPPING, "reason": "Carrier booked", "confirmed": "yes"}
    )

    for movement in movements:
        assert MovementRequest.objects.get(pk=movement.pk).status == "COORDINATED"
        assert contexts(MovementRequest, movement, "UPDATED")[-1]["reason"] == "Carrier booked"


def test_a_bulk_move_with_a_refused_reason_moves_nothing_and_asks_again(admin_client):
    movement = onboarding()
    selected = {"action": "mark_coordinated", "_selected_action": [str(movement.pk)]}

    response = admin_client.post(
        MOVEMENTS, {**selected, **SHIPPING, "reason": "tab\there", "confirmed": "yes"}
    )

    assert response.status_code == 200  # the page again, with the error
    assert message_texts(response) == [f"reason: {INVALID}"]
    assert MovementRequest.objects.get(pk=movement.pk).status == "PROCESSING"
