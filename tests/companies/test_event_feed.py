"""GET /events: a company's events, newest first, each as its webhook's body with its delivery."""

from datetime import timedelta
from urllib.parse import parse_qs, urlsplit

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from companies import webhooks
from companies.models import Event
from config.api.paging import Keyset, cursor_make
from tests.factories import CompanyFactory
from tests.support import assert_refused, iso, success

pytestmark = pytest.mark.django_db

NO_DELIVERY = {"state": "NO_ENDPOINT", "attempts": 0, "lastAttemptAt": None, "nextAttemptAt": None}


@pytest.fixture
def company(caller):
    return CompanyFactory(api_client=caller.api_client, code="EVT")


def feed(client, **query):
    return client.get("/events", {"companyCode": "EVT", **query})


def order_made_and_confirmed(caller, company_code="EVT") -> str:
    """An order quoted (autoQuote) and confirmed through the API: its id."""
    quoted = caller.post(
        "/orders/quote",
        {
            "companyCode": company_code,
            "countryCode": "US",
            "sendTo": "STORAGE",
            "autoQuote": True,
            "hardwares": [{"hardwareType": "MOUSE", "amount": 3}],
        },
        format="json",
    )
    assert quoted.status_code == 201
    order_id = quoted.json()["envelop"][0]["id"]
    confirmed = caller.post(
        "/orders/confirm", {"id": order_id, "companyCode": company_code}, format="json"
    )
    assert confirmed.status_code == 200
    return order_id


def recorded(company, kind="order.updated", *, at=None, **data) -> Event:
    event = webhooks.event_record(company=company, kind=kind, payload={"id": "x", **data})
    if at is not None:
        Event.objects.filter(pk=event.pk).update(created_at=at)
    return event


def test_the_feed_lists_an_orders_events_newest_first_exactly_as_their_webhooks(caller, company):
    order_id = order_made_and_confirmed(caller)

    response = feed(caller)

    assert response.status_code == 200
    events = Event.objects.filter(company=company).order_by("-created_at")
    assert response.json() == success(
        [{**event.payload, "delivery": NO_DELIVERY} for event in events]
    )
    listed = response.json()["envelop"]
    assert [event["type"] for event in listed] == [
        "order.accepted",
        "order.quoted",
        "order.created",
    ]
    assert [event["data"]["status"] for event in listed] == ["ACCEPTED", "QUOTED", "PENDING"]
    assert {event["data"]["id"] for event in listed} == {order_id}
    assert all(event["id"].startswith("msg_") for event in listed)
    assert "Link" not in response


def test_a_company_with_a_webhook_url_shows_its_events_pending(caller):
    company = CompanyFactory(
        api_client=caller.api_client, code="EVT", webhook_url="https://hooks.example.com/x"
    )
    event = recorded(company)

    [listed] = feed(caller).json()["envelop"]

    assert listed["delivery"] == {
        "state": "PENDING",
        "attempts": 0,
        "lastAttemptAt": None,
        "nextAttemptAt": iso(event.next_attempt_at),
    }


def test_the_feed_holds_only_the_companys_own_events(caller, company):
    recorded(CompanyFactory(api_client=caller.api_client, code="SIB"))
    recorded(CompanyFactory(code="OTH"))
    mine = recorded(company)

    response = feed(caller)

    assert [event["id"] for event in response.json()["envelop"]] == [mine.webhook_id]


def test_type_keeps_the_events_of_that_type_exactly(caller, company):
    order_made_and_confirmed(caller)

    quoted = feed(caller, type="order.quoted").json()["envelop"]
    prefix = feed(caller, type="order").json()["envelop"]
    empty = feed(caller, type="").json()["envelop"]

    assert [event["type"] for event in quoted] == ["order.quoted"]
    assert prefix == []
    assert len(empty) == 3


def test_since_keeps_the_events_at_or_after_it_whatever_its_offset(caller, company):
    start = timezone.now().replace(microsecond=0) - timedelta(days=1)
    recorded(company, at=start - timedelta(microseconds=1))
    at_start = recorded(company, at=start)
    later = recorded(company, at=start + timedelta(hours=1))
    in_paris = (start + timedelta(hours=1)).astimezone(timezone.get_fixed_timezone(60))

    from_start = feed(caller, since=start.isoformat().replace("+00:00", "Z"))
    from_later = feed(caller, since=in_paris.isoformat())

    assert [e["id"] for e in from_start.json()["envelop"]] == [
        later.webhook_id,
        at_start.webhook_id,
    ]
    assert [e["id"] for e in from_later.json()["envelop"]] == [later.webhook_id]


@pytest.mark.parametrize("since", ["yesterday", "2026-11-23", "2026-11-23T10:00:00", "\x00"])
def test_a_since_that_is_no_instant_is_refused(caller, company, since):
    assert_refused(
        feed(caller, since=since),
        400,
        (
            "Invalid since: expected an ISO 8601 date-time with its offset, "
            "such as 2026-11-27T09:30:00Z"
        ),
    )


def test_a_type_no_event_could_have_is_refused(caller, company):
    assert_refused(feed(caller, type="order\x00"), 400, "Invalid type")


def test_paging_at_limit_1_walks_every_event_once_through_the_link_header(caller, company):
    order_made_and_confirmed(caller)
    recorded(company, kind="movement_request.created")
    whole = feed(caller, type="").json()["envelop"]

    walked, response = [], feed(caller, limit="1", type="")
    while True:
        assert response.status_code == 200
        page = response.json()["envelop"]
        assert len(page) == 1
        walked += page
        if "Link" not in response:
            break
        url, rel = response["Link"].split("; ")
        assert rel == 'rel="next"'
        next_url = urlsplit(url.strip("<>"))
        query = {name: values[0] for name, values in parse_qs(next_url.query).items()}
        assert (next_url.path, query["companyCode"], query["limit"]) == ("/events", "EVT", "1")
        response = caller.get(next_url.path, query)

    assert len(whole) == 4
    assert walked == whole


def test_a_page_of_a_filtered_feed_keeps_its_filter(caller, company):
    for _ in range(3):
        recorded(company, kind="order.quoted")
    recorded(company, kind="order.created")

    first = feed(caller, limit="2", type="order.quoted")
    url = urlsplit(first["Link"].split(";")[0].strip("<>"))
    second = caller.get(url.path, {k: v[0] for k, v in parse_qs(url.query).items()})

    types = [e["type"] for e in first.json()["envelop"] + second.json()["envelop"]]
    assert types == ["order.quoted"] * 3
    assert "Link" not in second


@pytest.mark.parametrize("limit", ["0", "501", "ten"])
def test_a_bad_limit_is_refused(caller, company, limit):
    assert_refused(
        feed(caller, limit=limit), 400, "Invalid limit: expected a whole number from 1 to 500"
    )


def test_a_cursor_made_for_another_list_is_refused(caller, company):
    # Made as the orders list would make one: signed by the service, but not for this list.
    cursor = cursor_make(Keyset("orders", ("-created_at", "-id")), (timezone.now(), "x"))

    assert_refused(feed(caller, cursor=cursor), 400, "Invalid cursor")


def test_the_feed_reads_a_fixed_number_of_queries_whatever_its_length(caller, company):
    def queries_for_feed(**query) -> int:
        with CaptureQueriesContext(connection) as captured:
            assert feed(caller, **query).status_code == 200
        return len(captured)

    recorded(company)
    feed(caller)  # the key's last use is written once a minute: not in the counts below
    one = queries_for_feed()
    for _ in range(30):
        recorded(company)

    assert queries_for_feed() == one
    assert queries_for_feed(limit="10", type="order.updated") == one
    assert one <= 3


def test_another_clients_company_code_is_refused(caller, company, other_caller):
    CompanyFactory(api_client=other_caller.api_client, code="OTH")

    assert_refused(feed(caller, companyCode="OTH"), 400, "Invalid company code")


def test_a_missing_company_code_is_refused(caller, company):
    assert_refused(caller.get("/events"), 400, "Missing required filter: companyCode")


def test_an_unauthenticated_call_is_refused(anonymous, company):
    assert_refused(feed(anonymous), 401, "Unauthorized access")
