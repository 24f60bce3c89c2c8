from django.apps import AppConfig


class HardwareConfig(AppConfig):
    name = "hardware"
    verbose_name = "Inventory"
    back_office_position = 30  # on the admin's index (config.backoffice.site)

    def ready(self):
        # The employees app sits below us and cannot name hardware: we hand its admin the
        # inline of the items an employee holds.
        from config.backoffice.base import admin_inline_register
        from employees.merging import merge_part_register
        from employees.models import Employee
        from hardware.admin import HeldHardwareInline
        from hardware.services import hardware_hand_over

        admin_inline_register(Employee, HeldHardwareInline)
        # A merge of two employees moves the duplicate's items to the one kept.
        merge_part_register(hardware_hand_over)
        audit_register()
        dashboard_register()
        finder_register()


def finder_register() -> None:
    """How the back office's find box finds items (config.backoffice.finder): by serial number
    as typed, in capitals or in small letters (unique in a company: looked up company by
    company), or id."""
    from django.db.models import Q

    from companies.models import Company
    from config.backoffice import finder
    from hardware.models import Hardware

    def serial(query: str) -> Q:
        serials = {query, query.upper(), query.lower()}
        return Q(company__in=Company.objects.all(), serial_number__in=serials)

    def detail(item: Hardware) -> str:
        if item.employee_id:
            where = f"with {item.employee.full_name}"
        else:
            where = f"in {item.storage}" if item.storage_id else "in storage"
        return f"{item.company} · {where} · {item.get_lifecycle_display()}"

    finder.finder_register(
        Hardware,
        [serial, finder.identifier()],
        detail=detail,
        related=["company", "employee", "storage"],
    )


def dashboard_register() -> None:
    """The back office's figure about items: those returned for a data wipe, waiting for it
    (recorded from the item's page, or by `record_wipe`)."""
    from config.backoffice.dashboard import dashboard_counts_register
    from hardware.choices import Lifecycle
    from hardware.models import Hardware

    def awaiting_wipe() -> int:
        return Hardware.objects.filter(lifecycle=Lifecycle.AWAITING_WIPE).count()

    # After the shipments' figures (25), before the catalog's (30).
    dashboard_counts_register(
        27,
        "Hardware",
        Hardware,
        [
            (
                "AWAITING_WIPE: to wipe",
                awaiting_wipe,
                {"lifecycle__exact": Lifecycle.AWAITING_WIPE},
            )
        ],
    )


def audit_register() -> None:
    """How items, their notes and wipes, and storages are shown on the audit trail
    (companies.audit)."""
    from companies.audit.registry import AuditedRecord, Lookup, Parent, audited_record_register

    audited_record_register(
        AuditedRecord(
            model="hardware.Hardware",
            target_type="HARDWARE",
            label=lambda fields: f"{fields['name']} ({fields['serialNumber'] or 'no serial'})",
            names={
                "employee": "employeeEmail",
                "storage": "storageCountryCode",
                "hardware_type": "hardwareType",
            },
            lookups={
                "employee": Lookup("employees.Employee", "email"),
                "storage": Lookup("hardware.Storage", "country_code"),
                "hardware_type": Lookup("hardware.HardwareType", "name"),
            },
        ),
        AuditedRecord(
            model="hardware.HardwareNote",
            target_type="HARDWARE_NOTE",
            company=None,
            parent=Parent("hardware", "HARDWARE"),
            label=lambda fields: fields["content"][:60],
        ),
        AuditedRecord(
            model="hardware.HardwareWipe",
            target_type="HARDWARE_WIPE",
            company=None,
            parent=Parent("hardware", "HARDWARE"),
            label=lambda fields: f"{fields['method']} wipe",
            # Clients read the wipe as the provider's operations team's (performedBy).
            hidden=("recorded_by",),
        ),
        AuditedRecord(
            model="hardware.Storage",
            target_type="STORAGE",
            company=None,
            label=lambda fields: f"Storage {fields['countryCode']}",
        ),
    )
