from django.db import models


class MovementType(models.TextChoices):
    ONBOARDING = "ONBOARDING"
    OFFBOARDING = "OFFBOARDING"
    OFF_ON = "OFF_ON"


class MovementStatus(models.TextChoices):
    PROCESSING = "PROCESSING"
    COORDINATED = "COORDINATED"
    DONE = "DONE"
    CANCELLED = "CANCELLED"


class SendTo(models.TextChoices):
    EMPLOYEE = "EMPLOYEE"
    STORAGE = "STORAGE"


class HandledBy(models.TextChoices):
    PROVIDER = "PROVIDER"
    COMPANY = "COMPANY"


# The moves a movement request may make, from each status (CONTRACT.md, Operator moves; and
# "Beyond the interface": CANCELLED, docs/decisions/0084). DONE and CANCELLED are final.
ALLOWED_MOVES = {
    MovementStatus.PROCESSING: (
        MovementStatus.COORDINATED,
        MovementStatus.DONE,
        MovementStatus.CANCELLED,
    ),
    MovementStatus.COORDINATED: (MovementStatus.DONE, MovementStatus.CANCELLED),
    MovementStatus.DONE: (),
    MovementStatus.CANCELLED: (),
}
# Every move tells the company the same way.
MOVE_EVENTS = dict.fromkeys(MovementStatus, "movement_request.status_changed")
