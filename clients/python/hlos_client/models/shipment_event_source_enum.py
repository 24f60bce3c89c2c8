from enum import StrEnum


class ShipmentEventSourceEnum(StrEnum):
    CARRIER = "CARRIER"
    OPERATOR = "OPERATOR"
    SANDBOX = "SANDBOX"

    def __str__(self) -> str:
        return str(self.value)
