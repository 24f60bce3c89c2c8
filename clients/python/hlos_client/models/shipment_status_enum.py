from enum import StrEnum


class ShipmentStatusEnum(StrEnum):
    AVAILABLE_FOR_PICKUP = "AVAILABLE_FOR_PICKUP"
    CANCELLED = "CANCELLED"
    DELIVERED = "DELIVERED"
    FAILURE = "FAILURE"
    IN_TRANSIT = "IN_TRANSIT"
    OUT_FOR_DELIVERY = "OUT_FOR_DELIVERY"
    PRE_TRANSIT = "PRE_TRANSIT"
    RETURN_TO_SENDER = "RETURN_TO_SENDER"
    UNKNOWN = "UNKNOWN"

    def __str__(self) -> str:
        return str(self.value)
