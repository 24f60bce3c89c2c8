"""The Celery app. Tasks are found in each app's `tasks.py`; settings are the `CELERY_*` ones."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("hlos")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
