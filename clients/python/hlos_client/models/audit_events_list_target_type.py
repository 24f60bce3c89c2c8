from enum import StrEnum


class AuditEventsListTargetType(StrEnum):
    BULK_JOB = "BULK_JOB"
    COMPANY = "COMPANY"
    EMPLOYEE = "EMPLOYEE"
    HARDWARE = "HARDWARE"
    MOVEMENT_REQUEST = "MOVEMENT_REQUEST"
    ORDER = "ORDER"
    SCIM_TOKEN = "SCIM_TOKEN"
    SHIPMENT = "SHIPMENT"

    def __str__(self) -> str:
        return str(self.value)
