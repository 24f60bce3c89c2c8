from enum import StrEnum


class AuditEventsListTargetType(StrEnum):
    COMPANY = "COMPANY"
    EMPLOYEE = "EMPLOYEE"
    HARDWARE = "HARDWARE"
    MOVEMENT_REQUEST = "MOVEMENT_REQUEST"
    ORDER = "ORDER"

    def __str__(self) -> str:
        return str(self.value)
