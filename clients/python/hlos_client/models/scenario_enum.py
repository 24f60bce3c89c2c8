from enum import StrEnum


class ScenarioEnum(StrEnum):
    ATTEMPT_FAIL_THEN_DELIVERED = "ATTEMPT_FAIL_THEN_DELIVERED"
    DELIVERED = "DELIVERED"
    EXCEPTION_CUSTOMS = "EXCEPTION_CUSTOMS"
    LOST = "LOST"
    RETURN_TO_SENDER = "RETURN_TO_SENDER"

    def __str__(self) -> str:
        return str(self.value)
