"""Fixtures of the shipment tests: the caller's company and a local webhook receiver."""

import pytest

from tests.factories import CompanyFactory
from tests.receivers import Receiver


@pytest.fixture
def receiver(settings):
    settings.WEBHOOK_ALLOW_PRIVATE_NETWORKS = True
    receiver = Receiver(200)
    yield receiver
    receiver.close()


@pytest.fixture
def company(caller):
    return CompanyFactory(api_client=caller.api_client, code="TRK", name="Tracking Co")
