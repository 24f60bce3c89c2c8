"""gunicorn's own refusals in the error envelope.

gunicorn answers some requests before Django sees them: a request line or header fields over
its limits (414, 431), a malformed request (400), an unsupported transfer coding (501). It
writes those as small HTML pages through `gunicorn.util.write_error`, its one place for them.
`install` replaces that function with one writing the same status in our JSON envelope, so no
API client ever meets HTML (CONTRACT.md, Transport). gunicorn.conf.py calls it; the function
has kept its signature since gunicorn 19.
"""

from http import HTTPStatus

import orjson
from gunicorn import util

from config.api.envelope import SERVER_ERROR_MESSAGE, error_envelope


def write_json_error(sock, status_int: int, reason: str, mesg: str) -> None:
    """gunicorn's `write_error`, answering the error envelope instead of an HTML page."""
    status = HTTPStatus(status_int)
    message = mesg or (SERVER_ERROR_MESSAGE if status_int >= 500 else status.phrase)
    body = orjson.dumps(error_envelope(status_int, message))
    head = (
        f"HTTP/1.1 {status_int} {status.phrase}\r\n"
        "Connection: close\r\n"
        "Content-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    )
    util.write_nonblock(sock, head.encode("latin-1") + body)


def install() -> None:
    util.write_error = write_json_error
