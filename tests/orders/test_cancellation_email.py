"""Cancelling an order e-mails the company's contact, through a Celery task queued once the
cancellation commits."""

import pytest
from django.conf import settings

from config.kernel.actors import Actor
from orders import services
from orders.tasks import order_cancelled_email
from tests.factories import CompanyFactory, OrderFactory

pytestmark = pytest.mark.django_db

CONTACT = "buyer@acme.example.com"


@pytest.fixture
def company(caller):
    return CompanyFactory(
        api_client=caller.api_client, code="ORD", name="Acme Trading", contact_email=CONTACT
    )


def cancel(caller, order):
    return caller.post("/orders/cancel", {"id": str(order.id), "companyCode": "ORD"}, format="json")


def test_the_email_names_the_order_and_the_company(company, mailoutbox):
    order = OrderFactory(company=company, status="CANCELLED", po_number="PO-77")

    order_cancelled_email(str(order.id))

    [message] = mailoutbox
    assert message.to == [CONTACT]
    assert message.from_email == settings.DEFAULT_FROM_EMAIL
    assert message.subject == f"Order {order.order_number} of Acme Trading was cancelled"
    assert f"Your order {order.order_number} (PO number PO-77) was cancelled" in message.body
    assert "Hello Acme Trading," in message.body


def test_the_email_is_not_escaped_as_html(mailoutbox):
    company = CompanyFactory(name="Smith & Sons <UK>", contact_email=CONTACT)
    order = OrderFactory(company=company, status="CANCELLED")

    order_cancelled_email(str(order.id))

    [message] = mailoutbox
    assert "Smith & Sons <UK>" in message.subject
    assert "Hello Smith & Sons <UK>," in message.body


def test_nothing_is_sent_when_the_company_has_no_contact_email_by_then(company, mailoutbox):
    order = OrderFactory(company=company, status="CANCELLED")
    company.contact_email = None
    company.save()

    order_cancelled_email(str(order.id))

    assert mailoutbox == []


def test_cancelling_through_the_api_emails_the_contact_after_the_commit(
    caller, company, mailoutbox, eager_tasks, django_capture_on_commit_callbacks
):
    order = OrderFactory(company=company, status="QUOTED")

    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        assert cancel(caller, order).status_code == 200
        assert mailoutbox == []  # not before the commit
    with django_capture_on_commit_callbacks(execute=True):
        assert cancel(caller, order).status_code == 200  # a repeat sends nothing

    assert len(callbacks) == 1
    [message] = mailoutbox
    assert (message.to, str(order.order_number) in message.subject) == ([CONTACT], True)


def test_an_operator_cancelling_emails_the_contact(
    company, mailoutbox, eager_tasks, django_capture_on_commit_callbacks
):
    order = OrderFactory(company=company)

    with django_capture_on_commit_callbacks(execute=True):
        services.order_move(
            order_id=order.id, to_status="CANCELLED", actor=Actor.command("transition")
        )

    [message] = mailoutbox
    assert message.to == [CONTACT]


def test_no_email_is_queued_for_a_company_without_contact_email(
    caller, mailoutbox, django_capture_on_commit_callbacks
):
    company = CompanyFactory(api_client=caller.api_client, code="ORD", contact_email=None)
    order = OrderFactory(company=company)

    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        assert cancel(caller, order).status_code == 200

    assert (callbacks, mailoutbox) == ([], [])


@pytest.mark.parametrize("status", ["ACCEPTED", "DELIVERED"])
def test_a_refused_cancellation_emails_nobody(
    caller, company, mailoutbox, django_capture_on_commit_callbacks, status
):
    order = OrderFactory(company=company, status=status)

    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        assert cancel(caller, order).status_code == 400

    assert (callbacks, mailoutbox) == ([], [])


def test_other_moves_email_nobody(company, mailoutbox, django_capture_on_commit_callbacks):
    order = OrderFactory(company=company, status="QUOTED")

    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        services.order_confirm(company=company, order_id=order.id, actor=Actor.command("t"))

    assert (callbacks, mailoutbox) == ([], [])
