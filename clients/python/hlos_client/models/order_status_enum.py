from enum import StrEnum


class OrderStatusEnum(StrEnum):
    ACCEPTED = "ACCEPTED"
    CANCELLED = "CANCELLED"
    DELIVERED = "DELIVERED"
    PENDING = "PENDING"
    QUOTED = "QUOTED"

    def __str__(self) -> str:
        return str(self.value)
