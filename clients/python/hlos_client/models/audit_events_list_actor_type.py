from enum import StrEnum


class AuditEventsListActorType(StrEnum):
    API_CLIENT = "API_CLIENT"
    COMMAND = "COMMAND"
    OPERATOR = "OPERATOR"
    SCIM = "SCIM"
    SYSTEM = "SYSTEM"

    def __str__(self) -> str:
        return str(self.value)
