from enum import StrEnum


class StateEnum(StrEnum):
    DELIVERED = "DELIVERED"
    FAILED = "FAILED"
    NO_ENDPOINT = "NO_ENDPOINT"
    PENDING = "PENDING"

    def __str__(self) -> str:
        return str(self.value)
