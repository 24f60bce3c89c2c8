"""Webhook delivery: one attempt at a time against a real local HTTP receiver."""

from datetime import timedelta

import pytest
from django.utils import timezone
from standardwebhooks.webhooks import Webhook

from companies import webhooks
from companies.models import Event, EventAttempt, EventState
from companies.webhooks import http as webhook_http
from tests.factories import CompanyFactory
from tests.webhook_check import example_data

pytestmark = pytest.mark.django_db


def recorded(company, kind="order.updated") -> Event:
    """An event of `kind` about the schema's example record: a body the receivers accept."""
    return webhooks.event_record(company=company, kind=kind, payload=example_data(kind))


def deliver_now(event):
    claimed = webhooks.event_claim(event.id)
    assert claimed is not None
    return webhooks.event_attempt(claimed)


def test_a_delivered_event_is_signed_verifiably_with_the_companys_secret(receiver_factory):
    receiver = receiver_factory(200)
    company = CompanyFactory(webhook_url=receiver.url)
    event = recorded(company, "order.cancelled")

    attempt = deliver_now(event)

    assert attempt.status_code == 200
    [request] = receiver.requests
    headers = {name.lower(): value for name, value in request["headers"].items()}
    payload = Webhook(company.webhook_secret).verify(request["body"], headers)
    assert payload["type"] == "order.cancelled"
    assert payload["id"] == headers["webhook-id"] == event.webhook_id
    event.refresh_from_db()
    assert (event.state, event.attempts) == (EventState.DELIVERED, 1)


def test_a_failed_attempt_is_retried_with_the_same_webhook_id(receiver_factory):
    receiver = receiver_factory(500, 200)
    company = CompanyFactory(webhook_url=receiver.url)
    event = recorded(company)

    first = deliver_now(event)
    event.refresh_from_db()
    assert (first.status_code, event.state) == (500, EventState.PENDING)
    assert timedelta(seconds=3) < event.next_attempt_at - timezone.now() < timedelta(seconds=6)
    event.next_attempt_at = timezone.now()
    event.save()
    second = deliver_now(event)

    assert second.status_code == 200
    assert [r["headers"]["webhook-id"] for r in receiver.requests] == [event.webhook_id] * 2
    assert list(event.attempt_log.values_list("status_code", flat=True)) == [500, 200]


def test_410_gone_stops_the_retries_at_once(receiver_factory):
    company = CompanyFactory(webhook_url=receiver_factory(410).url)
    event = recorded(company)

    deliver_now(event)

    event.refresh_from_db()
    assert (event.state, event.next_attempt_at) == (EventState.FAILED, None)


def test_retry_after_is_honoured(receiver_factory):
    receiver = receiver_factory(429, headers={"Retry-After": "600"})
    company = CompanyFactory(webhook_url=receiver.url)
    event = recorded(company)

    deliver_now(event)

    event.refresh_from_db()
    assert event.next_attempt_at - timezone.now() > timedelta(seconds=590)


def test_a_redirect_is_a_failure_and_is_not_followed(receiver_factory):
    receiver = receiver_factory(302, headers={"Location": "http://127.0.0.1:1/elsewhere"})
    company = CompanyFactory(webhook_url=receiver.url)
    event = recorded(company)

    attempt = deliver_now(event)

    assert attempt.status_code == 302
    event.refresh_from_db()
    assert event.state == EventState.PENDING
    assert len(receiver.requests) == 1


def test_a_private_address_is_refused_unless_allowed(settings, receiver_factory):
    receiver = receiver_factory(200)
    settings.WEBHOOK_ALLOW_PRIVATE_NETWORKS = False
    company = CompanyFactory(webhook_url=receiver.url)
    event = recorded(company)

    attempt = deliver_now(event)

    assert attempt.status_code is None
    assert attempt.error == "127.0.0.1 resolves to 127.0.0.1, which is not a public address"
    assert receiver.requests == []


def test_an_event_of_a_company_without_webhook_url_is_kept_but_not_sent():
    company = CompanyFactory(webhook_url=None)

    data = example_data("order.updated")
    event = webhooks.event_record(company=company, kind="order.updated", payload=data)

    assert event.state == EventState.NO_ENDPOINT
    assert webhooks.event_claim(event.id) is None
    assert event.payload == {
        "id": event.webhook_id,
        "type": "order.updated",
        "timestamp": event.payload["timestamp"],
        "data": data,
    }


def test_every_company_has_its_own_signing_secret():
    first, second = CompanyFactory(), CompanyFactory()

    assert first.webhook_secret.startswith("whsec_")
    assert first.webhook_secret != second.webhook_secret


def test_an_unexpected_failure_is_a_recorded_failed_attempt(receiver_factory):
    company = CompanyFactory(webhook_url="http://example.com:99999/hooks")
    event = recorded(company)

    attempt = deliver_now(event)

    assert attempt.status_code is None
    assert attempt.error.startswith("ValueError")
    event.refresh_from_db()
    assert (event.state, event.attempts) == (EventState.PENDING, 1)


def test_an_attempt_whose_lease_ran_out_does_not_overwrite_the_newer_outcome(receiver_factory):
    company = CompanyFactory(webhook_url=receiver_factory(500).url)
    event = recorded(company)
    slow = webhooks.event_claim(event.id)
    # The lease runs out; another worker delivers it meanwhile.
    Event.objects.filter(pk=event.pk).update(
        state=EventState.DELIVERED, attempts=1, next_attempt_at=None
    )

    webhooks.event_attempt(slow)

    event.refresh_from_db()
    assert (event.state, event.attempts) == (EventState.DELIVERED, 1)


@pytest.mark.parametrize(
    "address",
    [
        "127.0.0.1",
        "10.0.0.8",
        "169.254.169.254",
        "::1",
        "::ffff:127.0.0.1",
        "64:ff9b::a00:1",
        "2002:7f00:1::",
    ],
)
def test_addresses_that_are_not_public_are_refused(settings, monkeypatch, address):
    settings.WEBHOOK_ALLOW_PRIVATE_NETWORKS = False
    monkeypatch.setattr(
        webhook_http.socket,
        "getaddrinfo",
        lambda *args, **kwargs: [(None, None, None, "", (address, 80))],
    )

    with pytest.raises(webhooks.DeliveryRefused, match="not a public address"):
        webhook_http._public_address("hooks.example.com", 80)


def test_redelivery_leaves_an_event_being_attempted_alone():
    company = CompanyFactory(webhook_url="https://hooks.example.com/")
    event = recorded(company)
    webhooks.event_claim(event.id)  # a worker has it now

    assert webhooks.event_redeliver(event=event) is False
    event.refresh_from_db()
    assert event.next_attempt_at > timezone.now()


# --- attempts recorded before the request, and the lease they hold ---------------------------


def lease_runs_out(attempt):
    """The worker making `attempt` died: nothing finishes it, and its lease runs out."""
    past = timezone.now() - timedelta(seconds=1)
    Event.objects.filter(pk=attempt.event_id).update(next_attempt_at=past)
    EventAttempt.objects.filter(pk=attempt.pk).update(leased_until=past)


def test_a_claim_counts_the_attempt_and_writes_its_row_before_any_request(
    settings, receiver_factory
):
    settings.WEBHOOK_ATTEMPT_LEASE_SECONDS = 15
    receiver = receiver_factory(200)
    company = CompanyFactory(webhook_url=receiver.url)
    event = recorded(company)

    attempt = webhooks.event_claim(event.id)

    event.refresh_from_db()
    assert (event.attempts, event.next_attempt_at) == (1, attempt.leased_until)
    assert timedelta(seconds=14) < attempt.leased_until - timezone.now() <= timedelta(seconds=15)
    assert (attempt.url, attempt.finished_at, attempt.duration_ms) == (receiver.url, None, None)
    assert not attempt.interrupted
    assert receiver.requests == []


def test_an_interrupted_attempt_costs_a_step_of_the_schedule(receiver_factory):
    receiver = receiver_factory(500)
    company = CompanyFactory(webhook_url=receiver.url)
    event = recorded(company)
    lease_runs_out(webhooks.event_claim(event.id))

    second = deliver_now(event)

    event.refresh_from_db()
    first = event.attempt_log.first()
    assert first.interrupted
    assert (second.status_code, event.attempts) == (500, 2)
    # The second delay of the schedule (5 min), not the first (5 s).
    assert event.next_attempt_at - timezone.now() > timedelta(minutes=4)


def test_an_interrupted_last_attempt_gives_the_event_up_without_sending_again(receiver_factory):
    receiver = receiver_factory(200)
    company = CompanyFactory(webhook_url=receiver.url)
    event = recorded(company)
    Event.objects.filter(pk=event.pk).update(attempts=webhooks.MAX_ATTEMPTS - 1)
    lease_runs_out(webhooks.event_claim(event.id))

    assert webhooks.event_claim(event.id) is None

    event.refresh_from_db()
    assert (event.state, event.attempts, event.next_attempt_at) == (
        EventState.FAILED,
        webhooks.MAX_ATTEMPTS,
        None,
    )
    assert receiver.requests == []


def test_a_receiver_trickling_its_answer_is_cut_before_the_lease_runs_out(
    settings, receiver_factory
):
    settings.WEBHOOK_ATTEMPT_LEASE_SECONDS = 1.5  # the exchange is cut after 1 s
    receiver = receiver_factory(200, drip_seconds=0.1)  # each byte well inside any timeout
    company = CompanyFactory(webhook_url=receiver.url)
    event = recorded(company)

    attempt = deliver_now(event)

    assert attempt.status_code is None
    assert attempt.error.startswith("TimeoutError: No complete answer within")
    assert attempt.finished_at < attempt.leased_until
    assert 900 <= attempt.duration_ms < 1400
    event.refresh_from_db()
    assert (event.state, event.attempts) == (EventState.PENDING, 1)
