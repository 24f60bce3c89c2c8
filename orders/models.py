"""Hardware orders: a company's request for hardware, quoted, confirmed and delivered."""

import uuid

from django.db import models

from config.kernel.audit import audited
from config.kernel.database import JSONField
from config.kernel.numbering import NextNumber
from config.kernel.workflow import StatusChange, StatusField, StatusModel
from orders.choices import ALLOWED_MOVES, MOVE_EVENTS, OrderStatus, SendTo


class Reseller(models.Model):
    """A reseller the provider buys through in a country; shown on API-made orders."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    code = models.CharField(max_length=50, unique=True)
    country_code = models.CharField(max_length=2, db_index=True)

    class Meta:
        ordering = ["country_code", "code"]

    def __str__(self):
        return f"{self.code} ({self.country_code})"


@audited()
class Order(StatusModel):
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    # Taken by the INSERT from its sequence (migration 0005) and returned by it.
    order_number = models.PositiveBigIntegerField(
        unique=True, editable=False, db_default=NextNumber("orders_order_number_seq")
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    company = models.ForeignKey(
        "companies.Company", on_delete=models.PROTECT, related_name="orders"
    )
    status = StatusField(
        max_length=10,
        choices=OrderStatus.choices,
        db_index=True,
        moves=ALLOWED_MOVES,
        events=MOVE_EVENTS,
        payload="orders.selectors.order_payload",
    )
    country_code = models.CharField(max_length=2)
    send_to = models.CharField(max_length=10, choices=SendTo.choices)
    employee = models.ForeignKey(
        "employees.Employee", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    currency = models.CharField(max_length=3, default="USD")
    date = models.DateField(null=True, blank=True, help_text="Delivery date.")
    eta = models.DateField(null=True, blank=True)
    min_eta = models.DateField(null=True, blank=True)
    max_eta = models.DateField(null=True, blank=True)
    local_invoice = models.BooleanField(default=False)
    tracking_code = models.CharField(max_length=100, null=True, blank=True)
    tracking_link = models.URLField(max_length=500, null=True, blank=True)
    date_completed = models.DateTimeField(null=True, blank=True)
    requester_email = models.EmailField(null=True, blank=True)
    api_client_requester_name = models.CharField(max_length=200, null=True, blank=True)
    client_name = models.CharField(max_length=200, null=True, blank=True)
    po_number = models.CharField("PO number", max_length=100, null=True, blank=True)
    is_external_order = models.BooleanField(default=False)
    extra_service_type = JSONField(default=list, blank=True)
    comments = JSONField(
        default=list, blank=True, help_text="e.g. `ABMId: <value>`, `Client Name: <value>`."
    )

    class Meta:
        ordering = ["-created_at", "-order_number"]
        # The list and its pages (orders.selectors.ORDERS) read in this index's order.
        indexes = [models.Index(fields=["company", "-created_at", "-order_number"])]
        constraints = [
            models.UniqueConstraint(
                fields=["company", "po_number"],
                condition=models.Q(po_number__isnull=False),
                name="order_po_number_unique_per_company",
            )
        ]

    number_field = "order_number"
    # The client accepts the quote with its shipment, and delivery completes it; a PENDING
    # order's moves are a price or a cancellation.
    shipping_statuses = (OrderStatus.ACCEPTED, OrderStatus.DELIVERED)

    def __str__(self):
        return f"Order {self.order_number} ({self.status})"


@audited()
class AlternativeGroup(models.Model):
    """Candidates for one need of an order: the line first asked for and the alternatives the
    operator (or autoQuote) offered. Exactly one candidate is selected."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    order = models.ForeignKey(Order, on_delete=models.CASCADE, related_name="alternative_groups")
    selected = models.OneToOneField(
        "HardwareRequest", on_delete=models.PROTECT, related_name="+", null=True, blank=True
    )
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"Alternatives {self.id}"


@audited()
class HardwareRequest(models.Model):
    """An order line: an amount of one kind of hardware, free-form or from the catalog."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    order = models.ForeignKey(Order, on_delete=models.CASCADE, related_name="hardware_requests")
    alternative_group = models.ForeignKey(
        AlternativeGroup,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="candidates",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    amount = models.PositiveIntegerField()
    notes = models.TextField(null=True, blank=True)
    quoted_unit_price = models.DecimalField(max_digits=12, decimal_places=2, null=True, blank=True)
    catalog_item = models.ForeignKey(
        "catalog.CatalogItem", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    hardware_type = models.CharField(max_length=50)
    manufacturer_part_number = models.CharField(max_length=100, null=True, blank=True)
    brand = models.CharField(max_length=100, null=True, blank=True)
    model = models.CharField(max_length=200, null=True, blank=True)
    ram = models.CharField(max_length=50, null=True, blank=True)
    disk_space = models.CharField(max_length=50, null=True, blank=True)
    display_size = models.CharField(max_length=50, null=True, blank=True)
    processor = models.CharField(max_length=100, null=True, blank=True)
    image = models.CharField(max_length=500, blank=True, default="")
    external_item_id = models.CharField(max_length=200, null=True, blank=True)
    serial_numbers = JSONField(default=list, blank=True)
    is_available = models.BooleanField(null=True, blank=True)
    is_recommended = models.BooleanField(null=True, blank=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.CheckConstraint(condition=models.Q(amount__gt=0), name="line_amount_positive")
        ]

    def __str__(self):
        return f"{self.amount} x {self.model or self.hardware_type}"


class OrderStatusChange(StatusChange):
    order = models.ForeignKey(Order, on_delete=models.CASCADE, related_name="status_history")
