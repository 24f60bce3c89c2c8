"""Movement requests in the operator's `transition` command (registered by logistics.apps)."""

from config.api.identifiers import uuid_or_400
from config.transitions import Move
from logistics import services
from logistics.choices import MovementStatus

INVALID_ID = "Invalid MovementRequest id"


def movement_transition(move: Move) -> str:
    movement = services.movement_request_move(
        movement_request_id=uuid_or_400(move.record_id, INVALID_ID),
        to_status=move.status_in(MovementStatus),
        actor=move.actor,
        shipping=move.shipping,
    )
    return movement.status
