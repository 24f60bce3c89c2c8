"""PATCH /orders/{orderId}/hardware-requests/remove: rules 1-6 of the interface."""

import uuid
from functools import partial

import pytest

from orders.models import AlternativeGroup, HardwareRequest, Order
from tests.conftest import make_caller
from tests.factories import CompanyFactory, HardwareRequestFactory, OrderFactory, alternatives
from tests.orders.shapes import candidate, detail, grouped, ungrouped
from tests.support import assert_refused, error, run_together, success

pytestmark = pytest.mark.django_db

REMOVES_EVERYTHING = "Cannot remove all hardware requests from an order, cancel instead"


@pytest.fixture
def company(caller):
    return CompanyFactory(api_client=caller.api_client, code="ORD")


@pytest.fixture
def order(company):
    return OrderFactory(company=company)


def remove(caller, order_id, *removals, company_code="ORD"):
    """`removals`: line ids, or (line id, amount) pairs."""
    entries = [
        {"hardwareRequestId": str(entry[0]), "amount": entry[1]}
        if isinstance(entry, tuple)
        else {"hardwareRequestId": str(entry)}
        for entry in removals
    ]
    body = {"companyCode": company_code, "hardwareRequests": entries}
    return caller.patch(f"/orders/{order_id}/hardware-requests/remove", body, format="json")


def amounts(order) -> dict:
    return dict(HardwareRequest.objects.filter(order=order).values_list("id", "amount"))


# --- removing and reducing -----------------------------------------------------------------


def test_removing_a_line_answers_the_order_without_it(caller, order):
    kept = HardwareRequestFactory(order=order, hardware_type="MOUSE")
    gone = HardwareRequestFactory(order=order)

    response = remove(caller, order.id, gone.id)

    assert response.status_code == 200
    assert response.json() == success(detail(caller, order.id).json()["envelop"])
    assert response.json()["envelop"][0]["hardwares"] == [ungrouped(kept)]
    assert not HardwareRequest.objects.filter(pk=gone.pk).exists()


def test_an_amount_below_the_lines_quantity_leaves_the_rest(caller, order):
    HardwareRequestFactory(order=order)
    line = HardwareRequestFactory(order=order, amount=5)

    response = remove(caller, order.id, (line.id, 2))

    assert response.status_code == 200
    assert response.json()["envelop"][0]["hardwares"][1] == ungrouped(line)
    line.refresh_from_db()
    assert line.amount == 3


@pytest.mark.parametrize("amount", [5, 6, None])
def test_an_amount_at_or_over_the_quantity_or_none_removes_the_whole_line(caller, order, amount):
    kept = HardwareRequestFactory(order=order)
    line = HardwareRequestFactory(order=order, amount=5)

    response = remove(caller, order.id, (line.id, amount))

    assert response.status_code == 200
    assert amounts(order) == {kept.id: 1}


def test_several_lines_are_removed_and_reduced_together(caller, order):
    kept = HardwareRequestFactory(order=order, amount=4)
    reduced = HardwareRequestFactory(order=order, amount=4)
    gone = HardwareRequestFactory(order=order, amount=4)

    response = remove(caller, order.id, (reduced.id, 1), gone.id)

    assert response.status_code == 200
    assert amounts(order) == {kept.id: 4, reduced.id: 3}


def test_removal_changes_neither_status_nor_history_and_marks_the_order_updated(caller, order):
    HardwareRequestFactory(order=order)
    line = HardwareRequestFactory(order=order)

    remove(caller, order.id, line.id)

    stored = Order.objects.get(pk=order.pk)
    assert stored.status == "PENDING"
    assert not stored.status_history.exists()
    assert stored.updated_at > order.updated_at


def test_a_quoted_order_may_lose_lines(caller, company):
    order = OrderFactory(company=company, status="QUOTED")
    kept, gone = HardwareRequestFactory.create_batch(2, order=order)

    assert remove(caller, order.id, gone.id).status_code == 200
    assert amounts(order) == {kept.id: 1}


# --- lines with alternatives: a group is one need --------------------------------------------


@pytest.fixture
def need(order):
    """A plain line, and a need of 4 monitors offered in two ways (the asked one selected),
    plus a third candidate offered for fewer units."""
    plain = HardwareRequestFactory(order=order, hardware_type="MOUSE", amount=1)
    asked = HardwareRequestFactory(order=order, amount=4)
    offered = HardwareRequestFactory(order=order, amount=4, model="P2723QE")
    partial = HardwareRequestFactory(order=order, amount=2, model="S2721QS")
    alternatives(asked, offered, partial)
    return plain, asked, offered, partial


@pytest.mark.parametrize("named", [1, 2, 3])
def test_naming_any_candidate_removes_the_whole_group(caller, order, need, named):
    plain = need[0]

    response = remove(caller, order.id, need[named].id)

    assert response.status_code == 200
    assert response.json()["envelop"][0]["hardwares"] == [ungrouped(plain)]
    assert amounts(order) == {plain.id: 1}
    assert not AlternativeGroup.objects.exists()


def test_reducing_a_need_reduces_every_candidate_never_above_the_rest(caller, order, need):
    plain, asked, offered, partial = need

    response = remove(caller, order.id, (offered.id, 1))

    assert response.status_code == 200
    assert amounts(order) == {plain.id: 1, asked.id: 3, offered.id: 3, partial.id: 2}
    [row] = response.json()["envelop"]
    assert row["hardwares"][1] == grouped(
        asked,
        [
            candidate(asked, selected=True, original=True),
            candidate(offered, selected=False, original=False),
            candidate(partial, selected=False, original=False),
        ],
    )


def test_the_quantity_of_a_need_is_its_selected_candidates(caller, order, need):
    """Removing 2 units of a need whose selected candidate asks for 2 removes the need, even
    though other candidates offer more."""
    plain, _, _, partial = need
    AlternativeGroup.objects.update(selected=partial)

    response = remove(caller, order.id, (partial.id, 2))

    assert response.status_code == 200
    assert amounts(order) == {plain.id: 1}


def test_two_candidates_of_one_group_name_the_same_need_twice(caller, order, need):
    _, asked, offered, _ = need
    before = amounts(order)

    response = remove(caller, order.id, asked.id, offered.id)

    assert_refused(response, 400, "Duplicate hardware request IDs are not allowed")
    assert amounts(order) == before


def test_removing_every_need_is_refused_even_with_its_groups(caller, order, need):
    plain, asked, _, _ = need

    response = remove(caller, order.id, plain.id, asked.id)

    assert_refused(response, 400, REMOVES_EVERYTHING)


def test_a_group_counts_as_one_remaining_line(caller, order, need):
    plain = need[0]

    response = remove(caller, order.id, plain.id)

    assert response.status_code == 200
    assert len(response.json()["envelop"][0]["hardwares"]) == 1
    assert HardwareRequest.objects.filter(order=order).count() == 3


# --- rule 1: only PENDING or QUOTED --------------------------------------------------------


@pytest.mark.parametrize("status", ["ACCEPTED", "CANCELLED", "DELIVERED"])
def test_removal_is_refused_once_the_order_is_past_quoting(caller, company, status):
    order = OrderFactory(company=company, status=status)
    lines = HardwareRequestFactory.create_batch(2, order=order)

    response = remove(caller, order.id, lines[0].id)

    assert_refused(
        response,
        400,
        "Cannot remove hardware requests from an order, only PENDING or QUOTED; "
        f"this order is {status}",
    )
    assert HardwareRequest.objects.count() == 2


# --- rule 2: at least one entry ------------------------------------------------------------


@pytest.mark.parametrize("hardware_requests", ["absent", None, []])
def test_at_least_one_hardware_request_is_required(caller, order, hardware_requests):
    HardwareRequestFactory(order=order)
    body = {"companyCode": "ORD"}
    if hardware_requests != "absent":
        body["hardwareRequests"] = hardware_requests

    response = caller.patch(f"/orders/{order.id}/hardware-requests/remove", body, format="json")

    assert_refused(response, 400, "At least one hardware request is required")


def test_an_entry_without_its_id_is_a_field_error(caller, order):
    response = caller.patch(
        f"/orders/{order.id}/hardware-requests/remove",
        {"companyCode": "ORD", "hardwareRequests": [{"amount": 1}]},
        format="json",
    )

    assert_refused(
        response,
        400,
        "Invalid request data",
        [
            {
                "field": "hardwareRequests[0].hardwareRequestId",
                "message": "hardwareRequestId should not be empty",
            }
        ],
    )


# --- rule 3: unique, and lines of this order -----------------------------------------------


def test_duplicate_ids_are_refused(caller, order):
    _, line = HardwareRequestFactory.create_batch(2, order=order)

    response = remove(caller, order.id, (line.id, 1), (str(line.id).upper(), 1))

    assert_refused(response, 400, "Duplicate hardware request IDs are not allowed")


def test_ids_not_in_the_order_are_listed_and_nothing_is_removed(caller, company, order):
    kept, line = HardwareRequestFactory.create_batch(2, order=order)
    elsewhere = HardwareRequestFactory(order=OrderFactory(company=company))
    unknown = uuid.uuid4()

    response = remove(caller, order.id, line.id, elsewhere.id, unknown, "line-1")

    assert_refused(
        response,
        400,
        f"Hardware request(s) not found in this order: {elsewhere.id}, {unknown}, line-1",
    )
    assert amounts(order) == {kept.id: 1, line.id: 1}


# --- rule 4: amounts -----------------------------------------------------------------------


@pytest.mark.parametrize("amount", [0, -1, 1.5, "2", True])
def test_an_amount_must_be_a_positive_integer(caller, order, amount):
    kept, line = HardwareRequestFactory.create_batch(2, order=order, amount=3)

    response = remove(caller, order.id, (line.id, amount))

    assert_refused(
        response, 400, f"Amount must be a positive integer for hardware request {line.id}"
    )
    assert amounts(order) == {kept.id: 3, line.id: 3}


# --- rule 5: at least one line remains -----------------------------------------------------


def test_removing_every_line_is_refused(caller, order):
    lines = HardwareRequestFactory.create_batch(2, order=order, amount=2)

    response = remove(caller, order.id, lines[0].id, (lines[1].id, 2))

    assert_refused(response, 400, REMOVES_EVERYTHING)
    assert HardwareRequest.objects.count() == 2


def test_reducing_every_line_leaves_them_all(caller, order):
    lines = HardwareRequestFactory.create_batch(2, order=order, amount=2)

    response = remove(caller, order.id, (lines[0].id, 1), (lines[1].id, 1))

    assert response.status_code == 200
    assert sorted(amounts(order).values()) == [1, 1]


# --- rule 6: all or nothing ----------------------------------------------------------------


def test_one_bad_entry_leaves_every_line_as_it_was(caller, order):
    _, reduced, gone = HardwareRequestFactory.create_batch(3, order=order, amount=3)
    before = amounts(order)

    response = remove(caller, order.id, (reduced.id, 1), gone.id, uuid.uuid4())

    assert response.status_code == 400
    assert amounts(order) == before


# --- check order, tenancy and keys ---------------------------------------------------------


def test_the_request_is_checked_before_the_order(caller, company):
    """A malformed request is refused whatever the order: even an unknown one."""
    line = HardwareRequestFactory(order=OrderFactory(company=company))

    response = remove(caller, uuid.uuid4(), (line.id, 0))

    assert response.json()["message"] == (
        f"Amount must be a positive integer for hardware request {line.id}"
    )


def test_the_status_is_checked_before_the_lines(caller, company):
    order = OrderFactory(company=company, status="DELIVERED")
    HardwareRequestFactory(order=order)

    response = remove(caller, order.id, uuid.uuid4())

    assert response.json()["message"] == (
        "Cannot remove hardware requests from an order, only PENDING or QUOTED; "
        "this order is DELIVERED"
    )


def test_the_company_code_is_checked_first(caller, other_caller, order):
    CompanyFactory(api_client=other_caller.api_client, code="OTH")
    path = f"/orders/{order.id}/hardware-requests/remove"

    assert caller.patch(path, {}, format="json").json() == error(
        400, "Missing required field: companyCode"
    )
    for code in ("ZZZ", "OTH"):
        response = caller.patch(path, {"companyCode": code}, format="json")
        assert response.json() == error(400, "Invalid company code")


def test_a_malformed_order_id_is_refused(caller, order):
    response = remove(caller, "order-1", uuid.uuid4())

    assert_refused(response, 400, "Invalid order ID format")


def test_an_unknown_order_is_not_found(caller, company):
    response = remove(caller, uuid.uuid4(), uuid.uuid4())

    assert_refused(response, 404, "Order request not found")


def test_an_order_of_another_client_is_not_found(caller, company):
    foreign = OrderFactory(company=CompanyFactory(api_client=make_caller().api_client))
    _, line = HardwareRequestFactory.create_batch(2, order=foreign)

    response = remove(caller, foreign.id, line.id)

    assert_refused(response, 404, "Order request not found")
    assert HardwareRequest.objects.count() == 2


def test_an_order_of_another_company_of_the_same_client_is_forbidden(caller, company):
    sibling = OrderFactory(company=CompanyFactory(api_client=caller.api_client))
    _, line = HardwareRequestFactory.create_batch(2, order=sibling)

    response = remove(caller, sibling.id, line.id)

    assert_refused(response, 403, "Order request does not belong to this company")
    assert HardwareRequest.objects.count() == 2


def test_removal_without_a_key_is_401(anonymous, order):
    _, line = HardwareRequestFactory.create_batch(2, order=order)

    response = remove(anonymous, order.id, line.id)

    assert response.status_code == 401
    assert HardwareRequest.objects.count() == 2


def test_removal_accepts_the_wrapped_body(caller, order):
    kept, line = HardwareRequestFactory.create_batch(2, order=order)

    response = caller.patch(
        f"/orders/{order.id}/hardware-requests/remove",
        {"data": {"companyCode": "ORD", "hardwareRequests": [{"hardwareRequestId": str(line.id)}]}},
        format="json",
    )

    assert response.status_code == 200
    assert amounts(order) == {kept.id: 1}


# --- concurrency ---------------------------------------------------------------------------


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_two_removals_that_together_would_empty_the_order_cannot_both_succeed():
    caller = make_caller()
    order = OrderFactory(company=CompanyFactory(api_client=caller.api_client, code="ORD"))
    lines = HardwareRequestFactory.create_batch(2, order=order)

    responses = run_together(*(partial(remove, caller, order.id, line.id) for line in lines))

    answers = [response.json() for response in responses]
    assert sorted(answer["statusCode"] for answer in answers) == [200, 400]
    [refusal] = [answer for answer in answers if answer["statusCode"] == 400]
    assert refusal == error(400, REMOVES_EVERYTHING)
    assert HardwareRequest.objects.filter(order=order).count() == 1


def test_a_null_entry_is_a_validation_error(caller, order):
    HardwareRequestFactory.create_batch(2, order=order)

    response = caller.patch(
        f"/orders/{order.id}/hardware-requests/remove",
        {"companyCode": order.company.code, "hardwareRequests": [None]},
        format="json",
    )

    assert response.status_code == 400
    assert response.json()["details"] == [
        {"field": "hardwareRequests[0]", "message": "This field may not be null."}
    ]
