"""Request ids: one id per request, answered in `X-Request-ID`, on every log line written while
the request runs, and on the Celery tasks it queues
(docs/decisions/0048-request-ids-and-logs.md).

The id lives in a context variable: set by `RequestIdMiddleware` when a request comes in (the
caller's own id when it is 1 to 128 printable ASCII characters, else a new one), carried to a
task in its message headers (`before_task_publish`), and set again in the worker while the task
runs (`task_prerun`). `RequestIdFilter` puts it on every log record as `request_id` ("-" when
there is none).
"""

import logging
import re
import uuid
from contextvars import ContextVar

from celery.signals import before_task_publish, task_postrun, task_prerun
from django.core.signals import request_finished

HEADER = "X-Request-ID"
META_KEY = "HTTP_X_REQUEST_ID"
TASK_HEADER = "request_id"
NO_REQUEST_ID = "-"
WELL_FORMED = re.compile(r"[ -~]{1,128}")

_request_id: ContextVar[str | None] = ContextVar("request_id", default=None)


def current_request_id() -> str | None:
    return _request_id.get()


def request_id_for(sent: str | None) -> str:
    """The caller's id when it is well formed (1 to 128 printable ASCII characters), else a
    new one (32 hex digits)."""
    if sent is not None and WELL_FORMED.fullmatch(sent):
        return sent
    return uuid.uuid4().hex


class RequestIdMiddleware:
    """Outermost: every answer, whoever made it, carries the request's id. The id stays set
    until the request is finished, so Django's own line about a refusal (`django.request`,
    written after the middleware returns) carries it too."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        request_id = request_id_for(request.META.get(META_KEY))
        request.request_id = request_id
        _request_id.set(request_id)
        response = self.get_response(request)
        response[HEADER] = request_id
        return response


class RequestIdFilter(logging.Filter):
    """Adds `request_id` to every record a handler writes."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not hasattr(record, "request_id"):
            record.request_id = _request_id.get() or NO_REQUEST_ID
        return True


def _request_done(**kwargs) -> None:
    _request_id.set(None)


def _publishing(headers=None, **kwargs) -> None:
    request_id = _request_id.get()
    if headers is not None and request_id:
        headers.setdefault(TASK_HEADER, request_id)


_previous: ContextVar[object] = ContextVar("request_id_before_task", default=None)


def _task_starting(task=None, **kwargs) -> None:
    # A task queued by a request runs under its id; one run in-process (no broker) keeps the
    # id already set; one from beat has none.
    sent = getattr(task.request, TASK_HEADER, None) if task is not None else None
    _previous.set(_request_id.get())
    if sent:
        _request_id.set(sent)


def _task_done(**kwargs) -> None:
    _request_id.set(_previous.get())


def connect() -> None:
    request_finished.connect(_request_done, dispatch_uid="request_ids.request_done")
    before_task_publish.connect(_publishing, dispatch_uid="request_ids.publishing")
    task_prerun.connect(_task_starting, dispatch_uid="request_ids.task_starting")
    task_postrun.connect(_task_done, dispatch_uid="request_ids.task_done")
