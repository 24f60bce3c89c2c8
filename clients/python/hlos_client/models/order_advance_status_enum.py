from enum import StrEnum


class OrderAdvanceStatusEnum(StrEnum):
    ACCEPTED = "ACCEPTED"
    CANCELLED = "CANCELLED"
    DELIVERED = "DELIVERED"
    QUOTED = "QUOTED"

    def __str__(self) -> str:
        return str(self.value)
