from django.db import models


class Carrier(models.TextChoices):
    UPS = "UPS", "UPS"
    FEDEX = "FEDEX", "FedEx"
    DHL_EXPRESS = "DHL_EXPRESS", "DHL Express"
    USPS = "USPS", "USPS"
    UNKNOWN = "UNKNOWN", "Unknown"


class Direction(models.TextChoices):
    # To the employee (an onboarding, an employee-to-employee move, an order).
    OUTBOUND = "OUTBOUND"
    # Back from the employee (an offboarding).
    RETURN = "RETURN"


class ShipmentStatus(models.TextChoices):
    """The carrier-agnostic statuses, after EasyPost's Tracker (AfterShip's tags map onto
    them, tracking.providers)."""

    PRE_TRANSIT = "PRE_TRANSIT"
    IN_TRANSIT = "IN_TRANSIT"
    OUT_FOR_DELIVERY = "OUT_FOR_DELIVERY"
    DELIVERED = "DELIVERED"
    AVAILABLE_FOR_PICKUP = "AVAILABLE_FOR_PICKUP"
    RETURN_TO_SENDER = "RETURN_TO_SENDER"
    FAILURE = "FAILURE"
    CANCELLED = "CANCELLED"
    UNKNOWN = "UNKNOWN"


class EventSource(models.TextChoices):
    CARRIER = "CARRIER"
    OPERATOR = "OPERATOR"
    SANDBOX = "SANDBOX"


# The records that hold shipments, as a shipment's answer names its own (`record.type`).
RECORD_TYPES = (("MOVEMENT_REQUEST", "Movement request"), ("ORDER", "Order"))


class Provider(models.TextChoices):
    """The tracking services whose callbacks the service takes (tracking.providers)."""

    AFTERSHIP = "AFTERSHIP", "AfterShip"
    EASYPOST = "EASYPOST", "EasyPost"


# The endings: a shipment DELIVERED or CANCELLED may still come back to its sender, and one
# RETURN_TO_SENDER stays so. An ending applies whenever it happened; any other status only
# when it happened after the one the shipment shows (events arrive out of order).
ENDINGS = (ShipmentStatus.DELIVERED, ShipmentStatus.CANCELLED, ShipmentStatus.RETURN_TO_SENDER)
_UNDER_WAY = [status for status in ShipmentStatus if status not in ENDINGS]
ALLOWED_MOVES = {
    **{
        status: tuple(other for other in ShipmentStatus if other != status) for status in _UNDER_WAY
    },
    ShipmentStatus.DELIVERED: (ShipmentStatus.RETURN_TO_SENDER,),
    ShipmentStatus.CANCELLED: (ShipmentStatus.RETURN_TO_SENDER,),
    ShipmentStatus.RETURN_TO_SENDER: (),
}
SHIPMENT_STATUS_CHANGED = "shipment.status_changed"
MOVE_EVENTS = dict.fromkeys(ShipmentStatus, SHIPMENT_STATUS_CHANGED)
# Delivery exceptions an operator looks into (the admin's Work waiting).
EXCEPTIONS = (
    ShipmentStatus.FAILURE,
    ShipmentStatus.RETURN_TO_SENDER,
    ShipmentStatus.AVAILABLE_FOR_PICKUP,
)
