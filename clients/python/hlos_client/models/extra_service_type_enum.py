from enum import StrEnum


class ExtraServiceTypeEnum(StrEnum):
    ENROLL_ABM = "ENROLL_ABM"
    HASH_EXTRACTION = "HASH_EXTRACTION"

    def __str__(self) -> str:
        return str(self.value)
