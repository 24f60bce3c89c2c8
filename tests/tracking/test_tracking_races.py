"""Races on real threads and transactions: the database decides them, and nothing a carrier
said is lost or recorded twice."""

from functools import partial

import pytest

from config.kernel.actors import Actor
from config.kernel.shipping import Shipping
from logistics.services import movement_request_move
from tests.factories import CompanyFactory
from tests.support.threads import run_together
from tests.tracking.parcels import onboarding
from tests.tracking.test_shipments import STORY
from tracking.callbacks import tracking_update_accept
from tracking.choices import Provider
from tracking.models import ReceivedUpdate, Shipment, ShipmentEvent, UnmatchedTracking
from tracking.receiving import received_updates_record, tracking_update_receive
from tracking.updates import TrackingEvent, TrackingUpdate

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)

OPERATOR = Actor.command("transition")


def test_an_update_and_the_opening_of_its_shipment_never_miss_each_other():
    company = CompanyFactory()
    movements = [onboarding(company) for _ in range(20)]

    for number, movement in enumerate(movements):
        code = f"RACE-{number}"
        update = TrackingUpdate(tracking_code=code, events=STORY[:1])
        outcomes = run_together(
            partial(tracking_update_receive, provider=Provider.EASYPOST, update=update),
            partial(
                movement_request_move,
                movement_request_id=movement.pk,
                to_status="COORDINATED",
                actor=OPERATOR,
                shipping=Shipping(tracking_code=code),
            ),
        )

        assert not [outcome for outcome in outcomes if isinstance(outcome, BaseException)]
        shipment = Shipment.objects.get(movement_request=movement)
        # Recorded on the shipment, directly or once its move took the kept update.
        assert (shipment.status, shipment.events.count()) == ("IN_TRANSIT", 1), code
    assert not UnmatchedTracking.objects.filter(matched_at__isnull=True).exists()


def test_two_providers_telling_the_same_event_at_once_record_it_once():
    company = CompanyFactory()
    movement = onboarding(company)
    movement_request_move(
        movement_request_id=movement.pk,
        to_status="COORDINATED",
        actor=OPERATOR,
        shipping=Shipping(tracking_code="1Z999AA10123456784"),
    )
    told = TrackingUpdate(
        tracking_code="1Z999AA10123456784",
        events=(TrackingEvent(STORY[2].occurred_at, "DELIVERED", None, "Delivered"),),
    )

    outcomes = run_together(
        *[lambda: tracking_update_receive(provider=Provider.AFTERSHIP, update=told)] * 3
    )

    assert outcomes == [1, 1, 1]
    shipment = Shipment.objects.get(movement_request=movement)
    assert (shipment.status, ShipmentEvent.objects.filter(shipment=shipment).count()) == (
        "DELIVERED",
        1,
    )
    moves = shipment.status_history.exclude(status_from=None)
    assert list(moves.values_list("status_from", "status_to")) == [("PRE_TRANSIT", "DELIVERED")]


def test_two_workers_runs_at_once_share_the_kept_updates_and_record_each_once():
    company = CompanyFactory()
    movements = [onboarding(company) for _ in range(6)]
    for number, movement in enumerate(movements):
        movement_request_move(
            movement_request_id=movement.pk,
            to_status="COORDINATED",
            actor=OPERATOR,
            shipping=Shipping(tracking_code=f"SHARED-{number}"),
        )
    for event in STORY:
        for number in range(len(movements)):
            update = TrackingUpdate(tracking_code=f"SHARED-{number}", events=(event,))
            tracking_update_accept(provider=Provider.EASYPOST, update=update)

    outcomes = run_together(received_updates_record, received_updates_record)

    assert sum(outcomes) == len(STORY) * len(movements), outcomes
    assert not ReceivedUpdate.objects.exists()
    for movement in movements:
        shipment = Shipment.objects.get(movement_request=movement)
        assert (shipment.status, shipment.events.count()) == ("DELIVERED", len(STORY))
