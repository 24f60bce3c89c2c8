"""A real Celery worker for the tests, in a thread of the test process (so it sees the tests'
settings), consuming a queue of its own: other test runs may share the Redis server, and their
tasks must not be taken by this worker, nor this worker's by theirs. The webhook tests' worker
(tests/companies/test_event_worker.py, test_event_catch_up.py)."""

import json
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
from kombu import Exchange, Queue

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


def queue_delete(name: str) -> None:
    """The queue `name` a worker consumed (`-Q name`) or tasks were routed to, deleted from the
    broker with its messages and its binding, and the messages a killed worker held
    unacknowledged, which Redis would put back on it after its visibility timeout.

    Declared on this connection first: a Redis connection deletes only the bindings it declared
    itself (kombu's virtual transports keep them per connection), so `queue_delete` on a fresh
    connection alone deletes nothing."""
    queue = Queue(name, Exchange(name, type="direct"), routing_key=name)
    with app.connection_for_write() as connection:
        channel = connection.default_channel
        bound = queue(channel)
        bound.declare()
        bound.delete()
        held = channel.client.hgetall(channel.unacked_key)
        for tag, message in held.items():
            _, _, routing_key = json.loads(message)
            if routing_key == name:
                channel.client.hdel(channel.unacked_key, tag)
                channel.client.zrem(channel.unacked_index_key, tag)


def wait_for(condition, timeout=10.0):
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out waiting for the worker"
        time.sleep(0.05)


class CeleryProcess(LoggedProcess):
    """`celery -A config worker` (solo, on a queue of its own) or `celery -A config beat`, on the
    test database unless `environment` says otherwise; `stop` kills it with SIGKILL, as a crash
    or a lost machine would. `queue` names the worker's queue (another worker's, to take over
    its work), a new one by default."""

    def __init__(
        self,
        role: str,
        tmp_path: Path,
        loglevel: str = "WARNING",
        queue: str | None = None,
        **environment: str,
    ):
        self.name = f"celery {role}"
        self.queue = queue or f"test-worker-{uuid.uuid4().hex}"
        command = [sys.executable, "-m", "celery", "-A", "config", role, "--loglevel", loglevel]
        if role == "worker":
            command += ["--pool=solo", "-Q", self.queue, "--without-heartbeat"]
            command += ["--without-gossip", "--without-mingle"]
        else:
            command += ["--schedule", str(tmp_path / f"schedule-{self.queue}")]
        env = os.environ | {"DATABASE_URL": database_url(settings.DATABASES["default"])}
        self.start(command, cwd=REPO, env=env | environment)
