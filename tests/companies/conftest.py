"""Fixtures of the companies tests."""

import pytest

from tests.receivers import Receiver


@pytest.fixture
def receiver_factory(settings):
    settings.WEBHOOK_ALLOW_PRIVATE_NETWORKS = True
    made = []

    def make(*statuses, **kwargs):
        made.append(Receiver(*statuses, **kwargs))
        return made[-1]

    yield make
    for receiver in made:
        receiver.close()
