from enum import StrEnum


class HardwareTypeEnum(StrEnum):
    ACCESSORY = "ACCESSORY"
    CHAIR = "CHAIR"
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
