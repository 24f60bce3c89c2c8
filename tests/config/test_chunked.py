"""config.ops.chunked: a chunked body is handed to Django with its length, within Django's limit.
The whole way, through a real gunicorn, is in test_serving.py."""

import io
import json

from config.ops.chunked import LENGTH_REQUIRED_MESSAGE, ChunkedBodyMiddleware
from tests.support import error


class Recorder:
    """A WSGI application that keeps what it was given and reads its body as Django would."""

    def __call__(self, environ, start_response):
        self.content_length = environ.get("CONTENT_LENGTH")
        self.body = environ["wsgi.input"].read(int(self.content_length or 0))
        start_response("200 OK", [])
        return [b""]


def call(environ):
    application = Recorder()
    answered = {}

    def start_response(status, headers):
        answered["status"] = status
        answered["headers"] = dict(headers)

    body = b"".join(ChunkedBodyMiddleware(application)(environ, start_response))
    return application, answered, body


def chunked_environ(body: bytes, **extra) -> dict:
    return {
        "REQUEST_METHOD": "POST",
        "HTTP_TRANSFER_ENCODING": "chunked",
        "wsgi.input": io.BytesIO(body),
        "wsgi.input_terminated": True,
    } | extra


def test_a_decoded_chunked_body_reaches_the_application_with_its_length():
    application, answered, _ = call(chunked_environ(b'{"name": "Acme"}'))

    assert answered["status"] == "200 OK"
    assert application.content_length == "16"
    assert application.body == b'{"name": "Acme"}'


def test_a_chunked_body_is_read_only_one_byte_past_the_largest_limit_for_its_view_to_refuse(
    settings,
):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 10
    settings.BULK_JOB_MAX_BODY_BYTES = 20

    application, _, _ = call(chunked_environ(b"x" * 100))

    assert application.content_length == "21"
    assert application.body == b"x" * 21


def test_a_chunked_body_the_server_did_not_decode_is_411_in_the_envelope():
    application, answered, body = call(
        chunked_environ(b"5\r\nhello\r\n0\r\n\r\n") | {"wsgi.input_terminated": False}
    )

    assert not hasattr(application, "body")
    assert answered["status"] == "411 Length Required"
    assert answered["headers"]["Content-Type"] == "application/json"
    assert json.loads(body) == error(411, LENGTH_REQUIRED_MESSAGE)


def test_a_body_with_content_length_is_left_alone():
    environ = chunked_environ(b"abcdef", HTTP_TRANSFER_ENCODING="", CONTENT_LENGTH="3")

    application, _, _ = call(environ)

    assert application.content_length == "3"
    assert application.body == b"abc"
