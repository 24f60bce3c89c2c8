"""The Celery app. Tasks are found in each app's `tasks.py`; settings are the `CELERY_*` ones."""

import os

from celery import Celery
from celery.signals import (
    beat_init,
    task_postrun,
    task_prerun,
    worker_process_init,
    worker_ready,
    worker_shutdown,
)

from config.kernel.audit import ActorType, Source, context_begin, context_end
from config.ops import collector
from config.ops.deadlines import bound_tasks
from config.ops.heartbeat import heartbeat_start, heartbeat_stop
from config.ops.request_ids import connect as connect_request_ids
from config.ops.request_ids import current_request_id

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("hlos")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
# A task carries the id of the request that queued it (config.ops.request_ids).
connect_request_ids()
# Each task's database work is bounded (config.ops.deadlines).
bound_tasks()


# Each worker process (the pool's children) tunes its garbage collector once it has started
# (config/ops/collector.py).
@worker_process_init.connect
def _tune_collector(**kwargs):
    collector.tune_for_serving()


# Readiness and the metrics see the workers and beat by their heartbeats in Redis, recorded by a
# daemon thread of the worker's main process and of beat's (config/ops/heartbeat.py).
@worker_ready.connect
def _worker_heartbeat(**kwargs):
    heartbeat_start("worker")


@worker_shutdown.connect
def _worker_heartbeat_stop(**kwargs):
    heartbeat_stop()


@beat_init.connect
def _beat_heartbeat(**kwargs):
    heartbeat_start("beat")


# A task's writes are on the audit trail as the system's, under the task's name and the id of
# the request that queued it (connected after request ids, so that id is set first).
@task_prerun.connect
def _task_on_the_trail(task=None, **kwargs):
    context_begin(
        Source.WORKER,
        actorType=ActorType.SYSTEM.value,
        actorName=task.name if task is not None else None,
        requestId=current_request_id(),
    )


@task_postrun.connect
def _task_off_the_trail(**kwargs):
    context_end()
