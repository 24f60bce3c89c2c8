"""Fixtures of the orders tests."""

import pytest

from config.celery import app


@pytest.fixture
def eager_tasks():
    """Queued tasks run at once, in the test (the tests have a broker, so tasks are not eager;
    Celery read CELERY_TASK_ALWAYS_EAGER when it was configured, so the app is told directly).
    With it, an e-mail queued on commit lands in `mailoutbox` instead of in the broker, where
    a test would never see it."""
    before = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = before


@pytest.fixture
def committing(django_capture_on_commit_callbacks, eager_tasks):
    """`with committing() as callbacks:` runs what the block left for its commit when the block
    ends, as a real commit would (the tests' own transaction never commits): the e-mail tasks
    run at once, into `mailoutbox`. `callbacks` lists what was left."""
    return lambda: django_capture_on_commit_callbacks(execute=True)
