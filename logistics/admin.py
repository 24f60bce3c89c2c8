from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect
from django.urls import path, reverse
from django.views.decorators.http import require_POST

from config.actors import Actor
from config.admin import refusals_as_messages
from hardware.admin import HardwareAdmin
from logistics import services
from logistics.choices import ALLOWED_MOVES, MovementStatus
from logistics.models import MovementRequest, MovementRequestStatusChange


class MoveForm(forms.Form):
    """An operator's move from the change page: the status is the button pressed, the rest
    optional (checked by the service, like the command's)."""

    status = forms.ChoiceField(choices=MovementStatus.choices)
    eta = forms.DateField(
        label="ETA", required=False, widget=forms.DateInput(attrs={"type": "date"})
    )
    tracking_code = forms.CharField(required=False, empty_value=None)
    tracking_link = forms.CharField(required=False, empty_value=None, widget=forms.URLInput)


class CarriedHardwareInline(admin.TabularInline):
    """The items the request carries; set when it is made, never here."""

    model = MovementRequest.hardwares.through
    verbose_name = "hardware item"
    verbose_name_plural = "hardware"
    fields = ["hardware", "serial_number", "hardware_status", "in_movement"]
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("hardware")

    @admin.display(description="serial number")
    def serial_number(self, link):
        return link.hardware.serial_number

    @admin.display(description="status")
    def hardware_status(self, link):
        return link.hardware.status

    @admin.display(description="in movement", boolean=True)
    def in_movement(self, link):
        return link.hardware.in_movement


class StatusChangeInline(admin.TabularInline):
    """The request's history: every move, who made it and what came with it."""

    model = MovementRequestStatusChange
    verbose_name_plural = "status history"
    fields = [
        "created_at",
        "status_from",
        "status_to",
        "actor_kind",
        "actor_name",
        "eta",
        "tracking_code",
        "tracking_link",
    ]
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


def mark_action(status: MovementStatus):
    """A changelist action moving each selected request to `status`, one by one."""

    @admin.action(description=f"Mark {status}", permissions=["change"])
    def action(modeladmin, request, queryset):
        modeladmin.move_each(request, queryset, status)

    action.__name__ = f"mark_{status.lower()}"
    return action


# One bulk action per status a request can be moved to.
MOVE_TARGETS = [
    status for status in MovementStatus if any(status in moves for moves in ALLOWED_MOVES.values())
]


@admin.register(MovementRequest)
class MovementRequestAdmin(admin.ModelAdmin):
    list_display = [
        "movement_request_number",
        "type",
        "status",
        "company",
        "handled_by",
        "send_to",
        "from_employee",
        "to_employee",
        "eta",
        "created_at",
    ]
    list_filter = ["company", "type", "status", "handled_by"]
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
    # Nothing is typed in: a request changes only by the moves below, which keep its history
    # and land its hardware.
    readonly_fields = [field for _, options in fieldsets for field in options["fields"]]
    inlines = [CarriedHardwareInline, StatusChangeInline]
    actions = [mark_action(status) for status in MOVE_TARGETS]
    change_form_template = "admin/logistics/movementrequest/change_form.html"

    def has_add_permission(self, request):
        return False  # requests come from the API, which checks and claims the hardware

    def has_delete_permission(self, request, obj=None):
        return False  # a request is a record, and deleting it would strand its hardware

    def render_change_form(self, request, context, add=False, change=False, form_url="", obj=None):
        context.update(
            show_save=False,
            show_save_and_continue=False,
            moves=obj.allowed_moves() if obj else (),
            move_form=MoveForm(),
        )
        return super().render_change_form(request, context, add, change, form_url, obj)

    def get_urls(self):
        move = self.admin_site.admin_view(require_POST(self.move_view))
        return [
            path("<uuid:movement_request_id>/move/", move, name="logistics_movementrequest_move"),
            *super().get_urls(),
        ]

    def move_view(self, request, movement_request_id):
        movement = get_object_or_404(MovementRequest, pk=movement_request_id)
        if not self.has_change_permission(request, movement):
            raise PermissionDenied
        form = MoveForm(request.POST)
        if form.is_valid():
            with refusals_as_messages(request):
                moved = services.movement_request_move(
                    movement_request_id=movement.pk,
                    to_status=form.cleaned_data["status"],
                    actor=Actor.staff(request.user),
                    eta=form.cleaned_data["eta"],
                    tracking_code=form.cleaned_data["tracking_code"],
                    tracking_link=form.cleaned_data["tracking_link"],
                )
                messages.success(
                    request,
                    f"Movement request {moved.movement_request_number} is now {moved.status}.",
                )
        else:
            for field, errors in form.errors.items():
                messages.error(request, f"{field}: {' '.join(errors)}")
        return redirect(reverse("admin:logistics_movementrequest_change", args=[movement.pk]))

    def move_each(self, request, queryset, status: MovementStatus) -> None:
        """Each request moves in its own transaction; a refusal is reported and the others
        still move."""
        moved = 0
        for movement in queryset.order_by("movement_request_number"):
            with refusals_as_messages(request):
                services.movement_request_move(
                    movement_request_id=movement.pk,
                    to_status=status,
                    actor=Actor.staff(request.user),
                )
                moved += 1
        if moved:
            messages.success(request, f"Moved {moved} movement request(s) to {status}.")


class HardwareMovementInline(admin.TabularInline):
    """On a hardware item's page: the movement requests that carried or carry it."""

    model = MovementRequest.hardwares.through
    verbose_name = "movement request"
    verbose_name_plural = "movement requests"
    fields = ["movementrequest", "movement_type", "movement_status", "created_at"]
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("movementrequest")

    @admin.display(description="type")
    def movement_type(self, link):
        return link.movementrequest.type

    @admin.display(description="status")
    def movement_status(self, link):
        return link.movementrequest.status

    @admin.display(description="created")
    def created_at(self, link):
        return link.movementrequest.created_at


# The hardware app sits below logistics and cannot name movement requests: its admin page
# gets their inline from here.
HardwareAdmin.inlines = [*HardwareAdmin.inlines, HardwareMovementInline]
