"""`updatedSince` on the lists that sync by change time (GET /orders, /movement_requests,
/hardwares, /hardwares/storages): exactly the records whose updatedAt is at or after it, after
the changes an operator makes (docs/decisions/0041-what-moves-updated-at.md)."""

from datetime import datetime, timedelta
from datetime import timezone as offset

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from config.kernel.actors import Actor
from logistics import services as logistics_services
from logistics.models import MovementRequest
from orders import services as order_services
from tests.factories import (
    CompanyFactory,
    EmployeeFactory,
    HardwareFactory,
    HardwareRequestFactory,
    OrderFactory,
)
from tests.support import assert_refused, success

pytestmark = pytest.mark.django_db

LISTS = ["/orders", "/movement_requests", "/hardwares", "/hardwares/storages"]
OPERATOR = Actor.command("transition")


@pytest.fixture
def company(caller):
    return CompanyFactory(api_client=caller.api_client, code="SYN")


def listing(caller, path, company_code="SYN", **criteria):
    return caller.get(path, {"companyCode": company_code, **criteria})


def assert_lists_exactly(caller, path, moment, records, company_code="SYN"):
    """The list since `moment` answers the rows of `records` exactly as the whole list shows
    them, in its order, and nothing else."""
    response = listing(caller, path, company_code, updatedSince=moment.isoformat())
    whole = listing(caller, path, company_code).json()["envelop"]
    ids = {str(record.pk) for record in records}
    expected = [row for row in whole if row["id"] in ids]
    assert len(expected) == len(ids), "every record is on the whole list"
    assert (response.status_code, response.json()) == (200, success(expected))


def onboarding(company, items: int = 2) -> MovementRequest:
    """An onboarding made through its service, its items claimed from storage."""
    employee = EmployeeFactory(company=company)
    hardware = HardwareFactory.create_batch(items, company=company)
    return logistics_services.movement_onboarding_create(
        company=company,
        actor=Actor.api_client(company.api_client),
        hardware_ids=[item.id for item in hardware],
        employee_email=employee.email,
    )


def move(movement, status):
    return logistics_services.movement_request_move(
        movement_request_id=movement.id, to_status=status, actor=OPERATOR
    )


def every_list(company) -> dict[str, list]:
    """A record for each list: an order with a line, an onboarding and the item it carries
    (in storage until it lands)."""
    order = OrderFactory(company=company)
    HardwareRequestFactory(order=order)
    movement = onboarding(company, items=1)
    item = movement.hardwares.get()
    return {
        "/orders": [order],
        "/movement_requests": [movement],
        "/hardwares": [item],
        "/hardwares/storages": [item],
    }


# --- what changed after an operator's move --------------------------------------------------


def test_orders_since_an_operator_move_are_exactly_the_moved_order(caller, company):
    untouched, moved = OrderFactory(company=company), OrderFactory(company=company)
    for order in (untouched, moved):
        HardwareRequestFactory(order=order)
    staff = get_user_model().objects.create_user("operator", is_staff=True)
    moment = timezone.now()

    order_services.order_move(order_id=moved.id, to_status="CANCELLED", actor=Actor.staff(staff))

    assert_lists_exactly(caller, "/orders", moment, [moved])
    row = listing(caller, "/orders", updatedSince=moment.isoformat()).json()["envelop"][0]
    assert row["status"] == "CANCELLED"


def test_a_movement_an_operator_coordinates_moves_it_and_the_items_showing_its_status(
    caller, company
):
    onboarding(company)  # another request, left as it is
    moved = onboarding(company)
    HardwareFactory(company=company)  # in no movement
    moment = timezone.now()

    move(moved, "COORDINATED")

    items = list(moved.hardwares.all())
    assert_lists_exactly(caller, "/movement_requests", moment, [moved])
    # The items show the request's status (movementRequests), and stay in storage.
    assert_lists_exactly(caller, "/hardwares", moment, items)
    assert_lists_exactly(caller, "/hardwares/storages", moment, items)
    rows = listing(caller, "/hardwares", updatedSince=moment.isoformat()).json()["envelop"]
    assert [row["movementRequests"] for row in rows] == [[{"status": "COORDINATED"}]] * 2


def test_hardware_landing_after_a_movement_is_on_the_list_since_and_off_the_storage(
    caller, company
):
    landed, waiting = onboarding(company), onboarding(company)
    moment = timezone.now()

    move(landed, "DONE")

    items = list(landed.hardwares.all())
    assert_lists_exactly(caller, "/movement_requests", moment, [landed])
    assert_lists_exactly(caller, "/hardwares", moment, items)
    # They left the storage: the storage list since then has nothing, the other items stay.
    assert_lists_exactly(caller, "/hardwares/storages", moment, [])
    assert {row["id"] for row in listing(caller, "/hardwares/storages").json()["envelop"]} == {
        str(item.pk) for item in waiting.hardwares.all()
    }


@pytest.mark.parametrize("path", LISTS)
def test_nothing_changed_since_is_an_empty_list(caller, company, path):
    every_list(company)

    assert_lists_exactly(caller, path, timezone.now(), [])


@pytest.mark.parametrize("path", LISTS)
def test_a_moment_before_everything_answers_the_whole_list(caller, company, path):
    moment = timezone.now()
    records = every_list(company)[path]

    assert_lists_exactly(caller, path, moment, records)


@pytest.mark.parametrize("path", LISTS)
def test_the_records_updated_at_is_itself_included(caller, company, path):
    """At or after: the instant a record shows as its updatedAt answers it; a microsecond
    later does not."""
    records = every_list(company)[path]
    shown = listing(caller, path).json()["envelop"][0]["updatedAt"]

    at = listing(caller, path, updatedSince=shown).json()["envelop"]
    later = (datetime.fromisoformat(shown) + timedelta(microseconds=1)).isoformat()
    after = listing(caller, path, updatedSince=later).json()["envelop"]

    assert [row["id"] for row in at] == [str(records[0].pk)]
    assert after == []


# --- how the instant is written -------------------------------------------------------------


@pytest.mark.parametrize("path", LISTS)
@pytest.mark.parametrize(
    "value",
    ["yesterday", "2026-11-23", "2026-11-23T10:00:00", "2026-13-01T00:00:00Z", "2026-11-23T25:00Z"],
)
def test_a_bad_updated_since_is_refused(caller, company, path, value):
    response = listing(caller, path, updatedSince=value)

    assert_refused(
        response,
        400,
        (
            "Invalid updatedSince: expected an ISO 8601 date-time with its offset, "
            "such as 2026-11-27T09:30:00Z"
        ),
    )


@pytest.mark.parametrize("path", LISTS)
def test_an_offset_sent_unescaped_is_read_as_the_offset(caller, company, path):
    """`+01:00` typed into a query string arrives as ` 01:00` (a plus is a space there)."""
    moment = timezone.now()
    records = every_list(company)[path]
    plus_one = moment.astimezone(offset(timedelta(hours=1))).isoformat()
    assert plus_one.endswith("+01:00")

    unescaped = caller.get(f"{path}?companyCode=SYN&updatedSince={plus_one}")

    assert unescaped.status_code == 200
    assert unescaped.json() == listing(caller, path, updatedSince=moment.isoformat()).json()
    assert {row["id"] for row in unescaped.json()["envelop"]} == {str(r.pk) for r in records}


@pytest.mark.parametrize("path", LISTS)
def test_a_utc_instant_may_end_in_z(caller, company, path):
    moment = timezone.now()
    records = every_list(company)[path]

    response = listing(caller, path, updatedSince=moment.isoformat().replace("+00:00", "Z"))

    assert {row["id"] for row in response.json()["envelop"]} == {str(r.pk) for r in records}


# --- tenancy and cost -----------------------------------------------------------------------


@pytest.mark.parametrize("path", LISTS)
def test_another_clients_records_changed_since_never_appear(caller, other_caller, company, path):
    theirs = CompanyFactory(api_client=other_caller.api_client, code="OTH")
    moment = timezone.now()
    mine = every_list(company)[path]
    their_records = every_list(theirs)[path]
    move(MovementRequest.objects.get(company=theirs), "COORDINATED")

    assert_lists_exactly(caller, path, moment, mine)
    assert_lists_exactly(other_caller, path, moment, their_records, company_code="OTH")
    # Naming the other client's company is answered as an unknown one.
    response = listing(caller, path, "OTH", updatedSince=moment.isoformat())
    message = "Invalid Company code" if path == "/movement_requests" else "Invalid company code"
    assert_refused(response, 400, message)


# Key, company, then the list's own reads (orders: the orders with their employees, lines,
# created hardware, resellers; requests: histories, hardware; items: notes, movements).
QUERIES = {"/orders": 6, "/movement_requests": 5, "/hardwares": 5, "/hardwares/storages": 5}


@pytest.mark.parametrize("rows", [1, 10])
@pytest.mark.parametrize("path", LISTS)
def test_a_list_since_uses_a_fixed_number_of_queries(
    caller, company, django_assert_max_num_queries, path, rows
):
    moment = timezone.now()
    for _ in range(rows):
        every_list(company)
    listing(caller, path)  # records the key's first use, once

    with django_assert_max_num_queries(QUERIES[path]):
        response = listing(caller, path, updatedSince=moment.isoformat())

    assert len(response.json()["envelop"]) == rows
