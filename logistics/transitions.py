"""Movement requests in the operator's `transition` command
(config/management/commands/transition.py)."""

from config.kernel.commands import Move, record_id
from logistics import services
from logistics.choices import MovementStatus
from logistics.models import MovementRequest

INVALID_ID = "Invalid MovementRequest id"


def movement_transition(move: Move) -> str:
    movement = services.movement_request_move(
        movement_request_id=record_id(MovementRequest, move.record_id, invalid_message=INVALID_ID),
        to_status=move.status_in(MovementStatus),
        actor=move.actor,
        shipping=move.shipping,
    )
    return movement.status
