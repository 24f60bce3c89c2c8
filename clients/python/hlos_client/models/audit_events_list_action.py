from enum import StrEnum


class AuditEventsListAction(StrEnum):
    CREATED = "CREATED"
    DELETED = "DELETED"
    STATUS_CHANGED = "STATUS_CHANGED"
    UPDATED = "UPDATED"

    def __str__(self) -> str:
        return str(self.value)
