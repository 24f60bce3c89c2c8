"""JSON bodies, plain or wrapped in the interface's request envelope."""

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser


class JSONBodyParser(JSONParser):
    """DRF's JSON parser, also refusing bodies nested too deep to read (RecursionError is no
    ValueError, so DRF would let it through as a 500)."""

    def parse(self, stream, media_type=None, parser_context=None):
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError("JSON nested too deeply") from None


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
