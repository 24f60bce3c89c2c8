"""GET /audit-events: its criteria, their refusals, its pages, and its queries."""

from datetime import UTC, datetime, timedelta
from urllib.parse import parse_qs, urlsplit

import pytest
from django.apps import apps
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from companies.audit import registry
from config.api import streaming
from tests.factories import CompanyFactory, HardwareFactory, HardwareRequestFactory, OrderFactory
from tests.support import assert_refused

pytestmark = pytest.mark.django_db

TARGET_TYPES = (
    "COMPANY, SCIM_TOKEN, EMPLOYEE, HARDWARE, MOVEMENT_REQUEST, ORDER, SHIPMENT or BULK_JOB"
)


@pytest.fixture
def company(caller):
    return CompanyFactory(api_client=caller.api_client, code="FLT", name="Filter Co")


def listed(client, **criteria):
    return client.get("/audit-events", {"companyCode": "FLT", **criteria})


def trail(client, **criteria) -> list[dict]:
    response = listed(client, **criteria)
    assert response.status_code == 200, response.json()
    return response.json()["envelop"]


def summary(events: list[dict]) -> list[tuple]:
    return [(event["target"]["type"], event["action"]) for event in events]


@pytest.fixture
def writes(caller, company):
    """An item (made first: in a test's one transaction, a write after a context would carry
    it), a quote and its confirmation through the API, and the delivery by a command."""
    item = HardwareFactory(company=company)
    quoted = caller.post(
        "/orders/quote",
        {
            "companyCode": "FLT",
            "countryCode": "US",
            "sendTo": "STORAGE",
            "autoQuote": True,
            "hardwares": [{"hardwareType": "MOUSE", "amount": 3}],
        },
        format="json",
    )
    order_id = quoted.json()["envelop"][0]["id"]
    confirmed = caller.post(
        "/orders/confirm", {"id": order_id, "companyCode": "FLT"}, format="json"
    )
    number = quoted.json()["envelop"][0]["orderNumber"]
    call_command("transition", "order", str(number), "DELIVERED", reason="Delivered by hand")
    return {"quote": quoted, "confirm": confirmed, "order_id": order_id, "item": item}


def test_without_criteria_every_event_of_the_company_newest_first(caller, writes):
    events = trail(caller)

    assert [event["id"] for event in events] == sorted(
        (event["id"] for event in events),
        key=lambda event_id: (event_id.split(":")[0], int(event_id.split(":")[1])),
        reverse=True,
    )  # one transaction in a test: the same time, then by record and row
    assert {event["target"]["type"] for event in events} == {"COMPANY", "ORDER", "ORDER_LINE"} | {
        "HARDWARE"
    }


def test_target_type_takes_a_records_children(caller, writes):
    assert {event["target"]["type"] for event in trail(caller, targetType="ORDER")} == {
        "ORDER",
        "ORDER_LINE",
    }
    # Three mice made by the delivery, and the item.
    assert summary(trail(caller, targetType="hardware")) == [("HARDWARE", "CREATED")] * 4
    assert summary(trail(caller, targetType="COMPANY")) == [("COMPANY", "CREATED")]
    assert trail(caller, targetType="EMPLOYEE") == []


def test_actor_type_action_and_request_id(caller, writes):
    by_command = trail(caller, actorType="COMMAND")
    # The delivery, and the three mice it made.
    assert sorted(summary(by_command)) == [("HARDWARE", "CREATED")] * 3 + [
        ("ORDER", "STATUS_CHANGED")
    ]
    assert {event["reason"] for event in by_command} == {"Delivered by hand"}
    assert {event["actor"]["type"] for event in trail(caller, actorType="api_client")} == {
        "API_CLIENT"
    }
    assert trail(caller, actorType="SYSTEM") == []

    moves = trail(caller, action="STATUS_CHANGED")
    assert [event["changes"]["status"]["new"] for event in moves] == [
        "DELIVERED",
        "ACCEPTED",
        "QUOTED",
    ]
    created = trail(caller, action="CREATED")
    assert {event["target"]["type"] for event in created} == {
        "COMPANY",
        "ORDER",
        "ORDER_LINE",
        "HARDWARE",
    }
    assert all(event["action"] == "UPDATED" for event in trail(caller, action="UPDATED"))
    assert trail(caller, action="DELETED") == []

    request_id = writes["confirm"]["X-Request-ID"]
    confirmed = trail(caller, requestId=request_id)
    assert [event["changes"]["status"] for event in confirmed] == [
        {"old": "QUOTED", "new": "ACCEPTED"}
    ]
    assert trail(caller, requestId="no-such-request") == []


def test_since_and_until_bound_when_the_change_was_made(caller, company):
    order = OrderFactory(company=company)
    HardwareRequestFactory(order=order)
    Orders = apps.get_model("orders", "OrderAuditEvent")
    Lines = apps.get_model("orders", "HardwareRequestAuditEvent")
    Companies = apps.get_model("companies", "CompanyAuditEvent")
    at = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
    Companies.objects.update(pgh_created_at=at - timedelta(days=1))
    Orders.objects.update(pgh_created_at=at)
    Lines.objects.update(pgh_created_at=at + timedelta(seconds=1))

    assert summary(trail(caller, since="2026-03-01T12:00:00Z")) == [
        ("ORDER_LINE", "CREATED"),
        ("ORDER", "CREATED"),
    ]
    assert summary(trail(caller, until="2026-03-01T13:00:00+01:00")) == [("COMPANY", "CREATED")]
    window = {"since": "2026-03-01T12:00:00Z", "until": "2026-03-01T12:00:01Z"}
    assert summary(trail(caller, **window)) == [("ORDER", "CREATED")]
    # Newest first across tables.
    assert [event["target"]["type"] for event in trail(caller)] == [
        "ORDER_LINE",
        "ORDER",
        "COMPANY",
    ]


@pytest.mark.parametrize(
    ("criterion", "value", "message"),
    [
        ("targetType", "ORDER_LINE", f"Invalid targetType: expected {TARGET_TYPES}"),
        ("targetType", "CATALOG_ITEM", f"Invalid targetType: expected {TARGET_TYPES}"),
        (
            "actorType",
            "ROBOT",
            "Invalid actorType: expected API_CLIENT, OPERATOR, COMMAND, SYSTEM or SCIM",
        ),
        (
            "action",
            "MOVED",
            "Invalid action: expected CREATED, UPDATED, STATUS_CHANGED or DELETED",
        ),
        ("targetId", "not-an-id", "Invalid targetId: expected the id of a record"),
        ("targetId", "1" * 40, "Invalid targetId: expected the id of a record"),
        ("requestId", "x" * 129, "Invalid requestId"),
        ("requestId", "tab\there", "Invalid requestId"),
        (
            "since",
            "2026-03-01",
            (
                "Invalid since: expected an ISO 8601 date-time with its offset, "
                "such as 2026-11-27T09:30:00Z"
            ),
        ),
        (
            "since",
            "2026-03-01T12:00:00",
            (
                "Invalid since: expected an ISO 8601 date-time with its offset, "
                "such as 2026-11-27T09:30:00Z"
            ),
        ),
        (
            "until",
            "yesterday",
            (
                "Invalid until: expected an ISO 8601 date-time with its offset, "
                "such as 2026-11-27T09:30:00Z"
            ),
        ),
        ("limit", "0", "Invalid limit: expected a whole number from 1 to 500"),
        ("cursor", "forged", "Invalid cursor"),
    ],
)
def test_an_unknown_criterion_value_is_refused_naming_the_values_there_are(
    caller, company, criterion, value, message
):
    assert_refused(listed(caller, **{criterion: value}), 400, message)


def follow(client, response):
    url = urlsplit(response["Link"].split(";")[0].strip("<>"))
    return client.get(url.path, {key: values[0] for key, values in parse_qs(url.query).items()})


@pytest.mark.parametrize("criteria", [{}, {"targetType": "ORDER"}], ids=["all", "orders"])
def test_a_walk_through_small_pages_equals_the_whole_list(caller, company, writes, criteria):
    for _ in range(3):
        HardwareFactory(company=company)
    whole = trail(caller, **criteria)

    walked = []
    page = listed(caller, limit="2", **criteria)
    while True:
        walked += page.json()["envelop"]
        assert len(page.json()["envelop"]) <= 2
        if "Link" not in page:
            break
        page = follow(caller, page)

    assert walked == whole
    assert len(whole) > 4


def test_a_page_is_read_in_one_query_after_the_companys(caller, company, writes):
    def queries(**criteria) -> list[str]:
        with CaptureQueriesContext(connection) as captured:
            assert listed(caller, **criteria).status_code == 200
        return [query["sql"] for query in captured]

    listed(caller)  # the key's last use is written once a minute: not in the counts below
    few = queries(limit="2")
    for _ in range(20):
        HardwareFactory(company=company)
    many = queries(limit="20")

    assert len(few) == len(many) == 2
    assert "companies_company" in many[0]
    assert many[1].startswith("SELECT * FROM (")
    assert len(queries(targetType="ORDER", action="STATUS_CHANGED", limit="5")) == 2
    assert len(queries()) == 2  # the whole list, which fits in one chunk


def test_a_trail_longer_than_a_chunk_is_streamed_as_the_same_bytes(caller, writes, monkeypatch):
    at_once = listed(caller)
    monkeypatch.setattr(streaming, "CHUNK_ROWS", 3)

    streamed = listed(caller)

    assert streamed.streaming
    assert b"".join(streamed.streaming_content) == at_once.content
    assert len(at_once.json()["envelop"]) > 6


def test_a_record_with_more_fields_than_one_json_call_takes_is_read_in_parts(
    caller, writes, monkeypatch
):
    """PostgreSQL's functions take 100 arguments: an item's 30-odd fields fit in one call, and a
    record with more is built in parts joined with `||`, as these parts of 4 fields are."""
    whole = trail(caller)
    monkeypatch.setattr(registry, "_PAIRS_PER_OBJECT", 4)

    assert trail(caller) == whole
