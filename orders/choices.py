from django.db import models


class OrderStatus(models.TextChoices):
    PENDING = "PENDING"
    QUOTED = "QUOTED"
    ACCEPTED = "ACCEPTED"
    CANCELLED = "CANCELLED"
    DELIVERED = "DELIVERED"


class SendTo(models.TextChoices):
    EMPLOYEE = "EMPLOYEE"
    STORAGE = "STORAGE"
    OFFICE = "OFFICE"
    QUOTE_ONLY = "QUOTE_ONLY"


class ExtraService(models.TextChoices):
    ENROLL_ABM = "ENROLL_ABM"
    HASH_EXTRACTION = "HASH_EXTRACTION"


# The moves an order may make, from each status (interface, Order status; CONTRACT.md,
# Operator moves). Cancel and confirm by the API are two of them.
ALLOWED_MOVES = {
    OrderStatus.PENDING: (OrderStatus.QUOTED, OrderStatus.CANCELLED),
    OrderStatus.QUOTED: (OrderStatus.ACCEPTED, OrderStatus.CANCELLED),
    OrderStatus.ACCEPTED: (OrderStatus.DELIVERED,),
    OrderStatus.CANCELLED: (),
    OrderStatus.DELIVERED: (),
}
# The event that tells the company of each move.
MOVE_EVENTS = {
    OrderStatus.QUOTED: "order.quoted",
    OrderStatus.ACCEPTED: "order.accepted",
    OrderStatus.DELIVERED: "order.delivered",
    OrderStatus.CANCELLED: "order.cancelled",
}
# While lines and alternatives may still change.
EDITABLE_STATUSES = (OrderStatus.PENDING, OrderStatus.QUOTED)
