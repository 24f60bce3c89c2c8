from django.contrib import admin

from config.backoffice.base import RecordInline
from config.backoffice.lists import age, company_code, moment, one_line, person
from config.kernel.shipping import NO_SHIPPING
from logistics import services
from logistics.admin_filters import LateFilter
from logistics.admin_moves import MovementPageAdmin
from logistics.models import MovementRequest


class CarriedHardwareInline(RecordInline):
    """The items the request carries; set when it is made, never here."""

    model = MovementRequest.hardwares.through
    verbose_name = "hardware item"
    verbose_name_plural = "hardware"
    fields = ["hardware", "serial_number", "hardware_status", "in_movement"]

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("hardware", "movementrequest")

    @admin.display(description="serial number")
    def serial_number(self, link):
        return link.hardware.serial_number

    @admin.display(description="status")
    def hardware_status(self, link):
        return link.hardware.status

    @admin.display(description="in movement", boolean=True)
    def in_movement(self, link):
        return link.hardware.in_movement


@admin.register(MovementRequest)
class MovementRequestAdmin(MovementPageAdmin):
    # What an operator scans, narrow enough for 1366 px (config.backoffice.lists).
    list_display = [
        "movement_request_number",
        company_code,
        "type",
        "status",
        "employee",
        "items",
        age,
        "expected_date",
        "eta",
    ]
    list_filter = ["company", "type", "status", "handled_by", LateFilter]
    # Operators find a request by what a client quotes: its number, a serial number or the
    # company code, exactly (a number must not also find every e-mail and serial holding its
    # digits), or the start of an employee's e-mail.
    search_fields = [
        "movement_request_number__exact",
        "=hardwares__serial_number",
        "=company__code",
        "^from_employee__email",
        "^to_employee__email",
    ]
    list_select_related = ["company", "from_employee", "to_employee"]
    fieldsets = [
        (
            None,
            {
                "fields": [
                    "movement_request_number",
                    "company",
                    "type",
                    "status",
                    "handled_by",
                    "send_to",
                ]
            },
        ),
        (
            "People and places",
            {
                "fields": [
                    "from_employee",
                    "to_employee",
                    "storage",
                    "api_client_requester_name",
                    "requester_email",
                    "opened_on_leave",
                ]
            },
        ),
        (
            "Delivery",
            {
                "fields": [
                    "expected_date",
                    "eta",
                    "tracking_code",
                    "tracking_link",
                    "factory_reset",
                    "date_completed",
                ]
            },
        ),
        ("Record", {"fields": ["id", "created_at", "updated_at"]}),
    ]
    inlines = [CarriedHardwareInline]

    @admin.display(description="employee")
    def employee(self, movement):
        """Who gives the hardware or gets it; both, in order, from one employee to another."""
        people = [e for e in (movement.from_employee, movement.to_employee) if e is not None]
        if len(people) == 2:
            names = " → ".join(e.full_name for e in people)
            return one_line(names, " → ".join(str(e) for e in people))
        return person(people[0] if people else None)

    @admin.display(description="items")
    def items(self, movement):
        return one_line(
            ", ".join(item.serial_number or item.name for item in movement.hardwares.all())
        )

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("hardwares")

    def move(self, record, status, actor, shipping=NO_SHIPPING):
        return services.movement_request_move(
            movement_request_id=record.pk, to_status=status, actor=actor, shipping=shipping
        )


class HardwareMovementInline(RecordInline):
    """On a hardware item's page: the movement requests that carried or carry it. Registered
    for the hardware admin when the app is ready (logistics.apps)."""

    model = MovementRequest.hardwares.through
    verbose_name = "movement request"
    verbose_name_plural = "movement requests"
    fields = ["movementrequest", "movement_type", "movement_status", "created_at"]

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("movementrequest", "hardware")

    @admin.display(description="type")
    def movement_type(self, link):
        return link.movementrequest.type

    @admin.display(description="status")
    def movement_status(self, link):
        return link.movementrequest.status

    @admin.display(description="created")
    def created_at(self, link):
        return moment(link.movementrequest.created_at)
