from enum import StrEnum


class ShipmentRecordTypeEnum(StrEnum):
    MOVEMENT_REQUEST = "MOVEMENT_REQUEST"
    ORDER = "ORDER"

    def __str__(self) -> str:
        return str(self.value)
