"""A provider's callback is answered once its update is kept; a worker records it after the
commit, and an update whose task was lost (a broker down, a worker killed) is recorded by the
sweep (tracking.tasks)."""

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.tracking.parcels import advance, onboarding, shipments
from tests.tracking.test_provider_webhooks import (
    EASYPOST,
    UPS_CODE,
    arrival_detail,
    easypost,
    easypost_signature,
    encoded,
)
from tracking.models import ReceivedUpdate
from tracking.tasks import sweep_received_updates

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def secret(settings, eager_tasks):
    settings.EASYPOST_WEBHOOK_SECRET = "easypost-\ufb01xture-secret"


def callback_whose_task_is_lost(client, body: bytes):
    # Outside captureOnCommitCallbacks the test's transaction never commits: the task queued
    # on commit is never sent, as with the broker down when the callback committed.
    signature = easypost_signature(body)
    return client.post(
        EASYPOST, data=body, content_type="application/json", HTTP_X_HMAC_SIGNATURE=signature
    )


def test_an_update_whose_task_was_lost_is_recorded_by_the_sweep(caller, company):
    movement = onboarding(company)
    advance(caller, movement, trackingCode=UPS_CODE)
    body = encoded(easypost(UPS_CODE, arrival_detail(), carrier="UPS"))

    answered = callback_whose_task_is_lost(caller, body)

    assert answered.status_code == 200
    path = f"/movement_requests/{movement.id}"
    assert shipments(caller, path, "TRK")[0]["events"] == []
    assert sweep_received_updates() == 0  # not yet: its task may still be on its way
    ReceivedUpdate.objects.update(received_at=timezone.now() - timedelta(minutes=2))

    assert sweep_received_updates() == 1

    [shipment] = shipments(caller, path, "TRK")
    assert [event["message"] for event in shipment["events"]] == ["Arrival Scan"]
    assert shipment["status"] == "IN_TRANSIT"
    assert not ReceivedUpdate.objects.exists()
    assert sweep_received_updates() == 0
