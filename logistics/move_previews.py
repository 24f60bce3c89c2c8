"""What an operator's move of a movement request will do, told before it is made (the admin's
confirmation of final moves): where each carried item lands at DONE, as the move lands it
(logistics.services.movement_landing), or where it stays at CANCELLED. The event is read from
the status graph by the admin."""

from logistics.choices import MovementStatus, MovementType
from logistics.models import MovementRequest
from logistics.services import movement_landing


def movement_move_preview(movement: MovementRequest, to_status: str) -> list[str]:
    """Sentences, one per thing the move to `to_status` does besides changing the status."""
    if to_status == MovementStatus.DONE:
        where = _landing(movement)
    elif to_status == MovementStatus.CANCELLED:
        where = _staying(movement)
    else:
        return []
    # Read as prefetched by the bulk page (MovementPageAdmin.confirmation_queryset).
    items = sorted(movement.hardwares.all(), key=lambda item: (item.serial_number, str(item.pk)))
    return [f"{item} {where}" for item in items]


def _landing(movement: MovementRequest) -> str:
    landing = movement_landing(movement)
    if "employee" in landing:
        return f"lands with {landing['employee'].email} (status EMPLOYEE)"
    reset = ", factory reset" if landing["factory_reset"] else ""
    return f"lands in the {landing['storage'].country_code} storage (status STORAGE{reset})"


def _staying(movement: MovementRequest) -> str:
    """Cancelled, the items stay where the request took them from, out of movement."""
    if movement.type == MovementType.ONBOARDING:
        return f"stays in the {movement.storage.country_code} storage, no longer in movement"
    return f"stays with {movement.from_employee.email}, no longer in movement"
