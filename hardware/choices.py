from django.db import models


class HardwareStatus(models.TextChoices):
    EMPLOYEE = "EMPLOYEE"
    STORAGE = "STORAGE"


class Brand(models.TextChoices):
    ACER = "ACER"
    ASUS = "ASUS"
    DELL = "DELL"
    HP = "HP"
    LENOVO = "LENOVO"
    SAMSUNG = "SAMSUNG"
    LG = "LG"
    VAIO = "VAIO"
    MICROSOFT = "MICROSOFT"
    APPLE = "APPLE"


class CreatedThrough(models.TextChoices):
    API = "API"
    ORDER = "ORDER"
    MOVEMENT = "MOVEMENT", "Movement request (offboarding newHardwares)"
    ADMIN = "ADMIN"


# Types whose items carry computer specs (config.kernel.specs.ITEM_SPECS).
TYPES_WITH_SPECS = frozenset({"MACBOOK", "PC"})


# The hardware types of the interface, made by a data migration. Order-only types (the
# extended warranties) are sold on order lines but are never hardware items.
ITEM_TYPE_NAMES = (
    "HEADPHONES",
    "MACBOOK",
    "CHAIR",
    "MOUSE",
    "TRACKPAD",
    "PC",
    "MONITOR",
    "ACCESSORY",
    "PHONE",
    "KEYBOARD",
    "IPHONE",
    "WEBCAM",
)
ORDER_ONLY_TYPE_NAMES = ("EXTENDED_WARRANTY_MAC", "EXTENDED_WARRANTY_WINDOWS")
# Every type: the schema's one HardwareType enum (hardware/api/fields.py).
HARDWARE_TYPE_NAMES = ITEM_TYPE_NAMES + ORDER_ONLY_TYPE_NAMES


def type_image(name: str) -> str:
    """The bundled picture of a hardware type, served with the service's static files."""
    return f"/static/hardware/types/{name.lower()}.svg"
