from django.apps import AppConfig


class LogisticsConfig(AppConfig):
    name = "logistics"
    verbose_name = "Logistics"
    back_office_position = 20  # on the admin's index (config.backoffice.site)

    def ready(self):
        # Apps below us show our records without importing us: we hand them our readers, and
        # the hardware admin our inline.
        from config.backoffice.base import admin_inline_register
        from config.backoffice.fixes import admin_fix_register
        from config.ops.metrics import RecordsByStatus, collector_register
        from employees.merging import merge_part_register
        from employees.services import unreturned_hardware_reader_register
        from hardware.corrections import item_corrected_listener_register
        from hardware.models import Hardware
        from hardware.selectors import movement_reader_register
        from logistics.admin import HardwareMovementInline
        from logistics.admin_relocate import RelocateFix
        from logistics.models import MovementRequest
        from logistics.selectors import (
            employee_unreturned_hardware,
            hardware_movement_statuses,
            hardware_movements,
        )
        from logistics.services.merging import movements_hand_over
        from logistics.services.moves import movements_showing_touch
        from logistics.services.shipments import movement_follows_shipment
        from tracking.services import shipment_follower_register

        movement_reader_register(
            statuses=hardware_movement_statuses(), summaries=hardware_movements
        )
        unreturned_hardware_reader_register(employee_unreturned_hardware)
        item_corrected_listener_register(movements_showing_touch)
        # A merge of two employees moves the duplicate's open requests to the one kept.
        merge_part_register(movements_hand_over)
        shipment_follower_register("movement_request", movement_follows_shipment)
        admin_inline_register(Hardware, HardwareMovementInline)
        admin_fix_register(Hardware, RelocateFix())
        movements = RecordsByStatus(
            "hlos_movement_requests", "Movement requests by status.", MovementRequest
        )
        collector_register(movements)
        dashboard_register()
        audit_register()
        finder_register()


def audit_register() -> None:
    """How a movement request is shown on the audit trail (companies.audit)."""
    from companies.audit.registry import AuditedRecord, Lookup, audited_record_register

    email = Lookup("employees.Employee", "email")
    audited_record_register(
        AuditedRecord(
            model="logistics.MovementRequest",
            target_type="MOVEMENT_REQUEST",
            label=lambda fields: f"Movement request {fields['movementRequestNumber']}",
            names={
                "from_employee": "fromEmployeeEmail",
                "to_employee": "toEmployeeEmail",
                "storage": "storageCountryCode",
            },
            lookups={
                "from_employee": email,
                "to_employee": email,
                "storage": Lookup("hardware.Storage", "country_code"),
            },
        )
    )


def finder_register() -> None:
    """How the back office's find box finds movement requests (config.backoffice.finder): by
    number, id, or the e-mail of the employee they take hardware from or to."""
    from django.db.models import Q

    from config.backoffice import finder
    from employees.selectors import employees_with_email
    from logistics.models import MovementRequest

    def detail(movement: MovementRequest) -> str:
        employee = movement.to_employee or movement.from_employee
        return f"{movement.company} · {employee.full_name if employee else movement.send_to}"

    def employee(address: str) -> Q:
        employees = employees_with_email(address)
        return Q(from_employee__in=employees) | Q(to_employee__in=employees)

    finder.finder_register(
        MovementRequest,
        [finder.number("movement_request_number"), finder.identifier(), finder.email(employee)],
        detail=detail,
        related=["company", "from_employee", "to_employee"],
    )


def dashboard_register() -> None:
    """The back office's figures about movement requests."""
    from config.backoffice.dashboard import dashboard_counts_register
    from logistics.admin_filters import LateFilter
    from logistics.choices import MovementStatus
    from logistics.models import MovementRequest
    from logistics.selectors import (
        movements_in_status_count,
        movements_past_eta,
        movements_past_expected_date,
    )

    movements = MovementRequest.objects.all
    figures = [
        (
            "PROCESSING: to coordinate",
            lambda: movements_in_status_count(MovementStatus.PROCESSING),
            {"status__exact": MovementStatus.PROCESSING},
        ),
        (
            "COORDINATED, past their ETA",
            lambda: movements_past_eta(movements()).count(),
            {LateFilter.parameter_name: LateFilter.PAST_ETA},
        ),
        (
            "open, past their expected date",
            lambda: movements_past_expected_date(movements()).count(),
            {LateFilter.parameter_name: LateFilter.PAST_EXPECTED_DATE},
        ),
    ]
    dashboard_counts_register(20, "Movement requests", MovementRequest, figures)
