"""Fixtures of the companies tests."""

import pytest
from celery import signals

from tests.receivers import Receiver


def _logging_left_as_configured(**kwargs):
    pass


@pytest.fixture(scope="session", autouse=True)
def logging_left_to_django():
    """A worker started in the tests (celery.contrib.testing's start_worker) sets the root
    logger's level to its own, ERROR, unless a receiver of `setup_logging` answers for the
    logging configuration; only the first start of a session was undone (by django.setup), so
    a second module with a worker hid every warning from the log captures of the modules after
    it. With this receiver, the logging stays as settings.LOGGING made it."""
    signals.setup_logging.connect(_logging_left_as_configured)
    yield
    signals.setup_logging.disconnect(_logging_left_as_configured)


@pytest.fixture
def receiver_factory(settings):
    settings.WEBHOOK_ALLOW_PRIVATE_NETWORKS = True
    made = []

    def make(*statuses, **kwargs):
        made.append(Receiver(*statuses, **kwargs))
        return made[-1]

    yield make
    # Every receiver is closed, even after one raised (a webhook the schema refused); then the
    # first error is raised, naming the others.
    errors = []
    for receiver in made:
        try:
            receiver.close()
        except Exception as error:
            errors.append(error)
    if errors:
        for other in errors[1:]:
            errors[0].add_note(f"Another receiver raised too: {other!r}")
        raise errors[0]
