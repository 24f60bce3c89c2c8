from enum import StrEnum


class HardwaresListLifecycle(StrEnum):
    ACTIVE = "ACTIVE"
    AWAITING_WIPE = "AWAITING_WIPE"
    RETIRED = "RETIRED"

    def __str__(self) -> str:
        return str(self.value)
