"""POST /companies/{companyCode}/webhook-secret: a new signing secret, shown once."""

import pytest
from standardwebhooks.webhooks import Webhook, WebhookVerificationError

from companies import webhooks
from companies.models import Company
from tests.factories import CompanyFactory
from tests.support import assert_refused, success
from tests.webhook_check import example_data

pytestmark = pytest.mark.django_db


def rotate(caller, code):
    return caller.post(f"/companies/{code}/webhook-secret", format="json")


def test_rotation_answers_the_new_secret_once_and_keeps_it(caller):
    company = CompanyFactory(api_client=caller.api_client)
    old = company.webhook_secret

    response = rotate(caller, company.code.lower())

    company.refresh_from_db()
    assert response.status_code == 200
    assert response.json() == success([{"webhookSecret": company.webhook_secret}])
    assert company.webhook_secret.startswith("whsec_")
    assert company.webhook_secret != old


def test_each_rotation_makes_another_secret(caller):
    company = CompanyFactory(api_client=caller.api_client)

    secrets = {rotate(caller, company.code).json()["envelop"][0]["webhookSecret"] for _ in "ab"}

    assert len(secrets) == 2


@pytest.mark.parametrize("whose", ["another client's", "unknown"])
def test_rotating_a_company_the_caller_does_not_manage_is_404(caller, other_caller, whose):
    company = CompanyFactory(api_client=other_caller.api_client)
    code = company.code if whose == "another client's" else "ZZZ"
    old = company.webhook_secret

    response = rotate(caller, code)

    assert_refused(response, 404, "Company not found")
    company.refresh_from_db()
    assert company.webhook_secret == old


def test_rotation_needs_an_api_key(anonymous):
    company = CompanyFactory()

    response = anonymous.post(f"/companies/{company.code}/webhook-secret", format="json")

    assert response.status_code == 401
    assert Company.objects.get(pk=company.pk).webhook_secret == company.webhook_secret


def test_the_company_reads_never_show_the_secret(caller):
    company = CompanyFactory(api_client=caller.api_client)

    for response in (
        caller.get("/companies"),
        caller.patch(f"/companies/{company.code}", {"name": "Renamed"}, format="json"),
    ):
        assert response.status_code == 200
        assert "webhookSecret" not in response.json()["envelop"][0]
        assert company.webhook_secret not in response.content.decode()


def test_a_webhook_sent_after_rotation_verifies_with_the_new_secret_only(caller, receiver_factory):
    receiver = receiver_factory(200)
    company = CompanyFactory(api_client=caller.api_client, webhook_url=receiver.url)
    old = company.webhook_secret
    # Recorded before the rotation, delivered after it: signed with the secret of send time.
    event = webhooks.event_record(
        company=company, kind="order.updated", payload=example_data("order.updated")
    )

    new = rotate(caller, company.code).json()["envelop"][0]["webhookSecret"]
    webhooks.event_attempt(webhooks.event_claim(event.id))

    [request] = receiver.requests
    headers = {name.lower(): value for name, value in request["headers"].items()}
    assert Webhook(new).verify(request["body"], headers)["id"] == event.webhook_id
    with pytest.raises(WebhookVerificationError):
        Webhook(old).verify(request["body"], headers)
