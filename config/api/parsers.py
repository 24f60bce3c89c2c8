"""JSON bodies, plain or wrapped in the interface's request envelope."""

import orjson
from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from rest_framework.exceptions import ParseError
from rest_framework.parsers import BaseParser, JSONParser


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


class LargeJSONBodyParser(BaseParser):
    """A JSON body up to the bytes its setting (`limit_setting`) names, for the one operation
    whose bodies are larger than DATA_UPLOAD_MAX_MEMORY_SIZE (POST /bulk-jobs). DRF hands a
    JSONParser's subclass Django's request.body, which refuses anything past that setting; this
    parser reads the stream itself, up to its own limit, and refuses more the same way (413)."""

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
            raise ParseError(f"JSON parse error - {error}") from None
