"""A web instance told to stop (SIGTERM to gunicorn's master) leaves its load balancer's rotation
before it stops serving: readiness answers 503 while requests are still answered for
GUNICORN_DRAIN_SECONDS, then gunicorn stops gracefully, finishing what it was serving."""

import json
import os
import signal
import socket
import time

import pytest
from django.conf import settings

from companies.models import Company
from tests.conftest import make_caller
from tests.servers import Gunicorn
from tests.support import success

committed = pytest.mark.django_db(transaction=True, serialized_rollback=True)
DRAIN_SECONDS = 2


@pytest.fixture
def server(django_db_setup):
    served = Gunicorn(
        settings.DATABASES["default"],
        GUNICORN_WORKERS="2",
        GUNICORN_DRAIN_SECONDS=str(DRAIN_SECONDS),
    )
    try:
        served.wait_until_up()
        yield served
    finally:
        served.stop()


def call(server, path, headers=None):
    connection = server.connection(timeout=5)
    try:
        connection.request("GET", path, headers=headers or {})
        response = connection.getresponse()
        return response.status, json.loads(response.read())
    finally:
        connection.close()


def exit_code(server, timeout: float) -> int:
    return server.process.wait(timeout=timeout)


@committed
def test_a_stopping_instance_is_not_ready_but_serves_until_the_drain_ends(server):
    caller = make_caller()
    headers = {"Authorization": f"Bearer {caller.raw_key}"}
    assert call(server, "/health/ready")[0] == 200

    os.kill(server.process.pid, signal.SIGTERM)
    stopped_at = time.monotonic()

    # Both workers answer so: each request may land on either.
    for _ in range(4):
        assert call(server, "/health/ready") == (
            503,
            {
                "status": "unavailable",
                "checks": {"shutdown": {"status": "unavailable", "error": "Shutting down"}},
            },
        )
    assert call(server, "/health/live") == (200, {"status": "ok", "checks": {}})
    assert call(server, "/companies", headers) == (200, success([]))
    assert time.monotonic() - stopped_at < DRAIN_SECONDS

    assert exit_code(server, timeout=DRAIN_SECONDS + 10) == 0
    assert time.monotonic() - stopped_at >= DRAIN_SECONDS
    with pytest.raises(ConnectionRefusedError):
        server.socket()


@committed
def test_a_request_in_flight_when_the_drain_ends_is_answered(server):
    caller = make_caller()
    body = b'{"name": "Late Inc", "companyCode": "LAT"}'
    connection = server.socket()
    # Its headers and half its body now; the rest once the instance has closed its sockets.
    connection.sendall(
        b"POST /companies HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        + f"Authorization: Bearer {caller.raw_key}\r\n".encode()
        + b"Content-Type: application/json\r\n"
        + f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n".encode()
        + body[:10]
    )
    time.sleep(0.3)  # a worker has taken it up
    os.kill(server.process.pid, signal.SIGTERM)
    time.sleep(DRAIN_SECONDS + 1)  # the drain is over: the graceful stop has begun
    assert server.process.poll() is None

    connection.sendall(body[10:])
    answer = read_all(connection)

    assert answer.startswith(b"HTTP/1.1 201 Created\r\n"), answer[:200]
    assert Company.objects.get(code="LAT").name == "Late Inc"
    assert exit_code(server, timeout=10) == 0


def test_a_second_sigterm_stops_without_waiting_for_the_drain(django_db_setup):
    served = Gunicorn(settings.DATABASES["default"], GUNICORN_DRAIN_SECONDS="60")
    try:
        served.wait_until_up()
        os.kill(served.process.pid, signal.SIGTERM)
        time.sleep(0.5)
        assert call(served, "/health/ready")[0] == 503
        stopped_at = time.monotonic()
        os.kill(served.process.pid, signal.SIGTERM)

        assert exit_code(served, timeout=15) == 0
        assert time.monotonic() - stopped_at < 10
    finally:
        served.stop()


def read_all(connection: socket.socket) -> bytes:
    connection.settimeout(10)
    chunks = []
    while chunk := connection.recv(65536):
        chunks.append(chunk)
    connection.close()
    return b"".join(chunks)
