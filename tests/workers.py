"""A real Celery worker for the tests, in a thread of the test process (so it sees the tests'
settings), consuming a queue of its own: other test runs may share the Redis server, and their
tasks must not be taken by this worker, nor this worker's by theirs. The webhook tests' worker
(tests/companies/test_event_worker.py, test_event_catch_up.py)."""

import time
import uuid
from contextlib import contextmanager

from celery import signals
from celery.contrib.testing.worker import start_worker
from django.db import connections

from config.celery import app


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
