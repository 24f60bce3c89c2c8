"""POST /orders/cancel and POST /orders/confirm."""

import uuid

import pytest
from django.db import DatabaseError

from config.kernel.actors import Actor
from orders import services
from orders.models import Order
from tests.conftest import make_caller
from tests.factories import CompanyFactory, HardwareRequestFactory, OrderFactory
from tests.support import (
    EVENTS_REFUSED,
    assert_refused,
    error,
    events_recorded,
    failing_event_inserts,
    success,
)

pytestmark = pytest.mark.django_db


CONTACT = "buyer@acme.example.com"


@pytest.fixture
def company(caller):
    return CompanyFactory(api_client=caller.api_client, code="ORD", contact_email=CONTACT)


def cancel(caller, order_id, company_code="ORD"):
    body = {"id": str(order_id), "companyCode": company_code}
    return caller.post("/orders/cancel", body, format="json")


def confirm(caller, order_id, company_code="ORD"):
    body = {"id": str(order_id), "companyCode": company_code}
    return caller.post("/orders/confirm", body, format="json")


def history(order: Order) -> list[tuple]:
    return list(
        order.status_history.values_list("status_from", "status_to", "actor_kind", "actor_name")
    )


# --- cancel --------------------------------------------------------------------------------


@pytest.mark.parametrize("status", ["PENDING", "QUOTED"])
def test_cancel_moves_a_pending_or_quoted_order_to_cancelled_and_records_it(
    caller, company, committing, mailoutbox, status
):
    order = OrderFactory(company=company, status=status)

    with committing():
        response = cancel(caller, order.id)

    assert response.status_code == 200
    assert response.json() == success([{"id": str(order.id), "status": "CANCELLED"}])
    order.refresh_from_db()
    assert order.status == "CANCELLED"
    assert history(order) == [(status, "CANCELLED", "API_CLIENT", caller.api_client.name)]
    assert events_recorded("order.cancelled") == [(company.id, str(order.id), "CANCELLED")]
    assert [message.to for message in mailoutbox] == [[CONTACT]]


def test_cancel_of_a_cancelled_order_answers_the_same_and_changes_nothing(
    caller, company, committing, mailoutbox
):
    order = OrderFactory(company=company)
    with committing():
        first = cancel(caller, order.id)
    order.refresh_from_db()

    with committing():
        again = cancel(caller, order.id)

    assert again.status_code == 200
    assert again.json() == first.json()
    assert Order.objects.get(pk=order.pk).updated_at == order.updated_at
    assert order.status_history.count() == 1
    assert len(events_recorded("order.cancelled")) == 1
    assert len(mailoutbox) == 1


@pytest.mark.parametrize("status", ["ACCEPTED", "DELIVERED"])
def test_cancel_refuses_an_order_past_quoting_naming_the_cancellable_statuses(
    caller, company, committing, mailoutbox, status
):
    order = OrderFactory(company=company, status=status)

    with committing():
        response = cancel(caller, order.id)

    assert_refused(
        response, 400, f"Only PENDING or QUOTED orders can be cancelled; this order is {status}"
    )
    assert Order.objects.get(pk=order.pk).status == status
    assert not order.status_history.exists()
    assert events_recorded("order.cancelled") == []
    assert mailoutbox == []


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_the_notification_is_part_of_the_cancellation(mailoutbox, eager_tasks):
    """An event that cannot be recorded undoes the cancellation: it is written inside the
    cancellation's transaction, so neither commits without the other."""
    company = CompanyFactory(contact_email=CONTACT)
    order = OrderFactory(company=company)

    with failing_event_inserts(), pytest.raises(DatabaseError, match=EVENTS_REFUSED):
        services.order_cancel(company=company, order_id=order.id, actor=Actor.command("test"))

    order.refresh_from_db()
    assert order.status == "PENDING"
    assert not order.status_history.exists()
    assert mailoutbox == []


def test_cancel_accepts_the_wrapped_body(caller, company):
    order = OrderFactory(company=company)

    response = caller.post(
        "/orders/cancel",
        {"data": {"id": str(order.id), "companyCode": "ORD"}, "request": "orders/cancel"},
        format="json",
    )

    assert response.json() == success([{"id": str(order.id), "status": "CANCELLED"}])


# --- confirm -------------------------------------------------------------------------------


def test_confirm_moves_a_quoted_order_to_accepted_and_records_it(caller, company):
    order = OrderFactory(company=company, status="QUOTED")
    HardwareRequestFactory(order=order)

    response = confirm(caller, order.id)

    assert response.status_code == 200
    assert response.json() == success([{"id": str(order.id), "status": "ACCEPTED"}])
    order.refresh_from_db()
    assert order.status == "ACCEPTED"
    assert history(order) == [("QUOTED", "ACCEPTED", "API_CLIENT", caller.api_client.name)]


def test_confirm_of_an_accepted_order_answers_the_same_and_changes_nothing(caller, company):
    order = OrderFactory(company=company, status="QUOTED")
    first = confirm(caller, order.id)
    order.refresh_from_db()

    again = confirm(caller, order.id)

    assert again.status_code == 200
    assert again.json() == first.json()
    assert Order.objects.get(pk=order.pk).updated_at == order.updated_at
    assert order.status_history.count() == 1


@pytest.mark.parametrize("status", ["PENDING", "CANCELLED", "DELIVERED"])
def test_confirm_refuses_an_order_that_is_not_quoted(caller, company, status):
    order = OrderFactory(company=company, status=status)

    response = confirm(caller, order.id)

    assert_refused(
        response,
        400,
        "The Order cannot be confirmed: only QUOTED orders can be, after the provider quotes "
        f"them or with autoQuote; this order is {status}",
    )
    assert Order.objects.get(pk=order.pk).status == status
    assert not order.status_history.exists()


# --- refusals shared by both ---------------------------------------------------------------

OPERATIONS = ["/orders/cancel", "/orders/confirm"]


@pytest.mark.parametrize("path", OPERATIONS)
@pytest.mark.parametrize("body", [{}, {"id": None}, {"id": ""}, {"id": "  "}])
def test_an_order_id_is_required(caller, company, path, body):
    response = caller.post(path, {"companyCode": "ORD", **body}, format="json")

    assert_refused(response, 400, "id is required")


@pytest.mark.parametrize("path", OPERATIONS)
def test_the_company_is_checked_before_the_id(caller, other_caller, company, path):
    CompanyFactory(api_client=other_caller.api_client, code="OTH")

    assert caller.post(path, {}, format="json").json() == error(
        400, "Missing required field: companyCode"
    )
    for code in ("ZZZ", "OTH"):
        response = caller.post(path, {"companyCode": code}, format="json")
        assert response.json() == error(400, "Invalid company code")


@pytest.mark.parametrize("path", OPERATIONS)
def test_an_unknown_or_malformed_id_is_order_request_not_found(caller, company, path):
    for order_id in (str(uuid.uuid4()), "not-a-uuid", 12):
        response = caller.post(path, {"id": order_id, "companyCode": "ORD"}, format="json")
        assert_refused(response, 400, "Order request not found")


@pytest.mark.parametrize("path", OPERATIONS)
def test_an_order_of_another_company_is_order_request_not_found_whoever_owns_it(
    caller, company, path
):
    sibling = OrderFactory(company=CompanyFactory(api_client=caller.api_client), status="QUOTED")
    foreign = OrderFactory(
        company=CompanyFactory(api_client=make_caller().api_client), status="QUOTED"
    )

    for order in (sibling, foreign):
        response = caller.post(path, {"id": str(order.id), "companyCode": "ORD"}, format="json")
        assert_refused(response, 400, "Order request not found")
        assert Order.objects.get(pk=order.pk).status == "QUOTED"


@pytest.mark.parametrize("path", OPERATIONS)
def test_cancel_and_confirm_without_a_key_are_401(anonymous, company, path):
    order = OrderFactory(company=company, status="QUOTED")

    response = anonymous.post(path, {"id": str(order.id), "companyCode": "ORD"}, format="json")

    assert response.status_code == 401
    assert response.json()["message"] == "Unauthorized access"
    assert Order.objects.get(pk=order.pk).status == "QUOTED"
