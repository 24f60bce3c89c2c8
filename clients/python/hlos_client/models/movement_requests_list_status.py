from enum import StrEnum


class MovementRequestsListStatus(StrEnum):
    CANCELLED = "CANCELLED"
    COORDINATED = "COORDINATED"
    DONE = "DONE"
    PROCESSING = "PROCESSING"

    def __str__(self) -> str:
        return str(self.value)
