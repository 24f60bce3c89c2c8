from enum import StrEnum


class MovementStatusEnum(StrEnum):
    CANCELLED = "CANCELLED"
    COORDINATED = "COORDINATED"
    DONE = "DONE"
    PROCESSING = "PROCESSING"

    def __str__(self) -> str:
        return str(self.value)
