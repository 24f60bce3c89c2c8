"""Whole lists longer than a chunk are streamed (config/api/streaming.py): the same bytes as
the answer written at once, refusals still in the error envelope before any byte."""

import pytest

from config.api import streaming
from tests.factories import (
    CompanyFactory,
    EmployeeFactory,
    EventFactory,
    HardwareFactory,
    HardwareRequestFactory,
    MovementRequestFactory,
    OrderFactory,
)
from tests.support import error

pytestmark = pytest.mark.django_db


@pytest.fixture
def items(caller):
    company = CompanyFactory(api_client=caller.api_client, code="STR")
    return [HardwareFactory(company=company, ram="16GB") for _ in range(7)]


def whole_list(caller, **query):
    return caller.get("/hardwares", {"companyCode": "STR", **query})


def test_a_list_longer_than_a_chunk_is_streamed_as_the_same_bytes(caller, items, monkeypatch):
    at_once = whole_list(caller)
    monkeypatch.setattr(streaming, "CHUNK_ROWS", 3)

    streamed = whole_list(caller)

    assert not at_once.streaming
    assert streamed.streaming
    assert streamed.status_code == 200
    assert streamed["Content-Type"] == at_once["Content-Type"]
    assert b"".join(streamed.streaming_content) == at_once.content
    assert len(at_once.json()["envelop"]) == len(items)


@pytest.fixture
def every_kind(caller, items):
    """Seven records of every list, beside the items: each list longer than two chunks of 3."""
    company = items[0].company
    for number in range(7):
        HardwareRequestFactory(order=OrderFactory(company=company))
        MovementRequestFactory(company=company, hardwares=[items[number]])
        EventFactory(company=company)
    EmployeeFactory(company=company)


@pytest.mark.parametrize(
    "path",
    [
        "/employees?companyCode=STR",
        "/hardwares/storages?companyCode=STR",
        "/orders?companyCode=STR",
        "/movement_requests?companyCode=STR",
        "/events?companyCode=STR",
    ],
)
def test_every_list_longer_than_a_chunk_is_streamed_as_the_same_bytes(
    caller, every_kind, monkeypatch, path
):
    at_once = caller.get(path)
    monkeypatch.setattr(streaming, "CHUNK_ROWS", 3)

    streamed = caller.get(path)

    assert not at_once.streaming
    assert streamed.streaming
    assert b"".join(streamed.streaming_content) == at_once.content
    assert len(at_once.json()["envelop"]) >= 7


@pytest.mark.parametrize("chunk_rows", [1, 6, 7])
def test_chunks_meeting_the_lists_end_lose_and_repeat_no_row(
    caller, items, monkeypatch, chunk_rows
):
    at_once = whole_list(caller).content
    monkeypatch.setattr(streaming, "CHUNK_ROWS", chunk_rows)

    answer = whole_list(caller)

    # Seven items: streamed in chunks of 1 or 6, answered at once when one chunk holds them.
    assert answer.streaming is (chunk_rows < 7)
    body = b"".join(answer.streaming_content) if answer.streaming else answer.content
    assert body == at_once


def test_a_refusal_of_a_streamed_list_is_an_error_envelope(caller, items, monkeypatch):
    monkeypatch.setattr(streaming, "CHUNK_ROWS", 3)

    response = whole_list(caller, companyCode="ZZZ")

    assert not response.streaming
    assert response.json() == error(400, "Invalid company code")


def test_the_gateway_answers_a_streamed_list_as_the_direct_call(caller, items, monkeypatch):
    monkeypatch.setattr(streaming, "CHUNK_ROWS", 3)
    direct = whole_list(caller)
    envelope = {"verb": "GET", "request": "hardwares", "vendor": "hlos"}

    through = caller.post(
        "/gateway", {**envelope, "filters": {"companyCode": "STR"}}, format="json"
    )

    assert through.status_code == direct.status_code
    assert b"".join(through.streaming_content) == b"".join(direct.streaming_content)


def test_a_head_of_a_long_list_is_not_streamed(caller, items, monkeypatch):
    monkeypatch.setattr(streaming, "CHUNK_ROWS", 3)

    whole = caller.get("/hardwares", {"companyCode": "STR"})
    head = caller.head("/hardwares", {"companyCode": "STR"})

    assert head.status_code == 200 and not head.streaming
    assert head.content == b""
    assert int(head["Content-Length"]) == len(b"".join(whole.streaming_content))
