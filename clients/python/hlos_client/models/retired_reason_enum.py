from enum import StrEnum


class RetiredReasonEnum(StrEnum):
    DISPOSED = "DISPOSED"
    DONATED = "DONATED"
    LOST = "LOST"
    RECYCLED = "RECYCLED"
    SOLD = "SOLD"
    STOLEN = "STOLEN"

    def __str__(self) -> str:
        return str(self.value)
