"""JSON bodies, plain or wrapped in the interface's request envelope.

A body that is no JSON is `400 Invalid JSON body` (CONTRACT.md), with one detail saying why and
where: `{"field": "data", "message": "Expecting ',' delimiter at line 3, column 5", "line": 3,
"column": 5}` (lines and columns from 1, columns in characters). Both parsers word it alike,
in the standard library's words: the bulk jobs' orjson parser, on a refusal, has the standard
library read the body again for them."""

import json
import re

import orjson
from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from rest_framework.exceptions import ParseError
from rest_framework.parsers import BaseParser, JSONParser, get_encoding

NESTED_TOO_DEEPLY = "JSON nested too deeply"
# The standard library's words that speak to a Python programmer, in a client's.
_REWORDED = {"Unexpected UTF-8 BOM (decode using utf-8-sig)": "Unexpected UTF-8 byte order mark"}
# Python reads NaN and Infinity; JSON has no such numbers. The first one outside a string is
# where the body stops being JSON (the body is JSON up to it).
_STRING_OR_CONSTANT = re.compile(r'"(?:[^"\\]|\\.)*"|(-?Infinity|NaN)', re.DOTALL)


class InvalidJSON(ParseError):
    """A body that is no JSON: `details` holds why, and where when it is one place."""

    def __init__(self, reason: str, *, line: int | None = None, column: int | None = None):
        detail = {"field": "data", "message": reason}
        if line is not None and column is not None:
            # "Unterminated string starting at" (the standard library's) reads on with the place.
            reason = f"{reason.removesuffix(' at')} at line {line}, column {column}"
            detail = {"field": "data", "message": reason, "line": line, "column": column}
        super().__init__(reason)
        self.details = [detail]


class _NotJSONNumber(ValueError):
    pass


def _constant_refused(constant: str):
    raise _NotJSONNumber(constant)


def _place(text: str, position: int) -> dict[str, int]:
    """Line and column (from 1) of the character at `position`, as the standard library counts."""
    return {
        "line": text.count("\n", 0, position) + 1,
        "column": position - text.rfind("\n", 0, position),
    }


def json_read(body: bytes, encoding: str = "utf-8"):
    """`body` as JSON, strictly as DRF reads it (NaN and Infinity are no numbers); else
    InvalidJSON saying why and where."""
    try:
        text = body.decode(encoding)
    except UnicodeDecodeError as error:
        before = body[: error.start].decode(encoding, errors="replace")
        raise InvalidJSON(
            f"Invalid {error.encoding.upper()} byte 0x{body[error.start]:02X}",
            **_place(before, len(before)),
        ) from None
    try:
        return json.loads(text, parse_constant=_constant_refused)
    except json.JSONDecodeError as error:
        reason = _REWORDED.get(error.msg, error.msg)
        raise InvalidJSON(reason, line=error.lineno, column=error.colno) from None
    except _NotJSONNumber as error:
        found = (m.start() for m in _STRING_OR_CONSTANT.finditer(text) if m.group(1))
        position = next(found, None)
        place = {} if position is None else _place(text, position)
        raise InvalidJSON(f"{error} is not a JSON number", **place) from None
    except RecursionError:
        # RecursionError is no ValueError: DRF's parser would let it through as a 500.
        raise InvalidJSON(NESTED_TOO_DEEPLY) from None


class JSONBodyParser(JSONParser):
    """DRF's JSON parser (the charset of the Content-Type, strict numbers), refusing a body
    that is no JSON with why and where."""

    def parse(self, stream, media_type=None, parser_context=None):
        try:
            encoding = get_encoding(parser_context or {})
        except ParseError as error:  # a charset that is no text encoding
            raise InvalidJSON(str(error.detail)) from None
        return json_read(stream.read(), encoding)


class EnvelopeJSONParser(JSONBodyParser):
    """Accepts `{"data": {...}}` (with `request`, `vendor`, `verb` or anything else beside it)
    and plain `{...}` alike, so both give the same result. No write body of the interface has
    an object field named `data`, so a body whose `data` is an object is a wrapped one."""

    def parse(self, stream, media_type=None, parser_context=None):
        return unwrap(super().parse(stream, media_type, parser_context))


def unwrap(body):
    if isinstance(body, dict) and isinstance(body.get("data"), dict):
        return body["data"]
    return body


class LargeJSONBodyParser(BaseParser):
    """A JSON body up to the bytes its setting (`limit_setting`) names, for the one operation
    whose bodies are larger than DATA_UPLOAD_MAX_MEMORY_SIZE (POST /bulk-jobs). DRF hands a
    JSONParser's subclass Django's request.body, which refuses anything past that setting; this
    parser reads the stream itself, up to its own limit, and refuses more the same way (413).
    It reads with orjson, several times faster on bodies this large."""

    media_type = "application/json"
    limit_setting: str

    def parse(self, stream, media_type=None, parser_context=None):
        limit = getattr(settings, self.limit_setting)
        body = stream.read(limit + 1)
        if len(body) > limit:
            raise RequestDataTooBig(f"The body is larger than {self.limit_setting}")
        try:
            return unwrap(orjson.loads(body))
        except orjson.JSONDecodeError as error:
            # Said as the other bodies' refusals are: the standard library reads it again.
            json_read(body)
            # What only orjson refuses (an unpaired surrogate, `"\ud800"`), in its words.
            reason = error.msg[:1].upper() + error.msg[1:]
            raise InvalidJSON(reason, line=error.lineno, column=error.colno) from None
