"""Request bodies sent with `Transfer-Encoding: chunked`, read rather than dropped.

A chunked body has no Content-Length. gunicorn decodes it and hands it on in `wsgi.input`,
marking the stream as ending by itself (`wsgi.input_terminated`), but Django reads
CONTENT_LENGTH bytes of a body, so it read none: a valid chunked `POST /companies` was answered
`name should not be empty`. This WSGI step reads such a body before Django, at most one byte
more than the largest body an endpoint takes (`largest_body`), and gives Django a
Content-Length: a body over its endpoint's limit is refused by that endpoint's check, like any
other. A server that does not decode chunked bodies (no `wsgi.input_terminated`, e.g.
`runserver`) gets a 411 in the error envelope instead of a body misread as empty.
"""

import io

import orjson
from django.conf import settings

from config.api.envelope import error_envelope

LENGTH_REQUIRED_MESSAGE = "This server reads no chunked request bodies: send Content-Length"


def is_chunked(environ) -> bool:
    codings = environ.get("HTTP_TRANSFER_ENCODING", "").lower().split(",")
    return any(coding.strip() == "chunked" for coding in codings)


class ChunkedBodyMiddleware:
    def __init__(self, application):
        self.application = application

    def __call__(self, environ, start_response):
        if is_chunked(environ) and not environ.get("CONTENT_LENGTH"):
            if not environ.get("wsgi.input_terminated"):
                return length_required(start_response)
            limit = largest_body()
            stream = environ["wsgi.input"]
            body = stream.read() if limit is None else stream.read(limit + 1)
            environ["wsgi.input"] = io.BytesIO(body)
            environ["CONTENT_LENGTH"] = str(len(body))
        return self.application(environ, start_response)


def largest_body() -> int | None:
    """The most bytes an endpoint reads (POST /bulk-jobs's own limit, else Django's), or None
    for no limit: a longer body is cut there; a body within it but past another endpoint's
    limit is refused by that endpoint, as one with a Content-Length is."""
    limits = (settings.DATA_UPLOAD_MAX_MEMORY_SIZE, settings.BULK_JOB_MAX_BODY_BYTES)
    return None if None in limits else max(limits)


def length_required(start_response):
    body = orjson.dumps(error_envelope(411, LENGTH_REQUIRED_MESSAGE))
    headers = [("Content-Type", "application/json"), ("Content-Length", str(len(body)))]
    start_response("411 Length Required", headers)
    return [body]
