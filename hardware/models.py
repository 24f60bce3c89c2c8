"""Hardware items a company owns, the provider's storages, and the types of hardware."""

import uuid

from django.conf import settings
from django.db import models

from config.kernel.audit import audited
from config.kernel.workflow import StatusChange, StatusField, StatusModel
from hardware.choices import (
    HARDWARE_RETIRED,
    LIFECYCLE_MOVES,
    CreatedThrough,
    HardwareStatus,
    Lifecycle,
    RetiredReason,
    WipeMethod,
)


class HardwareType(models.Model):
    """A kind of hardware (MACBOOK, MONITOR, ...). Made by a data migration."""

    name = models.CharField(max_length=50, unique=True)
    image = models.CharField(max_length=500)
    order_only = models.BooleanField(
        default=False,
        help_text="Sold on order lines (extended warranties) but never a hardware item.",
    )

    class Meta:
        ordering = ["name"]

    def __str__(self):
        return self.name


@audited()
class Storage(models.Model):
    """A provider warehouse: one per country code; EU members share the `EU` one."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    country_code = models.CharField(max_length=2, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["country_code"]
        verbose_name = "storage location"

    def __str__(self):
        return f"Storage {self.country_code}"


@audited()
class Hardware(StatusModel):
    """An item: where it is (`status`: with an employee or in a storage) and where it is in its
    life (`lifecycle`, the graph its moves follow: config.kernel.workflow)."""

    status_field_name = "lifecycle"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    company = models.ForeignKey(
        "companies.Company", on_delete=models.PROTECT, related_name="hardwares"
    )
    hardware_type = models.ForeignKey(HardwareType, on_delete=models.PROTECT)
    common_model = models.ForeignKey(
        "catalog.CatalogItem", on_delete=models.SET_NULL, null=True, blank=True
    )
    status = models.CharField(max_length=10, choices=HardwareStatus.choices, db_index=True)
    employee = models.ForeignKey(
        "employees.Employee",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="hardwares",
    )
    storage = models.ForeignKey(
        Storage, on_delete=models.PROTECT, null=True, blank=True, related_name="hardwares"
    )
    in_movement = models.BooleanField(
        default=False,
        help_text="Part of an open movement request (PROCESSING or COORDINATED); kept by the "
        "movement services.",
    )
    lifecycle = StatusField(
        max_length=13,
        choices=Lifecycle.choices,
        default=Lifecycle.ACTIVE,
        db_index=True,
        moves=LIFECYCLE_MOVES,
        events={Lifecycle.RETIRED: HARDWARE_RETIRED},
        payload="hardware.selectors.hardware_payload",
    )
    retired_reason = models.CharField(
        max_length=10, choices=RetiredReason.choices, null=True, blank=True
    )
    retired_at = models.DateTimeField(null=True, blank=True)
    serial_number = models.CharField(max_length=100, blank=True, default="")
    description = models.TextField(null=True, blank=True)
    brand = models.CharField(max_length=20, null=True, blank=True)
    name = models.CharField(max_length=200)
    ram = models.CharField(max_length=50, null=True, blank=True)
    disk_space = models.CharField(max_length=50, null=True, blank=True)
    display_size = models.CharField(max_length=50, null=True, blank=True)
    processor = models.CharField(max_length=100, null=True, blank=True)
    gpu = models.CharField(max_length=100, null=True, blank=True)
    image = models.CharField(max_length=500, blank=True, default="")
    date_bought = models.DateTimeField(null=True, blank=True)
    country_code = models.CharField(max_length=2)
    new_hardware = models.BooleanField(default=True)
    external_reference = models.CharField(max_length=200, null=True, blank=True)
    factory_reset = models.BooleanField(default=False)
    damaged = models.BooleanField(default=False)
    cost = models.DecimalField(max_digits=12, decimal_places=2, null=True, blank=True)
    cost_currency = models.CharField(max_length=3, default="USD")
    office_name = models.CharField(max_length=200, null=True, blank=True)
    created_through = models.CharField(
        max_length=10, choices=CreatedThrough.choices, null=True, blank=True
    )
    # The order that created the item: an id, not a foreign key, since orders sit above us.
    created_order_id = models.UUIDField(null=True, blank=True, db_index=True)
    # And the order line it was made from, whose serialNumbers follow the item's (set since the
    # line was remembered; older items have none).
    created_line_id = models.UUIDField(null=True, blank=True, db_index=True)
    created_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["-created_at", "id"]
        verbose_name_plural = "hardware"
        # The lists and their pages (hardware.selectors.HARDWARES, STORAGE_HARDWARES) read in the
        # order of the last two.
        indexes = [
            models.Index(fields=["company", "status", "country_code"]),
            models.Index(fields=["company", "-created_at", "id"]),
            models.Index(fields=["company", "status", "-created_at", "id"]),
        ]
        constraints = [
            models.CheckConstraint(
                condition=(
                    models.Q(
                        lifecycle=Lifecycle.RETIRED,
                        retired_reason__isnull=False,
                        retired_at__isnull=False,
                    )
                    | (
                        ~models.Q(lifecycle=Lifecycle.RETIRED)
                        & models.Q(retired_reason__isnull=True, retired_at__isnull=True)
                    )
                ),
                name="hardware_retired_with_reason_and_time",
            ),
            models.UniqueConstraint(
                fields=["company", "serial_number"],
                condition=~models.Q(serial_number=""),
                name="hardware_serial_unique_per_company",
            ),
            models.CheckConstraint(
                condition=(
                    models.Q(status=HardwareStatus.EMPLOYEE, employee__isnull=False)
                    | models.Q(status=HardwareStatus.STORAGE, employee__isnull=True)
                ),
                name="hardware_status_matches_assignment",
            ),
        ]

    def __str__(self):
        return f"{self.name} ({self.serial_number or 'no serial'})"

    @property
    def label(self) -> str:
        return f"Hardware {self.id}"


class HardwareLifecycleChange(StatusChange):
    """One step of an item's lifecycle, with who moved it and why (`note`)."""

    hardware = models.ForeignKey(Hardware, on_delete=models.CASCADE, related_name="status_history")
    # AWAITING_WIPE is longer than the flows' statuses.
    status_from = models.CharField(max_length=13, null=True, blank=True)
    status_to = models.CharField(max_length=13)

    class Meta(StatusChange.Meta):
        verbose_name = "lifecycle change"


# The certificate is kept once, here; its SHA-256 on the trail stands for it.
@audited(exclude=("certificate",))
class HardwareWipe(models.Model):
    """A data wipe of an item, as an operator recorded it (NIST SP 800-88 Rev. 1), with the
    certificate the service made of it: its PDF kept as written, and its SHA-256, which the
    API answers so that a downloaded copy can be checked."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    hardware = models.ForeignKey(Hardware, on_delete=models.PROTECT, related_name="wipes")
    method = models.CharField(max_length=7, choices=WipeMethod.choices)
    tool = models.CharField(max_length=200, help_text="The software or machine that wiped it.")
    performed_at = models.DateTimeField()
    # Who wiped it, as clients read it: the provider's operations team; the staff user or
    # command that recorded it is on the audit trail.
    performed_by = models.CharField(max_length=100, default="Operations")
    verified = models.BooleanField(help_text="Whether the wipe was verified afterwards.")
    reason = models.TextField()
    recorded_by = models.CharField(max_length=200, help_text="The operator or command.")
    certificate = models.BinaryField(editable=False)
    certificate_sha256 = models.CharField(max_length=64, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["performed_at", "id"]
        indexes = [models.Index(fields=["hardware", "performed_at", "id"])]

    def __str__(self):
        return f"{self.get_method_display()} wipe of {self.hardware_id}"


@audited()
class HardwareNote(models.Model):
    hardware = models.ForeignKey(Hardware, on_delete=models.CASCADE, related_name="notes")
    content = models.TextField()
    author_email = models.EmailField(help_text="Who wrote it: a staff user or the API client.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]

    def __str__(self):
        return self.content[:60]
