"""The garbage collector's tuning for server processes (config/ops/collector.py), run in a process
of its own: it changes the collector of the process it runs in."""

import subprocess
import sys

import pytest
from django.conf import settings

from config.ops.collector import YOUNG_THRESHOLD

TUNED = """
import gc
from config.ops import collector
before = gc.get_threshold()
collector.tune_for_serving()
after = gc.get_threshold()
print(after[0], after[1:] == before[1:], gc.get_freeze_count() > 0, gc.isenabled())
"""


def test_a_tuned_process_freezes_what_it_holds_and_collects_its_young_objects_less_often():
    result = subprocess.run(
        [sys.executable, "-c", TUNED], capture_output=True, text=True, check=True
    )

    assert result.stdout.split() == [str(YOUNG_THRESHOLD), "True", "True", "True"]


GUNICORN_WORKER = """
import gc, runpy
runpy.run_path("gunicorn.conf.py")["post_worker_init"](None)
print(gc.get_threshold()[0])
"""
CELERY_WORKER = """
import gc
from celery.signals import worker_process_init
import config.celery
worker_process_init.send(sender=None)
print(gc.get_threshold()[0])
"""


@pytest.mark.parametrize("started", [GUNICORN_WORKER, CELERY_WORKER], ids=["gunicorn", "celery"])
def test_each_started_web_and_worker_process_is_tuned(started):
    result = subprocess.run(
        [sys.executable, "-c", started],
        capture_output=True,
        text=True,
        check=True,
        cwd=settings.BASE_DIR,
    )

    assert result.stdout.split()[-1] == str(YOUNG_THRESHOLD)
