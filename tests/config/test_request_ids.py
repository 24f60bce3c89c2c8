"""Every answer carries its request's id (X-Request-ID), and so does every log line written
while the request runs; a refusal is logged once."""

import json
import logging
import re
import uuid

import pytest
from django.test import override_settings

from config.ops.request_ids import RequestIdFilter
from tests.factories import CompanyFactory
from tests.log_capture import log_lines

pytestmark = pytest.mark.django_db

GENERATED = re.compile(r"[0-9a-f]{32}")


def test_the_callers_request_id_is_answered_back(caller):
    response = caller.get("/companies", HTTP_X_REQUEST_ID="abc-123 / retry 2")

    assert response.status_code == 200
    assert response["X-Request-ID"] == "abc-123 / retry 2"


@pytest.mark.parametrize("sent", [None, "", "x" * 129, "caf\u00e9", "tab\there"])
def test_an_absent_or_malformed_request_id_is_replaced_by_a_new_one(caller, sent):
    headers = {} if sent is None else {"HTTP_X_REQUEST_ID": sent}

    first = caller.get("/companies", **headers)
    second = caller.get("/companies", **headers)

    assert GENERATED.fullmatch(first["X-Request-ID"])
    assert GENERATED.fullmatch(second["X-Request-ID"])
    assert first["X-Request-ID"] != second["X-Request-ID"]


def test_a_request_id_of_128_characters_is_kept(caller):
    sent = "~" * 128
    assert caller.get("/companies", HTTP_X_REQUEST_ID=sent)["X-Request-ID"] == sent


def test_errors_and_unknown_paths_carry_the_request_id(caller, anonymous):
    unauthorized = anonymous.get("/companies", HTTP_X_REQUEST_ID="r-401")
    unknown = caller.get("/no/such/path", HTTP_X_REQUEST_ID="r-404")
    refused = caller.post("/companies", {}, format="json", HTTP_X_REQUEST_ID="r-400")

    assert (unauthorized.status_code, unauthorized["X-Request-ID"]) == (401, "r-401")
    assert (unknown.status_code, unknown["X-Request-ID"]) == (404, "r-404")
    assert (refused.status_code, refused["X-Request-ID"]) == (400, "r-400")
    assert unknown.json()["message"] == "Cannot GET /no/such/path: no such endpoint"


def test_the_gateway_answers_with_the_id_of_the_call(caller):
    CompanyFactory(api_client=caller.api_client)
    listing = {"verb": "GET", "request": "companies", "vendor": "hlos"}
    order_id = uuid.uuid4()
    unknown = {"verb": "GET", "request": f"orders/{order_id}", "vendor": "hlos"}

    found = caller.post("/gateway", listing, format="json", HTTP_X_REQUEST_ID="gw-1")
    with log_lines() as lines:
        missing = caller.post("/gateway", unknown, format="json", HTTP_X_REQUEST_ID="gw-2")

    assert (found.status_code, found["X-Request-ID"]) == (200, "gw-1")
    assert missing["X-Request-ID"] == "gw-2"
    assert missing.status_code == caller.get(f"/orders/{order_id}").status_code == 400
    # The dispatched call's refusal is the gateway's answer, logged once.
    assert len(lines) == 1
    assert "WARNING django.request [gw-2] Bad Request: /gateway" in lines[0]


def test_a_refusal_is_logged_once_with_its_request_id_as_json(caller):
    with log_lines("json") as lines:
        response = caller.post("/companies", {}, format="json", HTTP_X_REQUEST_ID="abc")

    assert response.status_code == 400
    records = [json.loads(line) for line in lines]
    assert [(r["level"], r["logger"], r["message"]) for r in records] == [
        ("WARNING", "django.request", "Bad Request: /companies")
    ]
    [record] = records
    assert record["request_id"] == "abc"
    assert record["status_code"] == 400
    assert {"time", "level", "logger", "message", "request_id"} <= set(record)


def test_an_unknown_path_is_logged_once_in_text_with_its_request_id(caller):
    with log_lines("text") as lines:
        caller.get("/no/such/path", HTTP_X_REQUEST_ID="abc")

    assert len(lines) == 1
    expected = r"\S+ \S+ WARNING django\.request \[abc\] Not Found: /no/such/path"
    assert re.fullmatch(expected, lines[0])


def test_a_line_outside_any_request_has_no_request_id():
    with log_lines("json") as lines:
        logging.getLogger("hlos.test").warning("between requests")

    assert json.loads(lines[0])["request_id"] == "-"


def test_every_answer_in_the_schema_documents_the_request_id(anonymous):
    schema = anonymous.get("/schema/", {"format": "json"}).json()

    header = schema["components"]["headers"]["X-Request-ID"]
    assert header["schema"]["maxLength"] == 128
    assert "/metrics" not in schema["paths"]
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            for code, response in operation["responses"].items():
                assert response["headers"]["X-Request-ID"] == {
                    "$ref": "#/components/headers/X-Request-ID"
                }, (method, path, code)


def writers_of(logger_name: str, level: int) -> list[logging.Handler]:
    """The project's handlers (not pytest's) that would write a record of this logger."""
    record = logging.LogRecord(logger_name, level, __file__, 0, "line", None, None)
    handlers, logger = [], logging.getLogger(logger_name)
    while logger is not None:
        handlers += [
            handler
            for handler in logger.handlers
            if level >= handler.level
            and handler.filter(record)
            and not type(handler).__module__.startswith("_pytest")
        ]
        logger = logger.parent if logger.propagate else None
    return handlers


@override_settings(DEBUG=True)
def test_djangos_lines_are_written_once_even_in_debug():
    [handler] = writers_of("django.request", logging.WARNING)

    assert any(isinstance(f, RequestIdFilter) for f in handler.filters)


@pytest.mark.urls("tests.config.urls")
@override_settings(DEBUG=True)
def test_an_error_page_turned_into_an_envelope_is_logged_once(caller):
    caller.raise_request_exception = False
    with log_lines() as lines:
        response = caller.get("/test/plain-boom", HTTP_X_REQUEST_ID="boom-1")

    assert (response.status_code, response["X-Request-ID"]) == (500, "boom-1")
    assert response.json()["statusCode"] == 500
    [line] = [line for line in lines if "django.request" in line]
    assert "ERROR django.request [boom-1] Internal Server Error: /test/plain-boom" in line
