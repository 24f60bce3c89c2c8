from enum import StrEnum


class HardwareStatusEnum(StrEnum):
    EMPLOYEE = "EMPLOYEE"
    STORAGE = "STORAGE"

    def __str__(self) -> str:
        return str(self.value)
