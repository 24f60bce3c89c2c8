"""A movement request follows its shipments (tracking.services, registered by logistics.apps):
besides showing them and taking the carrier's ETA, for a company that asks for it
(`completeOnDelivery`), a parcel delivered to the employee completes the request."""

from logistics.choices import MovementStatus, MovementType
from logistics.models import MovementRequest
from logistics.selectors import OPEN_STATUSES
from logistics.services.moves import movement_request_move
from tracking.choices import Direction, ShipmentStatus
from tracking.services import ShipmentMoved

# The requests whose outbound parcel reaches the employee who keeps the hardware.
COMPLETED_ON_DELIVERY = (MovementType.ONBOARDING, MovementType.OFF_ON)


def movement_follows_shipment(moved: ShipmentMoved) -> None:
    shipment = moved.shipment
    # Locked by tracking already, as it took the shipment's news.
    movement = MovementRequest.objects.select_related("company").get(
        pk=shipment.movement_request_id
    )
    delivered = (
        moved.status_changed
        and shipment.status == ShipmentStatus.DELIVERED
        and shipment.direction == Direction.OUTBOUND
    )
    if (
        delivered
        and movement.company.complete_on_delivery
        and movement.type in COMPLETED_ON_DELIVERY
        and movement.status in OPEN_STATUSES
    ):
        movement_request_move(
            movement_request_id=movement.pk, to_status=MovementStatus.DONE, actor=moved.actor
        )
