from enum import StrEnum


class CreatedThroughEnum(StrEnum):
    ADMIN = "ADMIN"
    API = "API"
    MOVEMENT = "MOVEMENT"
    ORDER = "ORDER"

    def __str__(self) -> str:
        return str(self.value)
