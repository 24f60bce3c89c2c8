"""POST /orders/{orderId}/hardware-alternatives/select."""

import uuid

import pytest

from orders.models import AlternativeGroup, HardwareRequest, Order
from tests.conftest import make_caller
from tests.factories import (
    CatalogItemFactory,
    CompanyFactory,
    HardwareRequestFactory,
    OrderFactory,
    alternatives,
)
from tests.orders.shapes import candidate, detail, grouped, ungrouped
from tests.support import assert_refused, error, success

pytestmark = pytest.mark.django_db


@pytest.fixture
def company(caller):
    return CompanyFactory(api_client=caller.api_client, code="ORD")


@pytest.fixture
def order(company):
    """A quoted order: a plain line, and a line for which the operator offered another."""
    order = OrderFactory(company=company, status="QUOTED")
    HardwareRequestFactory(order=order, hardware_type="MOUSE", model="MX Master")
    asked = HardwareRequestFactory(order=order, amount=2, is_available=False)
    offered = HardwareRequestFactory(
        order=order, amount=2, model="P2723QE", is_available=True, is_recommended=True
    )
    alternatives(asked, offered)
    return order


def lines(order):
    plain, asked, offered = HardwareRequest.objects.filter(order=order).order_by("created_at")
    return plain, asked, offered


def select(caller, order_id, hardware_request_id, company_code="ORD"):
    body = {"companyCode": company_code, "hardwareRequestId": str(hardware_request_id)}
    return caller.post(f"/orders/{order_id}/hardware-alternatives/select", body, format="json")


def test_selecting_an_offered_candidate_answers_the_updated_order(caller, order):
    plain, asked, offered = lines(order)

    response = select(caller, order.id, offered.id)

    assert response.status_code == 200
    assert response.json() == success(detail(caller, order.id).json()["envelop"])
    [row] = response.json()["envelop"]
    assert row["hardwares"] == [
        ungrouped(plain),
        grouped(
            offered,
            [
                candidate(asked, selected=False, original=True),
                candidate(offered, selected=True, original=False),
            ],
        ),
    ]


def test_selection_changes_only_the_selection(caller, order):
    plain, asked, offered = lines(order)
    before = {line.id: line.amount for line in (plain, asked, offered)}

    select(caller, order.id, offered.id)

    stored = Order.objects.get(pk=order.pk)
    assert stored.status == "QUOTED"
    assert not stored.status_history.exists()
    assert AlternativeGroup.objects.get().selected_id == offered.id
    assert dict(HardwareRequest.objects.values_list("id", "amount")) == before
    assert stored.updated_at > order.updated_at


def test_selecting_back_the_original_request_makes_it_the_line_again(caller, order):
    _, asked, offered = lines(order)
    select(caller, order.id, offered.id)

    response = select(caller, order.id, asked.id)

    [row] = response.json()["envelop"]
    assert row["hardwares"][1]["id"] == str(asked.id)
    assert row["hardwares"][1]["alternativeGroup"]["selectedId"] == str(asked.id)


def test_selecting_the_selected_candidate_changes_nothing(caller, order):
    _, asked, _ = lines(order)
    before = detail(caller, order.id).json()

    response = select(caller, order.id, asked.id)

    assert response.status_code == 200
    assert response.json() == before


def test_a_pending_order_may_change_its_selection(caller, order):
    Order.objects.filter(pk=order.pk).update(status="PENDING")
    _, _, offered = lines(order)

    response = select(caller, order.id, offered.id)

    assert response.status_code == 200
    assert AlternativeGroup.objects.get().selected_id == offered.id


@pytest.mark.parametrize("status", ["ACCEPTED", "CANCELLED", "DELIVERED"])
def test_selection_is_refused_once_the_order_is_past_quoting(caller, order, status):
    Order.objects.filter(pk=order.pk).update(status=status)
    _, asked, offered = lines(order)

    response = select(caller, order.id, offered.id)

    assert_refused(
        response,
        400,
        "Alternatives can only be modified when order is in PENDING or QUOTED status; "
        f"this order is {status}",
    )
    assert AlternativeGroup.objects.get().selected_id == asked.id


def test_the_order_status_is_checked_before_the_hardware_request(caller, order):
    Order.objects.filter(pk=order.pk).update(status="ACCEPTED")

    response = select(caller, order.id, uuid.uuid4())

    assert response.json()["message"].startswith("Alternatives can only be modified")


# --- the body: messages in an array ----------------------------------------------------------


@pytest.mark.parametrize(
    "body",
    [{}, {"hardwareRequestId": None}, {"hardwareRequestId": ""}, {"hardwareRequestId": " "}],
)
def test_a_missing_hardware_request_id_is_refused_in_a_message_array(caller, order, body):
    response = caller.post(
        f"/orders/{order.id}/hardware-alternatives/select",
        {"companyCode": "ORD", **body},
        format="json",
    )

    assert_refused(response, 400, ["hardwareRequestId should not be empty"])


def test_a_hardware_request_id_that_is_no_uuid_is_refused_in_a_message_array(caller, order):
    response = select(caller, order.id, "line-1")

    assert_refused(response, 400, ["hardwareRequestId must be a UUID"])


def test_the_company_code_is_checked_first(caller, other_caller, order):
    CompanyFactory(api_client=other_caller.api_client, code="OTH")
    path = f"/orders/{order.id}/hardware-alternatives/select"

    assert caller.post(path, {}, format="json").json() == error(
        400, "Missing required field: companyCode"
    )
    for code in ("ZZZ", "OTH"):
        response = caller.post(path, {"companyCode": code}, format="json")
        assert response.json() == error(400, "Invalid company code")


def test_a_malformed_order_id_is_refused(caller, order):
    _, _, offered = lines(order)

    response = select(caller, "order-1", offered.id)

    assert_refused(response, 400, "Invalid order ID format")


# --- tenancy: 404 for what the client cannot see, 403 for its other company ---------------


def test_an_unknown_order_is_not_found(caller, order):
    _, _, offered = lines(order)

    response = select(caller, uuid.uuid4(), offered.id)

    assert_refused(response, 404, "Order request not found")


def test_an_order_of_another_client_is_not_found(caller, company):
    foreign = OrderFactory(company=CompanyFactory(api_client=make_caller().api_client))
    asked, offered = HardwareRequestFactory.create_batch(2, order=foreign)
    alternatives(asked, offered)

    response = select(caller, foreign.id, offered.id)

    assert_refused(response, 404, "Order request not found")
    assert AlternativeGroup.objects.get().selected_id == asked.id


def test_an_order_of_another_company_of_the_same_client_is_forbidden(caller, company):
    sibling = OrderFactory(company=CompanyFactory(api_client=caller.api_client))
    asked, offered = HardwareRequestFactory.create_batch(2, order=sibling)
    alternatives(asked, offered)

    response = select(caller, sibling.id, offered.id)

    assert_refused(response, 403, "Order request does not belong to this company")
    assert AlternativeGroup.objects.get().selected_id == asked.id


# --- the hardware request ------------------------------------------------------------------


def test_an_unknown_hardware_request_is_not_found(caller, order):
    response = select(caller, order.id, uuid.uuid4())

    assert_refused(response, 404, "Hardware request not found")


def test_a_line_of_another_companys_order_is_not_found(caller, order):
    sibling = OrderFactory(company=CompanyFactory(api_client=caller.api_client))
    line = HardwareRequestFactory(order=sibling)

    response = select(caller, order.id, line.id)

    assert_refused(response, 404, "Hardware request not found")


def test_a_line_of_another_order_of_the_company_does_not_belong_to_this_order(
    caller, company, order
):
    other = OrderFactory(company=company)
    asked, offered = HardwareRequestFactory.create_batch(2, order=other)
    alternatives(asked, offered)

    response = select(caller, order.id, offered.id)

    assert_refused(response, 400, "Hardware request does not belong to this order")


def test_a_line_in_no_group_cannot_be_selected(caller, order):
    plain, _, _ = lines(order)

    response = select(caller, order.id, plain.id)

    assert_refused(response, 400, "Hardware request is not part of an alternative group")


def test_selection_without_a_key_is_401(anonymous, order):
    _, asked, offered = lines(order)

    response = select(anonymous, order.id, offered.id)

    assert response.status_code == 401
    assert AlternativeGroup.objects.get().selected_id == asked.id


def test_a_need_keeps_its_place_among_the_lines_whichever_candidate_is_selected(caller, order):
    plain, asked, offered = lines(order)
    later = HardwareRequestFactory(order=order, hardware_type="KEYBOARD", model="K860")
    # The need was asked for first: it leads the lines before and after the selection.
    HardwareRequest.objects.filter(pk=asked.pk).update(
        created_at=plain.created_at.replace(year=2020)
    )

    before = [line["id"] for line in detail(caller, order.id).json()["envelop"][0]["hardwares"]]
    select(caller, order.id, offered.id)
    after = [line["id"] for line in detail(caller, order.id).json()["envelop"][0]["hardwares"]]

    assert before == [str(asked.id), str(plain.id), str(later.id)]
    assert after == [str(offered.id), str(plain.id), str(later.id)]


def test_selecting_an_unpriced_catalog_candidate_of_a_quoted_order_prices_it(caller, order):
    *_, offered = lines(order)
    model = CatalogItemFactory(hardware_type="MONITOR", price="249.00")
    HardwareRequest.objects.filter(pk=offered.pk).update(catalog_item=model, quoted_unit_price=None)

    response = select(caller, order.id, offered.id)

    assert response.status_code == 200
    offered.refresh_from_db()
    assert str(offered.quoted_unit_price) == "249.00"
