"""/health/ready tells the truth, fast: it answers within a second whatever hangs, 503 only when
this instance cannot serve, and sees the Celery workers and beat by their heartbeats (degraded,
still 200, when none beats). Real gunicorn, real `celery worker` and `celery beat` processes, a
real socket that never answers."""

import contextlib
import json
import socket
import threading
import time
from pathlib import Path

import pytest
from django.conf import settings
from django.test import override_settings

from config.celery import app
from config.ops.heartbeat import heartbeats_forget
from tests.servers import Gunicorn
from tests.workers import CeleryProcess

pytestmark = pytest.mark.django_db

TOKEN = "readiness-s3cret"
# Short, so a stopped worker is seen within seconds: a beat a second, degraded after 3.
INTERVAL = 1.0
MAX_AGE = 3.0


@contextlib.contextmanager
def silent_port():
    """A local port that accepts connections and never answers on them: a PostgreSQL stopped by
    SIGSTOP, or one whose host still acknowledges while the server does not answer."""
    listener = socket.create_server(("127.0.0.1", 0))
    held = []

    def accept():
        with contextlib.suppress(OSError):  # the listener shut down: the test is over
            while True:
                held.append(listener.accept()[0])

    threading.Thread(target=accept, daemon=True).start()
    try:
        yield listener.getsockname()[1]
    finally:
        listener.shutdown(socket.SHUT_RDWR)
        listener.close()
        for connection in held:
            connection.close()


def ready_of(server, token: str | None = None) -> tuple[int, dict, str, float]:
    """Status, body, raw body and seconds taken by one GET /health/ready on `server`."""
    headers = {"Host": "127.0.0.1"} | ({"Authorization": f"Bearer {token}"} if token else {})
    started = time.monotonic()
    connection = server.connection(timeout=10)
    try:
        connection.request("GET", "/health/ready", headers=headers)
        response = connection.getresponse()
        raw = response.read().decode()
        return response.status, json.loads(raw), raw, time.monotonic() - started
    finally:
        connection.close()


def threads_of_workers(server) -> int:
    """OS threads of the gunicorn master's worker processes, as `ps -T` counts them."""
    workers = [
        process
        for process in Path("/proc").iterdir()
        if process.name.isdigit() and parent_of(process) == server.process.pid
    ]
    assert workers, "no gunicorn worker found"
    return sum(len(list((worker / "task").iterdir())) for worker in workers)


def parent_of(process: Path) -> int | None:
    try:
        # /proc/<pid>/stat: "pid (name) state ppid ...", the name possibly holding spaces.
        return int((process / "stat").read_text().rsplit(")", 1)[1].split()[1])
    except OSError:  # gone meanwhile
        return None


def test_a_database_that_never_answers_is_503_within_a_second_every_time_without_its_address():
    with silent_port() as port:
        hung = {**settings.DATABASES["default"], "HOST": "127.0.0.1", "PORT": port}
        server = Gunicorn(
            hung,
            REDIS_URL="",
            METRICS_TOKEN=TOKEN,
            # The connection attempt stays stuck for the whole test (libpq's own timeout, longer).
            DB_CONNECT_TIMEOUT="60",
            # One process of one request thread: the threads counted are readiness's.
            GUNICORN_WORKERS="1",
            GUNICORN_THREADS="1",
        )
        try:
            server.wait_until_up()
            answers = [ready_of(server) for _ in range(2)]
            threads = threads_of_workers(server)
            answers += [ready_of(server) for _ in range(4)]
            threads_after = threads_of_workers(server)
            _, with_token, _, _ = ready_of(server, token=TOKEN)
        finally:
            server.stop()

    for status, body, raw, seconds in answers:
        assert seconds < 1.0
        assert status == 503
        assert body["status"] == "unavailable"
        assert body["checks"]["database"] == {"status": "unavailable", "error": "Timed out"}
        assert body["checks"]["migrations"] == {
            "status": "unavailable",
            "error": "Database unavailable",
        }
        assert str(port) not in raw and "127.0.0.1" not in raw
    # The stuck check is waited for, not tried again beside itself: no thread piles up.
    assert threads_after <= threads
    # The token's holder reads how long the check has been waiting: since the first call, six
    # calls of 0.9 s ago.
    database = with_token["checks"]["database"]
    assert database["error"] == "Timed out"
    assert database["detail"].startswith("No answer in ")
    assert float(database["detail"].split()[3]) > 5.0


# --- the workers and beat, seen by their heartbeats ------------------------------------------


@pytest.fixture
def celery_processes(tmp_path):
    """Starts Celery processes for the test; kills every one at its end."""
    started: list[CeleryProcess] = []

    def start(role: str) -> CeleryProcess:
        started.append(CeleryProcess(role, tmp_path, HEARTBEAT_INTERVAL_SECONDS=str(INTERVAL)))
        return started[-1]

    heartbeats_forget()
    yield start
    for process in started:
        process.stop()
    heartbeats_forget()
    with app.connection_for_write() as connection:
        for process in started:
            connection.default_channel.queue_delete(process.queue)
        # What beat queued for the default queue: no worker of these tests takes it.
        connection.default_channel.queue_delete(app.conf.task_default_queue)


def ready_until(anonymous, condition, process=None, timeout=30.0) -> tuple[dict, float]:
    """Readiness polled until `condition(body)`; every answer meanwhile is 200. The last body and
    the seconds it took."""
    started = time.monotonic()
    while True:
        response = anonymous.get("/health/ready")
        assert response.status_code == 200, response.content
        body = response.json()
        if condition(body):
            return body, time.monotonic() - started
        if process is not None and process.process.poll() is not None:
            raise RuntimeError(f"{process.name} exited:\n{process.log_tail()}")
        assert time.monotonic() - started < timeout, body
        time.sleep(0.2)


def status_of(role: str):
    return lambda body: body["checks"][role]["status"]


@override_settings(HEALTH_WORKER_MAX_AGE_SECONDS=MAX_AGE)
def test_a_stopped_worker_degrades_readiness_without_503_and_a_restarted_one_clears_it(
    anonymous, celery_processes
):
    worker = celery_processes("worker")
    body, _ = ready_until(anonymous, lambda body: status_of("workers")(body) == "ok", worker)
    assert body["checks"]["workers"]["seen"] == 1
    assert body["checks"]["workers"]["lastSeenSeconds"] <= MAX_AGE

    worker.stop()
    body, seconds = ready_until(anonymous, lambda body: status_of("workers")(body) == "degraded")

    assert seconds <= MAX_AGE + 2 * INTERVAL
    assert body["status"] == "degraded"
    workers = body["checks"]["workers"]
    assert (workers["error"], workers["seen"], workers["maxAgeSeconds"]) == (
        "No worker seen",
        0,
        MAX_AGE,
    )
    assert workers["lastSeenSeconds"] >= MAX_AGE
    assert body["checks"]["database"] == {"status": "ok"}

    restarted = celery_processes("worker")
    body, _ = ready_until(anonymous, lambda body: status_of("workers")(body) == "ok", restarted)
    assert body["checks"]["workers"]["seen"] == 1


@override_settings(HEALTH_WORKER_MAX_AGE_SECONDS=MAX_AGE, METRICS_ENABLED=True, METRICS_TOKEN="")
def test_a_stopped_beat_degrades_readiness_and_both_are_seen_in_the_metrics(
    anonymous, celery_processes
):
    worker, beat = celery_processes("worker"), celery_processes("beat")
    ready_until(anonymous, lambda body: status_of("workers")(body) == "ok", worker)
    body, _ = ready_until(anonymous, lambda body: body["status"] == "ok", beat)
    assert body["checks"]["beat"]["seen"] == 1
    scrape = anonymous.get("/metrics").content.decode()

    beat.stop()
    body, seconds = ready_until(anonymous, lambda body: status_of("beat")(body) == "degraded")

    for role in ("worker", "beat"):
        [line] = [line for line in scrape.splitlines() if line.startswith(f"hlos_{role}_last")]
        assert 0 <= float(line.split()[1]) <= MAX_AGE
    assert seconds <= MAX_AGE + 2 * INTERVAL
    assert body["status"] == "degraded"
    assert body["checks"]["beat"]["error"] == "No beat seen"
    assert body["checks"]["workers"]["status"] == "ok"


@override_settings(METRICS_ENABLED=True, METRICS_TOKEN="")
def test_last_seen_gauges_are_infinite_when_none_beat_and_absent_without_redis(anonymous, settings):
    heartbeats_forget()

    scrape = anonymous.get("/metrics").content.decode()
    settings.REDIS_URL = ""
    without_redis = anonymous.get("/metrics").content.decode()

    assert "hlos_worker_last_seen_seconds +Inf" in scrape
    assert "hlos_beat_last_seen_seconds +Inf" in scrape
    assert "_last_seen_seconds" not in without_redis
