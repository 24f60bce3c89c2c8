"""A body that is no JSON is 400 `Invalid JSON body` (CONTRACT.md), with one detail saying why
and where: the line and column (from 1, in characters) in the message and as numbers. Both
parsers say it alike: every operation's (the standard library's) and POST /bulk-jobs' (orjson's,
config/api/parsers.py)."""

import pytest

from tests.factories import CompanyFactory
from tests.support import assert_refused

pytestmark = pytest.mark.django_db

INVALID_JSON = "Invalid JSON body"
# One operation read by each parser.
PATHS = ["/employees", "/bulk-jobs"]


@pytest.fixture(autouse=True)
def company(caller):
    return CompanyFactory(api_client=caller.api_client, code="JSN")


def posted(caller, path: str, body: bytes, content_type: str = "application/json"):
    return caller.generic("POST", path, body, content_type=content_type)


def where(message: str, line: int, column: int) -> list[dict]:
    return [
        {
            "field": "data",
            "message": f"{message} at line {line}, column {column}",
            "line": line,
            "column": column,
        }
    ]


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize(
    ("body", "details"),
    [
        (
            b'{\n  "companyCode": "JSN",\n  "firstName": "Ana"\n  "lastName": "Silva"\n}',
            where("Expecting ',' delimiter", 4, 3),
        ),
        (
            b'{"companyCode": "JSN",}',
            where("Expecting property name enclosed in double quotes", 1, 23),
        ),
        (b'{"firstName": "Ana', where("Unterminated string starting", 1, 15)),
        (b'{"firstName": "An\ta"}', where("Invalid control character", 1, 18)),
        (b'{"companyCode": "JSN"} {}', where("Extra data", 1, 24)),
        (
            b"{'companyCode': 'JSN'}",
            where("Expecting property name enclosed in double quotes", 1, 2),
        ),
        # Columns count characters, not bytes: é is two bytes of UTF-8 (byte 23, character 22).
        (b'{"firstName": "Ren\xc3\xa9" "x"}', where("Expecting ',' delimiter", 1, 22)),
        (b"  \n ", where("Expecting value", 2, 2)),
        # Python reads NaN and Infinity; JSON has no such numbers.
        (b'{"note": "NaN", "amount": NaN}', where("NaN is not a JSON number", 1, 27)),
        (b'{"amount": -Infinity}', where("-Infinity is not a JSON number", 1, 12)),
        # JSON is UTF-8: é in Latin-1 is not.
        (b'{"firstName": "Ren\xe9"}', where("Invalid UTF-8 byte 0xE9", 1, 19)),
        (b'\xef\xbb\xbf{"companyCode": "JSN"}', where("Unexpected UTF-8 byte order mark", 1, 1)),
    ],
    ids=[
        "missing-comma",
        "trailing-comma",
        "unterminated-string",
        "control-character",
        "extra-data",
        "single-quotes",
        "characters-not-bytes",
        "white-space-only",
        "nan",
        "infinity",
        "not-utf-8",
        "byte-order-mark",
    ],
)
def test_a_body_that_is_no_json_says_why_at_which_line_and_column(caller, path, body, details):
    assert_refused(posted(caller, path, body), 400, INVALID_JSON, details)


@pytest.mark.parametrize("path", PATHS)
def test_a_body_nested_too_deeply_says_so(caller, path):
    body = b"[" * 100_000 + b"]" * 100_000

    response = posted(caller, path, body)

    assert_refused(
        response, 400, INVALID_JSON, [{"field": "data", "message": "JSON nested too deeply"}]
    )


def test_a_charset_that_is_no_text_encoding_is_named(caller):
    response = posted(
        caller, "/employees", b'{"companyCode": "JSN"}', "application/json; charset=bz2_codec"
    )

    message = 'Unsupported charset "bz2_codec" in request Content-Type header.'
    assert_refused(response, 400, INVALID_JSON, [{"field": "data", "message": message}])


@pytest.mark.parametrize(
    ("path", "message"),
    [
        ("/employees", "Missing required field: companyCode"),
        ("/bulk-jobs", "Missing required field: companyCode"),
    ],
)
def test_an_empty_body_is_no_json_error_but_a_body_without_its_fields(caller, path, message):
    assert_refused(posted(caller, path, b""), 400, message)


def test_the_gateway_says_why_and_where_too(caller):
    response = posted(caller, "/gateway", b'{"verb": "GET",\n "request": orders}')

    assert_refused(response, 400, INVALID_JSON, where("Expecting value", 2, 13))


def test_the_gateway_answers_a_caller_without_a_key_401_whatever_the_body(anonymous):
    response = anonymous.generic("POST", "/gateway", b"{", content_type="application/json")

    assert response.status_code == 401
