from enum import StrEnum


class Brand(StrEnum):
    ACER = "ACER"
    APPLE = "APPLE"
    ASUS = "ASUS"
    DELL = "DELL"
    HP = "HP"
    LENOVO = "LENOVO"
    LG = "LG"
    MICROSOFT = "MICROSOFT"
    SAMSUNG = "SAMSUNG"
    VAIO = "VAIO"

    def __str__(self) -> str:
        return str(self.value)
