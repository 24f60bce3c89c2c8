"""A provider's callback is answered once its update is kept; with workers, the beat's next
run records it (tracking.tasks), and nothing is published for it on the way."""

import pytest

from tests.tracking.parcels import advance, onboarding, shipments
from tests.tracking.test_provider_webhooks import (
    EASYPOST,
    UPS_CODE,
    arrival_detail,
    easypost,
    easypost_signature,
    encoded,
)
from tracking.models import ReceivedUpdate, UnmatchedTracking
from tracking.tasks import record_received_updates

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def secret(settings):
    settings.EASYPOST_WEBHOOK_SECRET = "easypost-\ufb01xture-secret"


def callback(client, body: bytes):
    # Tasks are not run in the test's process here: as with workers, the callback only keeps.
    return client.post(
        EASYPOST,
        data=body,
        content_type="application/json",
        HTTP_X_HMAC_SIGNATURE=easypost_signature(body),
    )


def test_a_kept_update_waits_for_the_workers_next_run_which_records_it_once(caller, company):
    movement = onboarding(company)
    advance(caller, movement, trackingCode=UPS_CODE)
    body = encoded(easypost(UPS_CODE, arrival_detail(), carrier="UPS"))

    answered = callback(caller, body)

    assert (answered.status_code, answered.json()["status"]) == (200, "accepted")
    path = f"/movement_requests/{movement.id}"
    assert shipments(caller, path, "TRK")[0]["events"] == []

    assert record_received_updates() == 1

    [shipment] = shipments(caller, path, "TRK")
    assert [event["message"] for event in shipment["events"]] == ["Arrival Scan"]
    assert shipment["status"] == "IN_TRANSIT"
    assert not ReceivedUpdate.objects.exists()
    assert record_received_updates() == 0


def test_a_run_records_the_kept_updates_oldest_first(caller, company):
    codes = ["KEPT-1", "KEPT-2", "KEPT-3"]
    for code in codes:
        answered = callback(caller, encoded(easypost(code, arrival_detail())))
        assert answered.status_code == 202

    assert record_received_updates() == 3

    unmatched = UnmatchedTracking.objects.order_by("received_at", "tracking_code")
    assert list(unmatched.values_list("tracking_code", flat=True)) == codes
    assert not ReceivedUpdate.objects.exists()
