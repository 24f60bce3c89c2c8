"""Movement requests: hardware moving between the provider's storages and employees."""

import uuid

from django.db import models

from config.kernel.audit import audited
from config.kernel.numbering import NextNumber
from config.kernel.workflow import StatusChange, StatusField, StatusModel
from logistics.choices import (
    ALLOWED_MOVES,
    MOVE_EVENTS,
    HandledBy,
    MovementStatus,
    MovementType,
    SendTo,
)


@audited()
class MovementRequest(StatusModel):
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    # Taken by the INSERT from its sequence (migration 0004) and returned by it.
    movement_request_number = models.PositiveBigIntegerField(
        unique=True,
        editable=False,
        db_default=NextNumber("logistics_movementrequest_number_seq"),
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    company = models.ForeignKey(
        "companies.Company", on_delete=models.PROTECT, related_name="movement_requests"
    )
    type = models.CharField(max_length=12, choices=MovementType.choices)
    status = StatusField(
        max_length=12,
        choices=MovementStatus.choices,
        db_index=True,
        moves=ALLOWED_MOVES,
        events=MOVE_EVENTS,
        payload="logistics.selectors.movement_request_payload",
    )
    send_to = models.CharField(max_length=8, choices=SendTo.choices)
    handled_by = models.CharField(max_length=8, choices=HandledBy.choices)
    expected_date = models.DateField(null=True, blank=True)
    eta = models.DateField(null=True, blank=True)
    factory_reset = models.BooleanField(null=True, blank=True)
    # A return to storage: its items land awaiting a data wipe (null for the other types).
    wipe = models.BooleanField(null=True, blank=True)
    tracking_code = models.CharField(max_length=100, null=True, blank=True)
    tracking_link = models.URLField(max_length=500, null=True, blank=True)
    date_completed = models.DateTimeField(null=True, blank=True)
    api_client_requester_name = models.CharField(max_length=200, null=True, blank=True)
    requester_email = models.EmailField(null=True, blank=True)
    from_employee = models.ForeignKey(
        "employees.Employee",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="movements_from",
    )
    to_employee = models.ForeignKey(
        "employees.Employee",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="movements_to",
    )
    storage = models.ForeignKey(
        "hardware.Storage", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    hardwares = models.ManyToManyField("hardware.Hardware", related_name="movement_requests")
    # An offboarding the employee's leave opened (logistics.services.leaving): their return
    # cancels it while still PROCESSING. Not shown by the API.
    opened_on_leave = models.BooleanField(default=False, editable=False)

    class Meta:
        ordering = ["-created_at", "-movement_request_number"]
        # The list and its pages (logistics.selectors.MOVEMENT_REQUESTS) read in the second's order.
        indexes = [
            models.Index(fields=["company", "type", "-created_at"]),
            models.Index(fields=["company", "-created_at", "-movement_request_number"]),
        ]

    number_field = "movement_request_number"
    shipping_statuses = (MovementStatus.COORDINATED, MovementStatus.DONE)

    def __str__(self):
        return f"Movement {self.movement_request_number} ({self.type}, {self.status})"


def _carried_item_label(link) -> str:
    return f"{link.hardware} in movement {link.movementrequest.movement_request_number}"


# One row of `hardwares` (Django makes the table): the admin labels each row of its inlines by
# it, which would otherwise read "MovementRequest_hardwares object (2)".
MovementRequest.hardwares.through.__str__ = _carried_item_label


class MovementRequestStatusChange(StatusChange):
    movement_request = models.ForeignKey(
        MovementRequest, on_delete=models.CASCADE, related_name="status_history"
    )
