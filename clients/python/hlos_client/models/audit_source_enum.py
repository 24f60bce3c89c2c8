from enum import StrEnum


class AuditSourceEnum(StrEnum):
    ADMIN = "ADMIN"
    API = "API"
    COMMAND = "COMMAND"
    SANDBOX = "SANDBOX"
    WORKER = "WORKER"

    def __str__(self) -> str:
        return str(self.value)
