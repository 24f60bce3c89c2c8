"""The bare limit of a carrier's callback (bench/tracking.py serves it under the same gunicorn
settings as the service): what bench/limit_tracking_urls.py does, without Django. A bare WSGI
callable that

1. reads the raw body, and checks EasyPost's signature over it (`X-Hmac-Signature:
   hmac-sha256-hex=<hex HMAC-SHA256>`, the same secret `EASYPOST_WEBHOOK_SECRET`, NFKD
   normalised as EasyPost's libraries do, compared with `hmac.compare_digest`): 401 otherwise;
2. inserts the body as JSON in ONE statement into `bench_tracking_received_bare` (a copy of the
   service's `tracking_receivedupdate`, which bench/tracking.py makes: `LIKE ... INCLUDING
   ALL`, its index on `received_at` included), and answers 200 with a small JSON body.

The floor of the Django stack: the Django-stack limit over this one is what Django (its
handler, the project's middleware, a view, its database connection) costs a callback. One
connection per thread, in autocommit (the insert its own transaction): under gunicorn's
gthread workers a worker serves several callbacks at once, and one connection per process would
make them queue for it, which Django, with a connection per thread, does not. psycopg prepares
the statement after its fifth use, as it does by default. Environment: `DATABASE_URL`,
`EASYPOST_WEBHOOK_SECRET`.
"""

import hashlib
import hmac
import os
import threading
import unicodedata
import uuid

import orjson
import psycopg

from bench.tracking_stories import LIMIT_TABLES, PATH

SIGNATURE_PREFIX = b"hmac-sha256-hex="
_KEY = unicodedata.normalize("NFKD", os.environ["EASYPOST_WEBHOOK_SECRET"]).encode()
INSERT = (
    f"INSERT INTO {LIMIT_TABLES['bare']} (id, received_at, provider, update) "
    "VALUES (%s, now(), 'EASYPOST', %s::jsonb)"
)
JSON = [("Content-Type", "application/json")]
ACCEPTED = orjson.dumps({"status": "accepted"})

_local = threading.local()


def _connection() -> psycopg.Connection:
    # Opened on a thread's first callback, so each worker (a fork) and thread has its own.
    connection = getattr(_local, "connection", None)
    if connection is None or connection.closed:
        connection = psycopg.connect(
            os.environ["DATABASE_URL"], autocommit=True, options="-c TimeZone=UTC"
        )
        _local.connection = connection
    return connection


def _answer(start_response, status: str, body: dict) -> list[bytes]:
    start_response(status, JSON)
    return [orjson.dumps(body)]


def application(environ, start_response):
    if environ["PATH_INFO"] != PATH:
        return _answer(start_response, "404 Not Found", {"status": "unknown path"})
    if environ["REQUEST_METHOD"] != "POST":
        return _answer(start_response, "405 Method Not Allowed", {"status": "POST only"})
    body = environ["wsgi.input"].read(int(environ.get("CONTENT_LENGTH") or 0))
    expected = SIGNATURE_PREFIX + hmac.digest(_KEY, body, hashlib.sha256).hex().encode()
    signature = environ.get("HTTP_X_HMAC_SIGNATURE", "").encode("latin-1", errors="replace")
    if not hmac.compare_digest(expected, signature):
        return _answer(start_response, "401 Unauthorized", {"status": "refused"})
    _connection().execute(INSERT, [uuid.uuid4(), body.decode()])
    start_response("200 OK", JSON)
    return [ACCEPTED]
