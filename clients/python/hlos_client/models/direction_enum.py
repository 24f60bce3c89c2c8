from enum import StrEnum


class DirectionEnum(StrEnum):
    OUTBOUND = "OUTBOUND"
    RETURN = "RETURN"

    def __str__(self) -> str:
        return str(self.value)
