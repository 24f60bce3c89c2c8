"""Operators find movement requests by what a client quotes, see their people, hardware and
history, and move them with one button."""

import pytest
from django.urls import reverse

from config.kernel.actors import Actor
from hardware.models import Hardware
from logistics import services
from logistics.models import MovementRequest
from tests.admin_pages import message_texts
from tests.factories import CompanyFactory, EmployeeFactory, HardwareFactory, MovementRequestFactory

pytestmark = pytest.mark.django_db

CHANGELIST = reverse("admin:logistics_movementrequest_changelist")


def change_page(movement) -> str:
    return reverse("admin:logistics_movementrequest_change", args=[movement.pk])


def move_url(movement) -> str:
    return reverse("admin:logistics_movementrequest_move", args=[movement.pk])


def shown(response) -> list[MovementRequest]:
    return list(response.context["cl"].result_list)


def onboarding() -> MovementRequest:
    company = CompanyFactory()
    employee = EmployeeFactory(company=company, email="grace@example.com")
    item = HardwareFactory(company=company, serial_number="SN-ADMIN-1")
    return services.movement_onboarding_create(
        company=company,
        actor=Actor.api_client(company.api_client),
        hardware_ids=[item.id],
        employee_email=employee.email,
    )


def test_the_list_finds_a_request_by_its_exact_number(admin_client):
    wanted, eleventh, _ = (
        MovementRequestFactory(movement_request_number=number) for number in (1, 11, 111)
    )

    assert shown(admin_client.get(CHANGELIST, {"q": "1"})) == [wanted]
    assert shown(admin_client.get(CHANGELIST, {"q": "11"})) == [eleventh]


def test_the_list_finds_the_requests_carrying_a_serial_number_once_each(admin_client):
    company = CompanyFactory()
    item = HardwareFactory(company=company, serial_number="C02-TWIN")
    first = MovementRequestFactory(
        company=company, hardwares=[item, HardwareFactory(company=company)], status="DONE"
    )
    second = MovementRequestFactory(company=company, hardwares=[item])
    MovementRequestFactory(
        company=company, hardwares=[HardwareFactory(company=company, serial_number="C02-TWINS")]
    )

    assert shown(admin_client.get(CHANGELIST, {"q": "c02-twin"})) == [second, first]


@pytest.mark.parametrize("term", ["leaver@example.com", "joiner@example", "ZZM", "zzm"])
def test_the_list_finds_a_request_by_an_employee_email_or_company_code(admin_client, term):
    company = CompanyFactory(code="ZZM")
    wanted = MovementRequestFactory(
        company=company,
        type="OFF_ON",
        from_employee=EmployeeFactory(company=company, email="leaver@example.com"),
        to_employee=EmployeeFactory(company=company, email="joiner@example.com"),
        storage=None,
    )
    MovementRequestFactory()

    assert shown(admin_client.get(CHANGELIST, {"q": term})) == [wanted]


def test_the_list_filters_by_company_type_status_and_handler(admin_client):
    company = CompanyFactory()
    wanted = MovementRequestFactory(
        company=company, type="OFFBOARDING", status="DONE", handled_by="COMPANY"
    )
    MovementRequestFactory(company=company, type="OFFBOARDING", status="DONE")
    MovementRequestFactory(company=company, type="ONBOARDING", status="DONE", handled_by="COMPANY")
    MovementRequestFactory(type="OFFBOARDING", status="DONE", handled_by="COMPANY")

    response = admin_client.get(
        CHANGELIST,
        {
            "company__id__exact": company.id,
            "type__exact": "OFFBOARDING",
            "status__exact": "DONE",
            "handled_by__exact": "COMPANY",
        },
    )

    assert shown(response) == [wanted]


@pytest.mark.parametrize("rows", [1, 30])
def test_the_list_uses_a_fixed_number_of_queries(admin_client, django_assert_max_num_queries, rows):
    for _ in range(rows):
        MovementRequestFactory()

    with django_assert_max_num_queries(12):
        response = admin_client.get(CHANGELIST)

    assert response.context["cl"].result_count == rows


def test_the_change_page_shows_people_hardware_history_and_a_button_per_allowed_move(
    admin_client,
):
    movement = onboarding()

    page = admin_client.get(change_page(movement)).content.decode()

    assert "grace@example.com" in page
    assert "SN-ADMIN-1" in page
    assert movement.company.api_client.name in page  # who made the first move
    assert move_url(movement) in page
    assert 'name="status" value="COORDINATED"' in page
    assert 'name="status" value="DONE"' in page
    assert 'value="PROCESSING"' not in page
    assert 'name="eta"' in page
    assert 'name="tracking_code"' in page
    assert 'name="tracking_link"' in page


@pytest.mark.parametrize(
    ("before", "buttons"),
    [(["COORDINATED"], ["DONE"]), (["DONE"], [])],
)
def test_the_change_page_offers_only_the_moves_left(admin_client, before, buttons):
    movement = onboarding()
    for status in before:
        services.movement_request_move(
            movement_request_id=movement.id, to_status=status, actor=Actor.command("t")
        )

    page = admin_client.get(change_page(movement)).content.decode()

    offered = [status for status in ("COORDINATED", "DONE") if f'value="{status}"' in page]
    assert offered == buttons


def test_the_change_page_edits_nothing_directly(admin_client):
    movement = onboarding()

    page = admin_client.get(change_page(movement)).content.decode()
    admin_client.post(change_page(movement), {"status": "DONE", "eta": "2026-01-01"})

    assert 'name="_save"' not in page
    assert '<select name="status"' not in page
    movement.refresh_from_db()
    assert (movement.status, movement.eta) == ("PROCESSING", None)


def test_requests_are_neither_added_nor_deleted_in_the_admin(admin_client):
    movement = onboarding()

    added = admin_client.get(reverse("admin:logistics_movementrequest_add"))
    deleted = admin_client.post(
        reverse("admin:logistics_movementrequest_delete", args=[movement.pk]), {"post": "yes"}
    )

    assert added.status_code == deleted.status_code == 403
    assert MovementRequest.objects.filter(pk=movement.pk).exists()


def test_a_button_moves_the_request_and_records_the_staff_user(admin_client, admin_user):
    movement = onboarding()

    response = admin_client.post(
        move_url(movement),
        {
            "status": "COORDINATED",
            "eta": "2026-12-03",
            "tracking_code": "TRK-7",
            "tracking_link": "https://track.example.com/TRK-7",
        },
        follow=True,
    )

    assert response.redirect_chain[-1][0] == change_page(movement)
    assert (
        f"Movement request {movement.movement_request_number} is now COORDINATED."
        in message_texts(response)
    )
    movement.refresh_from_db()
    assert (movement.status, str(movement.eta), movement.tracking_code) == (
        "COORDINATED",
        "2026-12-03",
        "TRK-7",
    )
    change = movement.status_history.last()
    assert (change.status_from, change.status_to) == ("PROCESSING", "COORDINATED")
    assert (change.actor_kind, change.actor_name) == ("STAFF", admin_user.username)
    assert change.tracking_link == "https://track.example.com/TRK-7"


def test_the_done_button_lands_the_hardware(admin_client):
    movement = onboarding()

    admin_client.post(move_url(movement), {"status": "DONE", "confirmed": "yes"})

    item = Hardware.objects.get(serial_number="SN-ADMIN-1")
    assert (item.status, item.employee_id, item.in_movement) == (
        "EMPLOYEE",
        movement.to_employee_id,
        False,
    )


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"status": "COORDINATED"}, "cannot move from DONE to COORDINATED"),
        ({"status": "DONE", "tracking_link": "nope"}, "trackingLink"),
        ({"status": "DONE", "eta": "tomorrow"}, "eta: Enter a valid date."),
    ],
)
def test_a_refused_move_shows_an_error_and_changes_nothing(admin_client, fields, message):
    movement = onboarding()
    if fields["status"] == "COORDINATED":
        services.movement_request_move(
            movement_request_id=movement.id, to_status="DONE", actor=Actor.command("t")
        )
    movement.refresh_from_db()
    before = (movement.status, movement.updated_at, movement.status_history.count())

    response = admin_client.post(move_url(movement), {**fields, "confirmed": "yes"}, follow=True)

    assert response.redirect_chain[-1][0] == change_page(movement)
    [error] = message_texts(response)
    assert message in error
    movement.refresh_from_db()
    assert (movement.status, movement.updated_at, movement.status_history.count()) == before


def test_the_bulk_action_moves_each_request_and_reports_each_refusal(admin_client, admin_user):
    pending = MovementRequestFactory()
    done = MovementRequestFactory(status="DONE")

    response = admin_client.post(
        CHANGELIST,
        {
            "action": "mark_done",
            "_selected_action": [str(pending.pk), str(done.pk)],
            "confirmed": "yes",
        },
        follow=True,
    )

    messages = message_texts(response)
    assert "Moved 1 movement request(s) to DONE." in messages
    assert any(
        f"Movement request {done.movement_request_number} cannot move from DONE to DONE" in text
        for text in messages
    )
    pending.refresh_from_db()
    assert pending.status == "DONE"
    assert pending.status_history.last().actor_name == admin_user.username


def test_the_bulk_coordinate_action_exists_and_moves(admin_client):
    pending = MovementRequestFactory()

    admin_client.post(
        CHANGELIST,
        {"action": "mark_coordinated", "_selected_action": [pending.pk], "confirmed": "yes"},
    )

    pending.refresh_from_db()
    assert pending.status == "COORDINATED"


def test_each_carried_item_row_is_labelled_by_what_it_is_in_a_fixed_number_of_queries(
    admin_client, django_assert_max_num_queries
):
    items = [HardwareFactory(serial_number=f"SN-LABEL-{n}") for n in range(2)]
    movement = MovementRequestFactory(hardwares=items)
    page = reverse("admin:logistics_movementrequest_change", args=[movement.pk])
    with django_assert_max_num_queries(30) as few:
        admin_client.get(page)
    movement.hardwares.add(*[HardwareFactory() for _ in range(5)])

    with django_assert_max_num_queries(len(few.captured_queries)):
        text = admin_client.get(page).text
    item_page = admin_client.get(reverse("admin:hardware_hardware_change", args=[items[0].pk])).text

    assert "object (" not in text and "object (" not in item_page
    number = movement.movement_request_number
    assert f"Dell U2723QE (SN-LABEL-0) in movement {number}" in text
    assert f"Dell U2723QE (SN-LABEL-0) in movement {number}" in item_page
