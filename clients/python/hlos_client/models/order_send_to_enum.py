from enum import StrEnum


class OrderSendToEnum(StrEnum):
    EMPLOYEE = "EMPLOYEE"
    OFFICE = "OFFICE"
    QUOTE_ONLY = "QUOTE_ONLY"
    STORAGE = "STORAGE"

    def __str__(self) -> str:
        return str(self.value)
