from enum import StrEnum


class CarrierEnum(StrEnum):
    DHL_EXPRESS = "DHL_EXPRESS"
    FEDEX = "FEDEX"
    UNKNOWN = "UNKNOWN"
    UPS = "UPS"
    USPS = "USPS"

    def __str__(self) -> str:
        return str(self.value)
