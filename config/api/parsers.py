"""JSON bodies, plain or wrapped in the interface's request envelope."""

from rest_framework.parsers import JSONParser

# Keys that may stand beside `data` in a wrapped body (the interface's request envelope).
ENVELOPE_KEYS = frozenset({"data", "request", "vendor", "verb", "filters"})


class EnvelopeJSONParser(JSONParser):
    """Accepts `{"data": {...}}` (with `request`, `vendor`, `verb` beside it) and plain `{...}`
    alike, so both give the same result. No write body of the interface has a field named
    `data`, so a body whose keys are all envelope keys, `data` among them, is a wrapped one."""

    def parse(self, stream, media_type=None, parser_context=None):
        body = super().parse(stream, media_type, parser_context)
        return unwrap(body)


def unwrap(body):
    if isinstance(body, dict) and "data" in body and body.keys() <= ENVELOPE_KEYS:
        return body["data"]
    return body
