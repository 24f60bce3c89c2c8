"""A real Celery worker for the tests, in a thread of the test process (so it sees the tests'
settings), consuming a queue of its own: other test runs may share the Redis server, and their
tasks must not be taken by this worker, nor this worker's by theirs. The webhook tests' worker
(tests/companies/test_event_worker.py, test_event_catch_up.py)."""

import os
import sys
import time
import uuid
from contextlib import contextmanager
from pathlib import Path

from celery import signals
from celery.contrib.testing.worker import start_worker
from django.conf import settings
from django.db import connections

from config.celery import app
from tests.servers import REPO, LoggedProcess, database_url


def _close_worker_connections(**kwargs):
    # The worker thread's own database connections would outlive the tests (CONN_MAX_AGE) and
    # keep the test database from being dropped.
    connections.close_all()


@contextmanager
def worker_thread():
    """A solo worker, one task at a time in the order queued, on a queue made the default of the
    app while it runs."""
    queue = f"test-events-{uuid.uuid4().hex}"
    default_queue = app.conf.task_default_queue
    app.conf.task_default_queue = queue
    signals.task_postrun.connect(_close_worker_connections)
    try:
        with start_worker(app, pool="solo", perform_ping_check=False, queues=[queue]):
            yield
    finally:
        signals.task_postrun.disconnect(_close_worker_connections)
        app.conf.task_default_queue = default_queue
        with app.connection_for_write() as connection:
            connection.default_channel.queue_delete(queue)


def wait_for(condition, timeout=10.0):
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out waiting for the worker"
        time.sleep(0.05)


class CeleryProcess(LoggedProcess):
    """`celery -A config worker` (solo, on a queue of its own) or `celery -A config beat`, on the
    test database unless `environment` says otherwise; `stop` kills it with SIGKILL, as a crash
    or a lost machine would."""

    def __init__(self, role: str, tmp_path: Path, loglevel: str = "WARNING", **environment: str):
        self.name = f"celery {role}"
        self.queue = f"test-worker-{uuid.uuid4().hex}"
        command = [sys.executable, "-m", "celery", "-A", "config", role, "--loglevel", loglevel]
        if role == "worker":
            command += ["--pool=solo", "-Q", self.queue, "--without-heartbeat"]
            command += ["--without-gossip", "--without-mingle"]
        else:
            command += ["--schedule", str(tmp_path / f"schedule-{self.queue}")]
        env = os.environ | {"DATABASE_URL": database_url(settings.DATABASES["default"])}
        self.start(command, cwd=REPO, env=env | environment)
