"""Idempotency-Key on every write: a retry gets the first answer and runs nothing again."""

from datetime import timedelta
from functools import partial

import pytest
from django.core.management import call_command
from django.utils import timezone

from companies.models import Company, Event, IdempotencyKey
from companies.tasks import purge_idempotency_keys
from orders.models import Order
from tests.config.urls import FlakyView
from tests.conftest import CallerClient, make_caller
from tests.factories import CompanyFactory
from tests.support import assert_refused, run_together

pytestmark = pytest.mark.urls("tests.config.urls")

BODY = {"name": "Acme", "companyCode": "ACM"}


def create(client, body=BODY, key="retry-1", path="/companies"):
    return client.post(path, body, format="json", HTTP_IDEMPOTENCY_KEY=key)


@pytest.mark.django_db
def test_a_retry_is_the_first_answer_byte_for_byte_and_creates_nothing(caller):
    first = create(caller)
    events = Event.objects.count()
    retry = create(caller)

    assert first.status_code == retry.status_code == 201
    assert retry.content == first.content
    assert retry["Content-Type"] == first["Content-Type"]
    assert retry["Idempotent-Replayed"] == "true"
    assert "Idempotent-Replayed" not in first
    assert Company.objects.filter(code="ACM").count() == 1
    assert Event.objects.count() == events


@pytest.mark.django_db
def test_a_4xx_answer_is_stored_and_replayed_too(caller):
    first = create(caller, {"companyCode": "ACM"})
    retry = create(caller, {"companyCode": "ACM"})

    assert first.status_code == retry.status_code == 400
    assert retry.content == first.content
    assert retry["Idempotent-Replayed"] == "true"


@pytest.mark.django_db
def test_the_same_key_with_another_body_is_422(caller):
    create(caller)

    response = create(caller, {"name": "Other", "companyCode": "OTH"})

    assert_refused(
        response,
        422,
        "Idempotency-Key has already been used for a different request",
        with_empty_envelop=True,
    )
    assert not Company.objects.filter(code="OTH").exists()


@pytest.mark.django_db
@pytest.mark.parametrize("key", ["", "x" * 256, "caf\u00e9", "tab\there"])
def test_an_empty_overlong_or_non_printable_key_is_400(caller, key):
    response = create(caller, key=key)

    assert_refused(response, 400, "Invalid Idempotency-Key", with_empty_envelop=True)
    assert not Company.objects.exists()


@pytest.mark.django_db
def test_the_longest_key_is_accepted(caller):
    assert create(caller, key="k" * 255).status_code == 201


@pytest.mark.django_db
def test_another_client_with_the_same_key_is_unaffected(caller, other_caller):
    create(caller)

    response = create(other_caller, {"name": "Beta", "companyCode": "BET"})

    assert response.status_code == 201
    assert "Idempotent-Replayed" not in response
    assert Company.objects.filter(code="BET", api_client=other_caller.api_client).exists()


@pytest.mark.django_db
def test_without_the_header_nothing_changes(caller):
    caller.post("/companies", BODY, format="json")
    second = caller.post("/companies", BODY, format="json")

    assert_refused(second, 409, "companyCode already exists", with_empty_envelop=True)
    assert not IdempotencyKey.objects.exists()


@pytest.mark.django_db
def test_a_5xx_is_not_stored_and_the_retry_runs_again(caller):
    FlakyView.calls.clear()

    failed = create(caller, {"n": 1}, path="/test/flaky")
    retried = create(caller, {"n": 1}, path="/test/flaky")
    replayed = create(caller, {"n": 1}, path="/test/flaky")

    assert failed.status_code == 500
    assert retried.status_code == replayed.status_code == 201
    assert replayed.content == retried.content
    assert len(FlakyView.calls) == 2


@pytest.mark.django_db
def test_through_the_gateway_the_header_on_the_gateway_request_counts(caller):
    envelope = {"verb": "POST", "request": "companies", "vendor": "hlos", "data": BODY}

    first = create(caller, envelope, path="/gateway")
    retry = create(caller, envelope, path="/gateway")
    other = create(
        caller, {**envelope, "data": {"name": "X", "companyCode": "XXX"}}, path="/gateway"
    )

    assert first.status_code == retry.status_code == 201
    assert retry.content == first.content
    assert retry["Idempotent-Replayed"] == "true"
    assert other.status_code == 422
    assert Company.objects.count() == 1


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_ten_concurrent_requests_with_one_key_create_one_company():
    first = make_caller()
    clients = [CallerClient(first.api_client, first.raw_key) for _ in range(10)]

    responses = run_together(*(partial(create, client) for client in clients))

    statuses = sorted(response.status_code for response in responses)
    assert Company.objects.filter(code="ACM").count() == 1
    created = [r for r in responses if r.status_code == 201]
    assert len(created) >= 1
    assert all(r.content == created[0].content for r in created)
    assert sum("Idempotent-Replayed" not in r for r in created) == 1
    assert set(statuses) <= {201, 409}
    for response in responses:
        if response.status_code == 409:
            assert response.json()["message"] == (
                "A request with this Idempotency-Key is still being processed"
            )


@pytest.mark.django_db
@pytest.mark.parametrize(
    "purge",
    [lambda: call_command("purge_idempotency_keys"), lambda: purge_idempotency_keys.apply()],
)
def test_the_command_and_the_task_purge_expired_keys_only(caller, purge):
    create(caller, key="fresh")
    create(caller, {"name": "Old", "companyCode": "OLD"}, key="old")
    IdempotencyKey.objects.filter(key="old").update(
        created_at=timezone.now() - timedelta(hours=24, seconds=1)
    )

    purge()

    assert list(IdempotencyKey.objects.values_list("key", flat=True)) == ["fresh"]


@pytest.mark.django_db
def test_an_expired_key_runs_again(caller):
    create(caller)
    IdempotencyKey.objects.update(created_at=timezone.now() - timedelta(hours=25))

    response = create(caller)

    assert_refused(response, 409, "companyCode already exists", with_empty_envelop=True)


@pytest.mark.django_db
def test_a_replayed_quote_makes_no_second_order_nor_event(caller):
    CompanyFactory(api_client=caller.api_client, code="ORD")
    body = {
        "companyCode": "ORD",
        "countryCode": "US",
        "sendTo": "STORAGE",
        "hardwares": [{"hardwareType": "MOUSE", "amount": 3}],
    }

    first = create(caller, body, path="/orders/quote")
    events = Event.objects.count()
    retry = create(caller, body, path="/orders/quote")

    assert first.status_code == retry.status_code == 201
    assert retry.content == first.content
    assert Order.objects.count() == 1
    assert Event.objects.count() == events


@pytest.mark.django_db
def test_a_patch_is_replayed_too(caller):
    CompanyFactory(api_client=caller.api_client, code="PAT", name="Before")

    def rename(name):
        return caller.patch(
            "/companies/PAT", {"name": name}, format="json", HTTP_IDEMPOTENCY_KEY="rename-1"
        )

    first, retry, other = rename("After"), rename("After"), rename("Other")

    assert first.status_code == retry.status_code == 200
    assert retry.content == first.content
    assert retry["Idempotent-Replayed"] == "true"
    assert other.status_code == 422
    assert Company.objects.get(code="PAT").name == "After"


def test_every_write_of_the_interface_honours_the_header():
    """A new view that takes POST or PATCH must derive from IdempotentAPIView, or its writes
    could not be retried safely (the gateway dispatches to these views and needs none). Views
    that take no API key are not the interface's: SCIM's (a SCIM token is no API client's, whose
    keys are claimed, and SCIM has its own rules for retries: ETags) and the tracking
    providers' callbacks (signed by the provider, whose retries are recorded once by their
    events)."""
    from django.urls import get_resolver
    from rest_framework.views import APIView

    from companies.api.idempotency import IdempotentAPIView
    from companies.api.scim_authentication import ScimTokenAuthentication
    from config.api.gateway import GatewayView

    def views(patterns):
        for pattern in patterns:
            if hasattr(pattern, "url_patterns"):
                yield from views(pattern.url_patterns)
            elif hasattr(pattern.callback, "view_class"):
                yield pattern.callback.view_class

    writers = {
        view
        for view in views(get_resolver().url_patterns)
        if issubclass(view, APIView)
        and ({"post", "patch"} & set(dir(view)))
        and view.__module__.split(".")[0] not in ("django", "tests")
        and ScimTokenAuthentication not in getattr(view, "authentication_classes", ())
        and getattr(view, "authentication_classes", None) != []
    } - {GatewayView}

    assert len(writers) >= 12
    assert [view for view in writers if not issubclass(view, IdempotentAPIView)] == []
