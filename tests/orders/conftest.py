"""Fixtures of the orders tests."""

import pytest


@pytest.fixture
def committing(django_capture_on_commit_callbacks, eager_tasks):
    """`with committing() as callbacks:` runs what the block left for its commit when the block
    ends, as a real commit would (the tests' own transaction never commits): the e-mail tasks
    run at once, into `mailoutbox`. `callbacks` lists what was left."""
    return lambda: django_capture_on_commit_callbacks(execute=True)
