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


class Lifecycle(models.TextChoices):
    """Where an item is in its life, beside where it is (HardwareStatus)."""

    ACTIVE = "ACTIVE", "Active"
    AWAITING_WIPE = "AWAITING_WIPE", "Awaiting a data wipe"
    RETIRED = "RETIRED", "Retired"


# The lifecycle's graph (config.kernel.workflow): an offboarding that asks for a wipe lands its
# items AWAITING_WIPE; a CLEAR or PURGE wipe makes them ACTIVE again, a DESTROY retires them;
# any item may be retired; a retired item comes back only when it is found again (LOST,
# STOLEN: hardware.lifecycle).
LIFECYCLE_MOVES = {
    Lifecycle.ACTIVE: (Lifecycle.AWAITING_WIPE, Lifecycle.RETIRED),
    Lifecycle.AWAITING_WIPE: (Lifecycle.ACTIVE, Lifecycle.RETIRED),
    Lifecycle.RETIRED: (Lifecycle.ACTIVE,),
}
HARDWARE_RETIRED = "hardware.retired"
HARDWARE_WIPED = "hardware.wiped"


class RetiredReason(models.TextChoices):
    LOST = "LOST"
    STOLEN = "STOLEN"
    DISPOSED = "DISPOSED"
    RECYCLED = "RECYCLED"
    SOLD = "SOLD"
    DONATED = "DONATED"


# What a retired item may come back from: it was found again.
REINSTATABLE = (RetiredReason.LOST, RetiredReason.STOLEN)


class WipeMethod(models.TextChoices):
    """NIST SP 800-88 Rev. 1's sanitization methods."""

    CLEAR = "CLEAR", "Clear (overwritten by standard commands)"
    PURGE = "PURGE", "Purge (cryptographic or block erase)"
    DESTROY = "DESTROY", "Destroy (shredded, disintegrated, incinerated)"
