"""GET /events/{eventId} with its delivery attempts, and POST /events/{eventId}/redeliver, against
a real local HTTP receiver."""

import uuid
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from companies import webhooks
from companies.models import Event, EventAttempt, EventState
from tests.factories import CompanyFactory
from tests.support import assert_refused, iso, success
from tests.webhook_check import example_data

pytestmark = pytest.mark.django_db


def company_with(caller, url=None):
    return CompanyFactory(api_client=caller.api_client, code="EVT", webhook_url=url)


def event_of(company, kind="order.cancelled") -> Event:
    """An event recorded as a flow records it (its hand-over to the broker is left uncommitted,
    so nothing is sent until the test attempts it), about the schema's example record of its
    kind under an id of its own."""
    payload = {**example_data(kind), "id": str(uuid.uuid4())}
    return webhooks.event_record(company=company, kind=kind, payload=payload)


def attempted(event: Event) -> None:
    """One attempt, as the worker makes it, made due first if it waits for a retry."""
    Event.objects.filter(pk=event.pk, state=EventState.PENDING).update(
        next_attempt_at=event.created_at
    )
    claimed = webhooks.event_claim(event.id)
    assert claimed is not None
    webhooks.event_attempt(claimed)


def detail(client, event, company_code="EVT"):
    webhook_id = event if isinstance(event, str) else event.webhook_id
    return client.get(f"/events/{webhook_id}", {"companyCode": company_code})


def redeliver(client, event, company_code="EVT", **headers):
    webhook_id = event if isinstance(event, str) else event.webhook_id
    return client.post(
        f"/events/{webhook_id}/redeliver", {"companyCode": company_code}, format="json", **headers
    )


# --- GET /events/{eventId} ---------------------------------------------------------------------


def test_an_event_shows_every_attempt_oldest_first(caller, receiver_factory):
    receiver = receiver_factory(500, 200)
    event = event_of(company_with(caller, receiver.url))
    attempted(event)
    attempted(event)

    response = detail(caller, event)

    assert response.status_code == 200
    event.refresh_from_db()
    first, second = event.attempt_log.all()
    [shown] = response.json()["envelop"]
    assert response.json() == success([shown])
    assert shown == {
        **event.payload,
        "delivery": {
            "state": "DELIVERED",
            "attempts": 2,
            "lastAttemptAt": iso(second.attempted_at),
            "nextAttemptAt": None,
        },
        "attempts": [
            {
                "at": iso(first.attempted_at),
                "statusCode": 500,
                "durationMs": first.duration_ms,
                "error": None,
            },
            {
                "at": iso(second.attempted_at),
                "statusCode": 200,
                "durationMs": second.duration_ms,
                "error": None,
            },
        ],
    }
    assert all(isinstance(a["durationMs"], int) for a in shown["attempts"])
    assert list(shown["attempts"][0]) == ["at", "statusCode", "durationMs", "error"]
    assert [r["headers"]["webhook-id"] for r in receiver.requests] == [event.webhook_id] * 2


def test_an_attempt_that_got_no_answer_shows_why(caller, receiver_factory, settings):
    receiver = receiver_factory(200)
    settings.WEBHOOK_ALLOW_PRIVATE_NETWORKS = False
    event = event_of(company_with(caller, receiver.url))
    attempted(event)

    [attempt] = detail(caller, event).json()["envelop"][0]["attempts"]

    assert attempt["statusCode"] is None
    assert attempt["error"] == "127.0.0.1 resolves to 127.0.0.1, which is not a public address"
    assert receiver.requests == []


def test_an_attempt_whose_worker_died_says_so_and_one_running_shows_nothing_yet(caller):
    event = event_of(company_with(caller, "https://hooks.example.com/x"))
    now = timezone.now()
    # As event_claim writes them: the row first, completed only if its worker lives on.
    EventAttempt.objects.create(event=event, url="x", leased_until=now - timedelta(seconds=1))
    EventAttempt.objects.create(event=event, url="x", leased_until=now + timedelta(seconds=60))

    attempts = detail(caller, event).json()["envelop"][0]["attempts"]

    assert [(a["statusCode"], a["durationMs"], a["error"]) for a in attempts] == [
        (None, None, "Interrupted: its worker stopped before an answer came"),
        (None, None, None),
    ]


def test_the_gateway_reads_an_event_as_the_direct_call_does(caller):
    event = event_of(company_with(caller))
    direct = detail(caller, event)

    through_gateway = caller.post(
        "/gateway",
        {
            "verb": "GET",
            "request": f"events/{event.webhook_id}",
            "vendor": "hlos",
            "filters": {"companyCode": "EVT"},
        },
        format="json",
    )

    assert (through_gateway.status_code, through_gateway.json()) == (200, direct.json())


def test_an_event_without_attempts_shows_none(caller):
    event = event_of(company_with(caller))

    [shown] = detail(caller, event).json()["envelop"]

    assert shown["attempts"] == []
    assert shown["delivery"]["state"] == "NO_ENDPOINT"


def test_an_event_is_read_in_a_fixed_number_of_queries(caller, receiver_factory):
    event = event_of(company_with(caller, receiver_factory(500).url))
    detail(caller, event)  # the key's last use is written once a minute: not counted below

    counts = []
    for _ in range(2):
        with CaptureQueriesContext(connection) as captured:
            assert detail(caller, event).status_code == 200
        counts.append(len(captured))
        for _ in range(3):
            attempted(event)

    assert counts[0] == counts[1] <= 4


@pytest.mark.parametrize(
    "webhook_id", ["msg_" + "0" * 32, "not-an-id", "msg_XYZ", "uuid", "msg_" + "A" * 32]
)
def test_an_id_that_names_no_event_of_the_company_is_not_found(caller, webhook_id):
    event = event_of(company_with(caller))
    if webhook_id == "uuid":  # the bare UUID is no name of an event
        webhook_id = str(event.id)
    if webhook_id.startswith("msg_A"):  # nor is its id in capitals
        webhook_id = event.webhook_id.upper().replace("MSG_", "msg_")

    assert_refused(detail(caller, webhook_id), 404, "Event not found")


def test_another_clients_event_is_not_found(caller, other_caller):
    company_with(caller)
    theirs = event_of(CompanyFactory(api_client=other_caller.api_client, code="OTH"))

    assert_refused(detail(caller, theirs), 404, "Event not found")
    assert_refused(redeliver(caller, theirs), 404, "Event not found")


def test_another_company_of_the_same_client_does_not_show_the_event(caller):
    company_with(caller)
    sibling = CompanyFactory(api_client=caller.api_client, code="SIB")

    assert_refused(detail(caller, event_of(sibling)), 404, "Event not found")


def test_another_clients_company_code_is_refused(caller, other_caller):
    theirs = event_of(CompanyFactory(api_client=other_caller.api_client, code="OTH"))

    assert_refused(detail(caller, theirs, "OTH"), 400, "Invalid company code")
    assert_refused(redeliver(caller, theirs, "OTH"), 400, "Invalid company code")


def test_unauthenticated_calls_are_refused(caller, anonymous):
    event = event_of(company_with(caller))

    assert_refused(detail(anonymous, event), 401, "Unauthorized access")
    assert_refused(redeliver(anonymous, event), 401, "Unauthorized access")


# --- POST /events/{eventId}/redeliver ----------------------------------------------------------


def test_redeliver_sends_the_event_again_with_the_same_webhook_id(
    caller, receiver_factory, django_capture_on_commit_callbacks, eager_tasks
):
    receiver = receiver_factory(410, 200)
    event = event_of(company_with(caller, receiver.url))
    attempted(event)
    event.refresh_from_db()
    assert (event.state, event.attempts) == (EventState.FAILED, 1)
    failed_at = event.attempt_log.get().attempted_at

    with django_capture_on_commit_callbacks(execute=True) as queued:
        response = redeliver(caller, event)

    assert len(queued) == 1
    assert response.status_code == 200
    [answered] = response.json()["envelop"]
    assert response.json() == success([answered])
    queued_again = Event.objects.get(pk=event.pk)
    assert answered == {
        **event.payload,
        "delivery": {
            "state": "PENDING",
            "attempts": 0,
            "lastAttemptAt": iso(failed_at),
            "nextAttemptAt": answered["delivery"]["nextAttemptAt"],
        },
    }
    assert answered["delivery"]["nextAttemptAt"] is not None
    # The task queued on commit ran: the receiver got the same webhook-id and body again.
    assert [r["headers"]["webhook-id"] for r in receiver.requests] == [event.webhook_id] * 2
    assert receiver.requests[0]["body"] == receiver.requests[1]["body"]
    assert (queued_again.state, queued_again.attempts) == (EventState.DELIVERED, 1)
    attempts = detail(caller, event).json()["envelop"][0]["attempts"]
    assert [attempt["statusCode"] for attempt in attempts] == [410, 200]


def test_redeliver_is_refused_while_the_company_has_no_webhook_url(
    caller, django_capture_on_commit_callbacks
):
    event = event_of(company_with(caller))

    with django_capture_on_commit_callbacks() as queued:
        response = redeliver(caller, event)

    assert_refused(response, 400, "Company has no webhookUrl")
    assert queued == []
    assert Event.objects.get(pk=event.pk).state == EventState.NO_ENDPOINT


def test_an_event_recorded_without_a_url_is_sent_once_the_company_has_one(
    caller, receiver_factory, django_capture_on_commit_callbacks, eager_tasks
):
    receiver = receiver_factory(200)
    company = company_with(caller)
    event = event_of(company)
    company.webhook_url = receiver.url
    company.save()

    with django_capture_on_commit_callbacks(execute=True):
        response = redeliver(caller, event)

    assert response.status_code == 200
    assert [r["headers"]["webhook-id"] for r in receiver.requests] == [event.webhook_id]
    assert Event.objects.get(pk=event.pk).state == EventState.DELIVERED


def test_redeliver_of_an_event_waiting_for_its_retry_sends_it_now(
    caller, receiver_factory, django_capture_on_commit_callbacks, eager_tasks
):
    receiver = receiver_factory(500, 200)  # down, then back
    event = event_of(company_with(caller, receiver.url))
    attempted(event)  # failed once: waits for its retry, minutes away

    with django_capture_on_commit_callbacks(execute=True):
        response = redeliver(caller, event)

    assert response.status_code == 200
    assert [r["headers"]["webhook-id"] for r in receiver.requests] == [event.webhook_id] * 2
    assert Event.objects.get(pk=event.pk).state == EventState.DELIVERED


def test_redeliver_of_an_event_a_worker_is_sending_is_refused(caller, receiver_factory):
    event = event_of(company_with(caller, receiver_factory(200).url))
    webhooks.event_claim(event.id)  # a worker has begun its attempt

    refused = redeliver(caller, event)

    assert_refused(refused, 409, "Event is being sent right now; ask again once that attempt ends")
    assert Event.objects.get(pk=event.pk).attempts == 1


def test_redeliver_with_an_idempotency_key_is_replayed_not_redone(
    caller, receiver_factory, django_capture_on_commit_callbacks
):
    event = event_of(company_with(caller, receiver_factory(410).url))
    attempted(event)
    key = {"HTTP_IDEMPOTENCY_KEY": "redeliver-1"}

    with django_capture_on_commit_callbacks() as queued:
        first = redeliver(caller, event, **key)
        again = redeliver(caller, event, **key)

    assert first.status_code == again.status_code == 200
    assert again.content == first.content
    assert again["Idempotent-Replayed"] == "true"
    assert len(queued) == 1
