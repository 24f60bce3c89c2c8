"""POST /companies/{companyCode}/webhook-test: a signed `webhook.test` event, sent now through
the outbox like every event, to a real local receiver
(docs/decisions/0043-sandbox-moves-and-webhook-test.md)."""

import re

import pytest
from standardwebhooks.webhooks import Webhook

from companies.models import Event, EventState
from tests.factories import CompanyFactory
from tests.support import assert_refused, success

pytestmark = pytest.mark.django_db


def webhook_test(client, code):
    return client.post(f"/companies/{code}/webhook-test", format="json")


@pytest.mark.parametrize("environment", ["production", "sandbox", "test"])
def test_the_test_event_arrives_signed_and_is_answered_as_the_feed_shows_it(
    caller,
    receiver_factory,
    django_capture_on_commit_callbacks,
    eager_tasks,
    settings,
    environment,
):
    settings.ENVIRONMENT = environment
    receiver = receiver_factory(200)
    company = CompanyFactory(api_client=caller.api_client, code="HOK", webhook_url=receiver.url)

    with django_capture_on_commit_callbacks(execute=True) as queued:
        response = webhook_test(caller, "hok")

    assert len(queued) == 1
    assert response.status_code == 200
    [answered] = response.json()["envelop"]
    event = Event.objects.get(company=company)
    assert response.json() == success(
        [
            {
                "id": event.webhook_id,
                "type": "webhook.test",
                "timestamp": answered["timestamp"],
                "data": {"companyCode": "HOK", "webhookUrl": receiver.url},
                # Answered before the commit hands it to the worker.
                "delivery": {
                    "state": "PENDING",
                    "attempts": 0,
                    "lastAttemptAt": None,
                    "nextAttemptAt": answered["delivery"]["nextAttemptAt"],
                },
                "attempts": [],
            }
        ]
    )
    assert re.fullmatch(r"msg_[0-9a-f]{32}", answered["id"])
    # Sent at the commit, signed with the company's secret.
    [request] = receiver.requests
    headers = {name.lower(): value for name, value in request["headers"].items()}
    payload = Webhook(company.webhook_secret).verify(request["body"], headers)
    assert payload == {key: answered[key] for key in ("id", "type", "timestamp", "data")}
    assert headers["webhook-id"] == answered["id"]
    event.refresh_from_db()
    assert (event.state, event.attempts) == (EventState.DELIVERED, 1)
    # Listed with the other events, and delivered.
    feed = caller.get("/events", {"companyCode": "HOK"}).json()["envelop"]
    assert [(row["id"], row["type"], row["delivery"]["state"]) for row in feed] == [
        (answered["id"], "webhook.test", "DELIVERED")
    ]
    detail = caller.get(f"/events/{answered['id']}", {"companyCode": "HOK"}).json()["envelop"]
    assert [attempt["statusCode"] for attempt in detail[0]["attempts"]] == [200]


def test_without_a_webhook_url_it_is_refused_and_records_nothing(
    caller, django_capture_on_commit_callbacks
):
    CompanyFactory(api_client=caller.api_client, code="HOK", webhook_url=None)

    with django_capture_on_commit_callbacks() as queued:
        response = webhook_test(caller, "HOK")

    assert_refused(response, 400, "Company has no webhookUrl")
    assert queued == []
    assert not Event.objects.exists()


@pytest.mark.parametrize("whose", ["another client's", "unknown"])
def test_a_company_the_caller_does_not_manage_is_404_as_on_webhook_secret(
    caller, other_caller, whose
):
    company = CompanyFactory(
        api_client=other_caller.api_client, webhook_url="https://hooks.example.com/hlos"
    )
    code = company.code if whose == "another client's" else "ZZZ"

    response = webhook_test(caller, code)

    assert_refused(response, 404, "Company not found")
    assert (
        webhook_test(caller, code).json()
        == caller.post(f"/companies/{code}/webhook-secret", format="json").json()
    )
    assert not Event.objects.exists()


def test_it_needs_an_api_key(anonymous):
    company = CompanyFactory(webhook_url="https://hooks.example.com/hlos")

    assert_refused(webhook_test(anonymous, company.code), 401, "Unauthorized access")
    assert not Event.objects.exists()
