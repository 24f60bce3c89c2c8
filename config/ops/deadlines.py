"""A deadline of our own on the database, for a server that has stopped answering.

PostgreSQL's `statement_timeout` is the server's: a server that is hung (stopped, swapping, its
host gone, a network dropping packets) enforces nothing, and libpq waits on its socket forever.
TCP keepalives and `tcp_user_timeout` do not help either while the server's kernel still
acknowledges what is sent. So a request (or a Celery task) runs with a deadline on its thread's
connection: if its work is not over by then, a watchdog thread shuts the connection's socket
down. libpq's wait ends at once, with a connection error that the service answers 503 like any
outage (config.ops.outages), and Django replaces the connection at the end of the request.

One watchdog thread per process, waking every `CHECK_INTERVAL` seconds to look at the deadlines
armed (one per request or task running: a handful); arming and disarming cost a lock and a dict
entry. Shutting a socket down (not closing it) is safe from another thread: the descriptor
stays the connection's, and only its next read or write fails.
"""

import contextlib
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass

from celery.signals import task_postrun, task_prerun
from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.backends.base.base import BaseDatabaseWrapper

# How often the watchdog looks at the deadlines: a cut comes this much late at most.
CHECK_INTERVAL = 0.2


@dataclass(eq=False)
class _Deadline:
    at: float
    database: BaseDatabaseWrapper


_lock = threading.Lock()
_armed: set[_Deadline] = set()
_watchdog: threading.Thread | None = None


def arm(seconds: float) -> _Deadline:
    """A deadline `seconds` from now on the calling thread's database connection (the one it
    has, or the one it will open)."""
    deadline = _Deadline(at=time.monotonic() + seconds, database=connections[DEFAULT_DB_ALIAS])
    with _lock:
        _armed.add(deadline)
        _watchdog_running()
    return deadline


def disarm(deadline: _Deadline) -> None:
    with _lock:
        _armed.discard(deadline)


@contextlib.contextmanager
def database_deadline(seconds: float) -> Iterator[None]:
    """The database work inside is cut after `seconds` (no deadline if `seconds` is 0)."""
    if not seconds:
        yield
        return
    deadline = arm(seconds)
    try:
        yield
    finally:
        disarm(deadline)


def _watchdog_running() -> None:
    # Started on first use, in the process that arms (gunicorn and Celery fork their workers:
    # a thread of the parent would not be in them).
    global _watchdog
    if _watchdog is None or not _watchdog.is_alive():
        _watchdog = threading.Thread(target=_watch, name="database-deadlines", daemon=True)
        _watchdog.start()


def _watch() -> None:
    while True:
        time.sleep(CHECK_INTERVAL)
        now = time.monotonic()
        with _lock:
            expired = [deadline for deadline in _armed if deadline.at <= now]
            for deadline in expired:
                _armed.discard(deadline)
                _cut(deadline.database)


def _cut(database: BaseDatabaseWrapper) -> None:
    """Shut the socket of `database`'s connection down, if it has one open."""
    connection = database.connection
    if connection is None or connection.closed:
        return
    # Closed meanwhile: nothing left to cut. The socket is a duplicate of the connection's
    # descriptor, closed here; the shutdown applies to the connection itself.
    with (
        contextlib.suppress(Exception),
        socket.fromfd(connection.pgconn.socket, socket.AF_INET, socket.SOCK_STREAM) as sock,
    ):
        sock.shutdown(socket.SHUT_RDWR)


class DatabaseDeadlineMiddleware:
    """Each request's database work is cut after DB_REQUEST_TIMEOUT seconds."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        with database_deadline(settings.DB_REQUEST_TIMEOUT):
            return self.get_response(request)


# The deadlines of the tasks running in a thread, innermost last: a task run in-process (no
# broker) runs inside the request or the task that queued it.
_running_tasks = threading.local()


def _task_deadlines() -> list[_Deadline | None]:
    if not hasattr(_running_tasks, "deadlines"):
        _running_tasks.deadlines = []
    return _running_tasks.deadlines


def _task_starting(task=None, **kwargs) -> None:
    # A task may declare a bound of its own (`@shared_task(database_timeout=...)`).
    seconds = getattr(task, "database_timeout", None) or settings.DB_TASK_TIMEOUT
    _task_deadlines().append(arm(seconds) if seconds else None)


def _task_done(**kwargs) -> None:
    deadlines = _task_deadlines()
    deadline = deadlines.pop() if deadlines else None
    if deadline is not None:
        disarm(deadline)


def bound_tasks() -> None:
    """Each Celery task's database work is cut after DB_TASK_TIMEOUT seconds (config.celery)."""
    task_prerun.connect(_task_starting, dispatch_uid="deadlines.task_starting")
    task_postrun.connect(_task_done, dispatch_uid="deadlines.task_done")
