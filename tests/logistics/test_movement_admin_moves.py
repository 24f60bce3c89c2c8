"""The movement request's page as an operator coordinates it (issues 13, 35): each move from the
one move box, with the ETA and tracking beside its buttons, DONE confirmed listing where each
item lands, bulk moves with a shared ETA and tracking."""

import datetime

import pytest
from django.contrib.admin.models import LogEntry

from config.kernel.actors import Actor
from hardware.models import Hardware
from logistics import services
from logistics.models import MovementRequest
from tests.admin_pages import change_page_form, message_texts
from tests.factories import CompanyFactory, EmployeeFactory, HardwareFactory, MovementRequestFactory
from tests.logistics.test_movement_admin import CHANGELIST, change_page, move_url

pytestmark = pytest.mark.django_db


def onboarding(serial="SN-MOVE-1", *, company=None) -> MovementRequest:
    company = company or CompanyFactory(webhook_url="https://hooks.example.com/acme")
    employee = EmployeeFactory(company=company)
    item = HardwareFactory(company=company, serial_number=serial)
    return services.movement_onboarding_create(
        company=company,
        actor=Actor.api_client(company.api_client),
        hardware_ids=[item.id],
        employee_email=employee.email,
    )


SHIPPING = {
    "eta": "2026-12-03",
    "tracking_code": "1Z999AA10123456784",
    "tracking_link": "https://track.example.com/1Z999AA10123456784",
}


def test_each_move_has_one_button_and_one_set_of_inputs_on_the_page(admin_client):
    movement = onboarding()

    html = admin_client.get(change_page(movement)).content.decode()

    for status in ("COORDINATED", "DONE", "CANCELLED"):
        assert html.count(f'value="{status}"') == 1, status
    for field in ("eta", "tracking_code", "tracking_link", "reason"):
        assert html.count(f'name="{field}"') == 1, field
    assert "_save_and_mark" not in html


def test_a_plain_save_of_the_page_writes_nothing(admin_client):
    movement = onboarding()
    before = MovementRequest.objects.values_list("status", "eta", "updated_at").get(pk=movement.pk)

    form = {**change_page_form(admin_client.get(change_page(movement))), **SHIPPING}

    admin_client.post(change_page(movement), {**form, "_save": "Save"})

    after = MovementRequest.objects.values_list("status", "eta", "updated_at").get(pk=movement.pk)
    assert after == before
    # Nor does its history show an edit that was never saved.
    assert not LogEntry.objects.filter(object_id=str(movement.pk)).exists()


def test_a_refused_move_says_why_and_keeps_nothing_typed_beside_it(admin_client):
    movement = onboarding()
    # Meanwhile, another operator completes it.
    services.movement_request_move(
        movement_request_id=movement.id, to_status="DONE", actor=Actor.command("t")
    )
    before = MovementRequest.objects.values_list("status", "eta", "updated_at").get(pk=movement.pk)

    response = admin_client.post(
        move_url(movement), {**SHIPPING, "status": "COORDINATED"}, follow=True
    )

    assert response.redirect_chain[-1][0] == change_page(movement)
    assert message_texts(response) == [
        f"Movement request {movement.movement_request_number} cannot move from DONE to "
        "COORDINATED (allowed: none, it makes no more moves)"
    ]
    after = MovementRequest.objects.values_list("status", "eta", "updated_at").get(pk=movement.pk)
    assert after == before
    assert not LogEntry.objects.exists()


def test_done_asks_first_listing_where_each_item_lands(admin_client):
    movement = onboarding()

    response = admin_client.post(move_url(movement), {"status": "DONE"})

    email = movement.to_employee.email
    [(record, effects)] = response.context["records"]
    assert record == movement
    assert effects == [
        f"{Hardware.objects.get()} lands with {email} (status EMPLOYEE)",
        "Webhook movement_request.status_changed sent to https://hooks.example.com/acme",
    ]
    assert MovementRequest.objects.get(pk=movement.pk).status == "PROCESSING"
    assert Hardware.objects.get().status == "STORAGE"


def test_a_bulk_coordinate_asks_for_a_shared_eta_and_tracking_and_applies_it_to_each(
    admin_client,
):
    company = CompanyFactory()
    movements = [onboarding(f"SN-BULK-{n}", company=company) for n in range(3)]
    done = MovementRequestFactory(company=company, status="DONE")
    selected = {
        "action": "mark_coordinated",
        "_selected_action": [str(m.pk) for m in [*movements, done]],
    }

    asked = admin_client.post(CHANGELIST, selected)

    assert asked.status_code == 200
    page = asked.content.decode()
    assert 'name="eta"' in page and 'name="tracking_code"' in page

    response = admin_client.post(
        CHANGELIST, {**selected, **SHIPPING, "confirmed": "yes"}, follow=True
    )

    assert message_texts(response) == [
        f"Movement request {done.movement_request_number} cannot move from DONE to COORDINATED "
        "(allowed: none, it makes no more moves)",
        "Moved 3 movement request(s) to COORDINATED.",
    ]
    moved = MovementRequest.objects.filter(pk__in=[m.pk for m in movements])
    assert {(m.status, m.eta, m.tracking_code) for m in moved} == {
        ("COORDINATED", datetime.date(2026, 12, 3), "1Z999AA10123456784")
    }


def test_a_bulk_move_with_a_bad_shared_eta_moves_nothing(admin_client):
    movement = onboarding()
    selected = {"action": "mark_coordinated", "_selected_action": [str(movement.pk)]}

    response = admin_client.post(CHANGELIST, {**selected, "eta": "soon", "confirmed": "yes"})

    assert response.status_code == 200  # the page again, with the error
    assert message_texts(response) == ["eta: Enter a valid date."]
    assert MovementRequest.objects.get(pk=movement.pk).status == "PROCESSING"


@pytest.mark.parametrize("count", [1, 10])
def test_the_bulk_coordinate_page_costs_the_same_for_one_request_or_ten(
    admin_client, django_assert_max_num_queries, count
):
    company = CompanyFactory()
    movements = [MovementRequestFactory(company=company) for _ in range(count)]
    selected = {"action": "mark_coordinated", "_selected_action": [str(m.pk) for m in movements]}

    with django_assert_max_num_queries(12):
        response = admin_client.post(CHANGELIST, selected)

    assert len(response.context["records"]) == count


@pytest.mark.parametrize("count", [1, 10])
def test_the_bulk_done_page_lists_where_each_item_lands_at_the_same_cost(
    admin_client, django_assert_max_num_queries, count
):
    company = CompanyFactory()
    movements = [onboarding(f"SN-DONE-{n}", company=company) for n in range(count)]
    selected = {"action": "mark_done", "_selected_action": [str(m.pk) for m in movements]}

    with django_assert_max_num_queries(12):
        response = admin_client.post(CHANGELIST, selected)

    landings = [effects[0] for _, effects in response.context["records"]]
    assert landings == [
        f"{movement.hardwares.get()} lands with {movement.to_employee.email} (status EMPLOYEE)"
        for movement in movements
    ]
