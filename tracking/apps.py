from django.apps import AppConfig


class TrackingConfig(AppConfig):
    name = "tracking"
    verbose_name = "Shipping"
    back_office_position = 50  # on the admin's index (config.backoffice.site)

    def ready(self):
        # The flows' pages list their shipments without tracking importing them (nor they
        # tracking's admin): their models by label.
        from django.apps import apps

        from config.backoffice.base import admin_inline_register
        from tracking.admin_inlines import MovementShipmentsInline, OrderShipmentsInline

        admin_inline_register(apps.get_model("logistics.MovementRequest"), MovementShipmentsInline)
        admin_inline_register(apps.get_model("orders.Order"), OrderShipmentsInline)
        dashboard_register()
        audit_register()


def audit_register() -> None:
    """How a shipment is shown on the audit trail (companies.audit)."""
    from companies.audit.registry import AuditedRecord, audited_record_register

    audited_record_register(
        AuditedRecord(
            model="tracking.Shipment",
            target_type="SHIPMENT",
            label=lambda fields: f"Shipment {fields['trackingCode']}",
            # When the event its status comes from happened: the service's, not the API's.
            hidden=("status_since",),
        )
    )


def dashboard_register() -> None:
    """The back office's figures about shipments: the work their carriers' news leaves."""
    from config.backoffice.dashboard import dashboard_counts_register
    from tracking.admin_filters import MatchedFilter, WorkWaitingFilter, updates_unmatched
    from tracking.models import Shipment, UnmatchedTracking

    def count(narrow, model):
        return lambda: narrow(model.objects.all()).count()

    # After the movement requests' figures (20), before the catalog's (30).
    dashboard_counts_register(
        25,
        "Shipments",
        Shipment,
        [
            (label, count(narrow, Shipment), {WorkWaitingFilter.parameter_name: value})
            for value, label, narrow in WorkWaitingFilter.FIGURES
        ],
    )
    dashboard_counts_register(
        25,
        "Shipments",
        UnmatchedTracking,
        [
            (
                "unmatched tracking updates",
                count(updates_unmatched, UnmatchedTracking),
                {MatchedFilter.parameter_name: MatchedFilter.UNMATCHED},
            )
        ],
    )
