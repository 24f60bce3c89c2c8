"""`make serve` as a fresh deployment runs it (scripts/serve, which make serve runs once
installed): it migrates, starts the Procfile's web, workers and beat under honcho on the test
database and a Redis database of its own, answers /health/ready 200, serves the API under
gunicorn with a key, and delivers a webhook through its own worker. Then everything it
started is stopped, whatever happened."""

import contextlib
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
import redis
from django.conf import settings

from tests.conftest import make_caller
from tests.receivers import Receiver
from tests.schema_check import CheckedHTTPConnection
from tests.servers import GUNICORN_VARIABLES, REPO, database_url, free_port
from tests.tracking.test_provider_webhooks import (
    EASYPOST,
    EASYPOST_SECRET,
    arrival_detail,
    easypost,
    easypost_signature,
    encoded,
)
from tracking.models import UnmatchedTracking

# Its own Redis database on the suite's server (as scripts/contract-check takes 14): the broker
# queue and cache of these processes, flushed before and after.
SERVE_REDIS_URL = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/1").rsplit("/", 1)[0] + "/11"

pytestmark = [
    pytest.mark.serve,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]


def descendants(pid: int) -> set[int]:
    """Every process below `pid` (honcho starts each process in a session of its own, so its
    process group is not theirs)."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, ValueError, IndexError):
            fields = stat.read_text().rpartition(")")[2].split()
            children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found, todo = set(), [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


class Serve:
    def __init__(self, schedule_dir: str, **environment: str):
        self.port = free_port()
        self.log = tempfile.TemporaryFile()  # noqa: SIM115 (open while it runs; closed by stop)
        env = {
            key: value
            for key, value in os.environ.items()
            if key != "DJANGO_SETTINGS_MODULE" and not key.startswith(GUNICORN_VARIABLES)
        }
        env |= {
            "PATH": f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}",
            "DATABASE_URL": database_url(settings.DATABASES["default"]),
            "REDIS_URL": SERVE_REDIS_URL,
            "ENVIRONMENT": "test",
            "DEBUG": "false",
            "ALLOWED_HOSTS": "127.0.0.1",
            "WEBHOOK_ALLOW_PRIVATE_NETWORKS": "true",
            "GUNICORN_BIND": f"127.0.0.1:{self.port}",
            "GUNICORN_WORKERS": "1",
            "CELERY_WORKER_CONCURRENCY": "1",
            "CELERY_BEAT_SCHEDULE_FILENAME": str(Path(schedule_dir) / "celerybeat-schedule"),
            # No connection outlives a request, so none is left for the test database's flush.
            "DB_CONN_MAX_AGE": "0",
        } | environment
        self.process = subprocess.Popen(
            ["scripts/serve"],
            cwd=REPO,
            env=env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def request(self, method: str, path: str, body=None, key: str | None = None, **headers):
        connection = CheckedHTTPConnection("127.0.0.1", self.port, timeout=10)
        headers["Content-Type"] = "application/json"
        if key:
            headers["Authorization"] = f"Bearer {key}"
        if body is not None and not isinstance(body, bytes):
            body = json.dumps(body)
        try:
            connection.request(method, path, body, headers)
            response = connection.getresponse()
            return response.status, json.loads(response.read())
        finally:
            connection.close()

    def wait_until_ready(self, timeout: float = 60) -> dict:
        deadline = time.monotonic() + timeout
        answer = None
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"serve exited:\n{self.log_tail()}")
            with contextlib.suppress(OSError, ValueError):
                status, answer = self.request("GET", "/health/ready")
                if status == 200:
                    return answer
            time.sleep(0.2)
        raise RuntimeError(f"not ready in {timeout}s ({answer}):\n{self.log_tail()}")

    def log_tail(self) -> str:
        self.log.seek(0)
        return self.log.read().decode(errors="replace")[-6000:]

    def stop(self) -> None:
        """SIGTERM to honcho, which stops its processes; SIGKILL to whatever is left."""
        tree = descendants(self.process.pid)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=5)
        for pid in tree | descendants(self.process.pid):
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)
        self.log.close()


@pytest.fixture
def serve_redis():
    broker = redis.Redis.from_url(SERVE_REDIS_URL)
    broker.flushdb()
    yield
    broker.flushdb()


def test_make_serve_is_ready_serves_the_api_and_delivers_webhooks(serve_redis, tmp_path):
    caller = make_caller()
    receiver = Receiver(200)
    served = Serve(str(tmp_path), EASYPOST_WEBHOOK_SECRET=EASYPOST_SECRET)
    try:
        ready = served.wait_until_ready()
        assert {"database", "migrations", "broker", "outbox"} <= set(ready["checks"])

        status, created = served.request(
            "POST",
            "/companies",
            {"companyCode": "SRV", "name": "Served", "webhookUrl": receiver.url},
            key=caller.raw_key,
        )
        assert status == 201, created
        status, answer = served.request("POST", "/companies/SRV/webhook-test", key=caller.raw_key)
        assert status == 200, answer
        [event] = answer["envelop"]

        deadline = time.monotonic() + 30
        while not receiver.requests and time.monotonic() < deadline:
            time.sleep(0.1)
        assert receiver.requests, f"no webhook delivered:\n{served.log_tail()}"
        [delivered] = receiver.requests
        assert delivered["headers"]["webhook-id"] == event["id"]
        assert json.loads(delivered["body"])["type"] == "webhook.test"

        status, unauthorized = served.request("GET", "/companies")
        assert status == 401, unauthorized

        # A carrier's callback is kept, and recorded by the worker on the beat's next run.
        body = encoded(easypost("SERVED-PARCEL", arrival_detail()))
        status, kept = served.request(
            "POST", EASYPOST, body, **{"X-Hmac-Signature": easypost_signature(body)}
        )
        assert (status, kept["status"]) == (202, "unmatched"), kept
        unmatched = UnmatchedTracking.objects.filter(tracking_code="SERVED-PARCEL")
        deadline = time.monotonic() + 30
        while not unmatched.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert unmatched.exists(), f"no carrier update recorded:\n{served.log_tail()}"

        # A bulk job is run by the Procfile's `bulk` worker, on the bulk jobs' queue.
        item = {"firstName": "Bo", "lastName": "Bulk", "email": "bo@example.com"}
        item |= {"governmentDNI": "1", "address": "2 Main Street", "city": "New York"}
        item |= {"postCode": "10001", "countryCode": "US"}
        status, made = served.request(
            "POST",
            "/bulk-jobs",
            {"companyCode": "SRV", "operation": "EMPLOYEES_UPSERT", "items": [item]},
            key=caller.raw_key,
        )
        assert status == 202, made
        job = made["envelop"]
        deadline = time.monotonic() + 30
        while job["status"] != "SUCCEEDED" and time.monotonic() < deadline:
            time.sleep(0.1)
            _, read = served.request(
                "GET", f"/bulk-jobs/{job['id']}?companyCode=SRV", key=caller.raw_key
            )
            job = read["envelop"]
        assert job["status"] == "SUCCEEDED", f"{job}\n{served.log_tail()}"
        # Beat wrote its schedule where it was told, not into the checkout.
        assert list(tmp_path.iterdir())
    finally:
        served.stop()
        receiver.close()
    assert not (REPO / "celerybeat-schedule").exists()
