"""What an operator's move of a movement request will do, told before it is made (the admin's
confirmation of final moves): where each carried item lands, as the move lands it
(logistics.services.movement_landing). The event is read from the status graph by the admin."""

from logistics.choices import MovementStatus
from logistics.models import MovementRequest
from logistics.services import movement_landing


def movement_move_preview(movement: MovementRequest, to_status: str) -> list[str]:
    """Sentences, one per thing the move to `to_status` does besides changing the status."""
    if to_status != MovementStatus.DONE:
        return []
    landing = movement_landing(movement)
    if "employee" in landing:
        where = f"lands with {landing['employee'].email} (status EMPLOYEE)"
    else:
        reset = ", factory reset" if landing["factory_reset"] else ""
        where = f"lands in the {landing['storage'].country_code} storage (status STORAGE{reset})"
    # Read as prefetched by the bulk page (MovementPageAdmin.confirmation_queryset).
    items = sorted(movement.hardwares.all(), key=lambda item: (item.serial_number, str(item.pk)))
    return [f"{item} {where}" for item in items]
