"""Queueing a task once a write commits, without letting the broker hold the answer.

A write that queues a task (a webhook's delivery, an e-mail) has committed by the time it
queues it: the answer must not wait on the broker. A Redis that refuses connections fails at
once, but a hung one (stopped, swapping, a network dropping packets) would hold the publish, and
the client's answer, until its socket timeout or forever; clients gave up on committed writes.
So the publish is made by one thread of the process, and the request waits for it at most
`BROKER_PUBLISH_TIMEOUT` seconds. A publish not made in time carries on in that thread (it lands
when the broker answers, or fails); what it would have queued is not lost either way: webhook
events wait in the outbox, where the beat's sweep hands them out (companies.webhooks).

With tasks run in-process (no broker: `make run`), the task runs as before, in the request.
"""

import contextvars
import os
import threading
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as PublishTimedOut

from celery import Task
from django.conf import settings
from django.db import transaction

from config.ops.outages import BROKER, outage_recorded

# Publishes waiting for the thread, at most: past it (a broker hung for long under traffic),
# new ones are not queued in memory, and their tasks are left to the sweeps.
MAX_WAITING = 1000
NOT_QUEUED = "publish(es) not queued (too many waiting)"
NOT_IN_TIME = "publish(es) not made in time"
FAILED = "publish(es) failed"

_lock = threading.Lock()
_waiting = 0
_publisher: ThreadPoolExecutor | None = None
_publisher_pid: int | None = None


def publish_after_commit(task: Task, *args) -> None:
    """`task.delay(*args)` once the caller's transaction commits (at once outside one), within
    BROKER_PUBLISH_TIMEOUT seconds or not at all as far as the caller is concerned."""
    # Robust: whatever a task run in-process raises, the write it follows stands.
    transaction.on_commit(lambda: publish(task, *args), robust=True)


def run_if_in_process(task: Task) -> None:
    """With tasks run in the process (no worker or beat: `make run`), `task` run now, once the
    caller's transaction commits; with workers, nothing: the beat hands it to them."""
    if task.app.conf.task_always_eager:
        transaction.on_commit(task.delay, robust=True)


def publish(task: Task, *args) -> None:
    if task.app.conf.task_always_eager:
        task.delay(*args)
        return
    global _waiting
    with _lock:
        if _waiting >= MAX_WAITING:
            outage_recorded(BROKER, TimeoutError("too many publishes waiting"), NOT_QUEUED)
            return
        _waiting += 1
    try:
        # In the request's context: the task carries its request id (config.ops.request_ids).
        context = contextvars.copy_context()
        future = _thread().submit(context.run, _publish_counted, task, args)
    except RuntimeError as refused:  # the interpreter is shutting down
        _done()
        outage_recorded(BROKER, refused, FAILED)
        return
    try:
        future.result(timeout=settings.BROKER_PUBLISH_TIMEOUT)
    except PublishTimedOut as timed_out:
        outage_recorded(BROKER, timed_out, NOT_IN_TIME)


def _publish_counted(task: Task, args: tuple) -> None:
    try:
        task.delay(*args)
    except Exception as failure:  # whatever the broker's client raises
        outage_recorded(BROKER, failure, FAILED)
    finally:
        _done()


def _done() -> None:
    global _waiting
    with _lock:
        _waiting -= 1


def _thread() -> ThreadPoolExecutor:
    # One per process, made in the process that publishes (gunicorn forks its workers).
    global _publisher, _publisher_pid
    with _lock:
        if _publisher is None or _publisher_pid != os.getpid():
            _publisher = ThreadPoolExecutor(max_workers=1, thread_name_prefix="publisher")
            _publisher_pid = os.getpid()
        return _publisher
