from enum import StrEnum


class MovementRequestsListType(StrEnum):
    OFFBOARDING = "OFFBOARDING"
    OFF_ON = "OFF_ON"
    ONBOARDING = "ONBOARDING"

    def __str__(self) -> str:
        return str(self.value)
