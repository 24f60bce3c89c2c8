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
        finder_register()


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


def finder_register() -> None:
    """How the back office's find box finds shipments and unmatched tracking updates, by
    tracking code (spaces and small letters allowed, as tracking_code_clean writes it), and
    shipments by id (config.backoffice.finder)."""
    from django.db.models import Q

    from config.backoffice import finder
    from config.backoffice.lists import moment
    from tracking.carriers import tracking_code_clean
    from tracking.models import Shipment, UnmatchedTracking

    def code(query: str) -> Q:
        return Q(tracking_code=tracking_code_clean(query))

    def shipment_detail(shipment: Shipment) -> str:
        return f"{shipment.company} · {shipment.movement_request or shipment.order}"

    def update_detail(update: UnmatchedTracking) -> str:
        matched = f"matched {moment(update.matched_at)}" if update.matched_at else "unmatched"
        return f"received {moment(update.received_at)} · {matched}"

    finder.finder_register(
        Shipment,
        [code, finder.identifier()],
        detail=shipment_detail,
        related=["company", "movement_request", "order"],
    )
    finder.finder_register(UnmatchedTracking, [code], detail=update_detail)


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
