from enum import StrEnum


class CompanySourceEnum(StrEnum):
    INTERNAL = "INTERNAL"

    def __str__(self) -> str:
        return str(self.value)
