from enum import StrEnum


class WipeMethodEnum(StrEnum):
    CLEAR = "CLEAR"
    DESTROY = "DESTROY"
    PURGE = "PURGE"

    def __str__(self) -> str:
        return str(self.value)
