"""The Celery app. Tasks are found in each app's `tasks.py`; settings are the `CELERY_*` ones."""

import os

from celery import Celery
from celery.signals import worker_process_init

from config.ops import collector
from config.ops.request_ids import connect as connect_request_ids

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("hlos")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
# A task carries the id of the request that queued it (config.ops.request_ids).
connect_request_ids()


# Each worker process (the pool's children) tunes its garbage collector once it has started
# (config/ops/collector.py).
@worker_process_init.connect
def _tune_collector(**kwargs):
    collector.tune_for_serving()
