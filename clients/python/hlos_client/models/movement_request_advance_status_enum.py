from enum import StrEnum


class MovementRequestAdvanceStatusEnum(StrEnum):
    COORDINATED = "COORDINATED"
    DONE = "DONE"

    def __str__(self) -> str:
        return str(self.value)
