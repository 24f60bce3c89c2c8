from enum import StrEnum


class MovementRequestAdvanceStatusEnum(StrEnum):
    CANCELLED = "CANCELLED"
    COORDINATED = "COORDINATED"
    DONE = "DONE"

    def __str__(self) -> str:
        return str(self.value)
