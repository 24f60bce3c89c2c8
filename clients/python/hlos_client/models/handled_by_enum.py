from enum import StrEnum


class HandledByEnum(StrEnum):
    COMPANY = "COMPANY"
    PROVIDER = "PROVIDER"

    def __str__(self) -> str:
        return str(self.value)
