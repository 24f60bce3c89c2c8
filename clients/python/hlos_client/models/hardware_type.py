from enum import StrEnum


class HardwareType(StrEnum):
    ACCESSORY = "ACCESSORY"
    CHAIR = "CHAIR"
    EXTENDED_WARRANTY_MAC = "EXTENDED_WARRANTY_MAC"
    EXTENDED_WARRANTY_WINDOWS = "EXTENDED_WARRANTY_WINDOWS"
    HEADPHONES = "HEADPHONES"
    IPHONE = "IPHONE"
    KEYBOARD = "KEYBOARD"
    MACBOOK = "MACBOOK"
    MONITOR = "MONITOR"
    MOUSE = "MOUSE"
    PC = "PC"
    PHONE = "PHONE"
    TRACKPAD = "TRACKPAD"
    WEBCAM = "WEBCAM"

    def __str__(self) -> str:
        return str(self.value)
