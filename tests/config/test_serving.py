"""The service under the gunicorn of gunicorn.conf.py, through real sockets: slow clients do
not stall it, chunked bodies are read, and over-long requests are answered in the envelope."""

import json
import time

import pytest
from django.conf import settings

from companies.models import Company
from tests.conftest import make_caller
from tests.servers import Gunicorn
from tests.support import error, success

# For the tests whose data the server must see (committed, visible to its connections).
committed = pytest.mark.django_db(transaction=True, serialized_rollback=True)


@pytest.fixture(scope="module")
def server(django_db_setup):
    # One worker: every slow client lands on the worker that must still answer.
    served = Gunicorn(settings.DATABASES["default"], GUNICORN_WORKERS="1")
    try:
        served.wait_until_up()
        yield served
    finally:
        served.stop()


def get(server, path, headers, timeout=5):
    connection = server.connection(timeout=timeout)
    try:
        connection.request("GET", path, headers=headers)
        response = connection.getresponse()
        return response, response.read()
    finally:
        connection.close()


@committed
def test_slow_clients_do_not_stall_a_normal_request(server):
    caller = make_caller()
    headers = {"Authorization": f"Bearer {caller.raw_key}"}
    slow = []
    try:
        # Authenticated bodies that announce 1000 bytes and send one, so the view waits for
        # the rest (two of them stalled the sync workers of the probe).
        for _ in range(3):
            connection = server.socket()
            connection.sendall(
                b"POST /companies HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                + f"Authorization: Bearer {caller.raw_key}\r\n".encode()
                + b"Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"
            )
            slow.append(connection)
        # Headers sent slowly: a few bytes, then nothing more for now.
        for _ in range(2):
            connection = server.socket()
            connection.sendall(b"GET /companies HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slo")
            slow.append(connection)
        time.sleep(0.3)  # the worker has taken them up

        started = time.monotonic()
        response, body = get(server, "/companies", headers, timeout=3)
        elapsed = time.monotonic() - started
    finally:
        for connection in slow:
            connection.close()

    assert response.status == 200
    assert json.loads(body) == success([])
    assert elapsed < 1


@committed
def test_a_chunked_post_creates_the_company(server):
    caller = make_caller()
    connection = server.connection()
    try:
        # An iterable body without Content-Length goes out chunked, one chunk per piece.
        pieces = [b'{"name": "Chunked', b' Inc", "compan', b'yCode": "CHK"}']
        connection.request(
            "POST",
            "/companies",
            body=iter(pieces),
            headers={
                "Authorization": f"Bearer {caller.raw_key}",
                "Content-Type": "application/json",
                "Transfer-Encoding": "chunked",
            },
            encode_chunked=True,
        )
        response = connection.getresponse()
        body = json.loads(response.read())
    finally:
        connection.close()

    assert response.status == 201, body
    assert body["envelop"][0]["name"] == "Chunked Inc"
    company = Company.objects.get(code="CHK")
    assert company.api_client == caller.api_client


@committed
def test_a_realistic_long_url_and_header_reach_django(server):
    caller = make_caller()
    headers = {"Authorization": f"Bearer {caller.raw_key}", "X-Trace": "t" * 20_000}

    # Over gunicorn's defaults (4094 for the request line, 8190 for a header field).
    response, body = get(server, "/companies?note=" + "n" * 8_000, headers)

    assert response.status == 200
    assert json.loads(body) == success([])


@pytest.mark.parametrize(
    ("path", "headers", "status"),
    [
        ("/companies?note=" + "n" * 10_000, {}, 414),
        ("/companies", {"X-Trace": "t" * 40_000}, 431),
        ("/companies", {f"X-Trace-{number}": "t" for number in range(101)}, 431),
    ],
    ids=["request line over 8190 bytes", "header field over 32 KiB", "over 100 header fields"],
)
def test_requests_over_gunicorns_limits_are_refused_in_the_envelope(server, path, headers, status):
    response, body = get(server, path, headers)

    assert response.status == status
    assert response.getheader("Content-Type") == "application/json"
    answer = json.loads(body)
    assert answer == error(status, answer["message"])
    assert answer["message"]


def test_a_malformed_request_is_refused_in_the_envelope(server):
    with server.socket() as connection:
        connection.sendall(b"GET /companies HTTP/1.1\r\nHost: 127.0.0.1\r\nNo colon\r\n\r\n")
        raw = b""
        while chunk := connection.recv(65536):
            raw += chunk

    head, _, body = raw.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 400 Bad Request\r\n")
    assert b"Content-Type: application/json" in head
    answer = json.loads(body)
    assert answer == error(400, answer["message"])
