"""The Celery app. Tasks are found in each app's `tasks.py`; settings are the `CELERY_*` ones."""

import os

from celery import Celery

from config.request_ids import connect as connect_request_ids

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("hlos")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
# A task carries the id of the request that queued it (config.request_ids).
connect_request_ids()
