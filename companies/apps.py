from django.apps import AppConfig


class CompaniesConfig(AppConfig):
    name = "companies"

    def ready(self):
        # Registers the authentication scheme with drf-spectacular.
        from companies.api import schema  # noqa: F401
        from companies.health import outbox_check
        from companies.metrics import OutboxCollector
        from config.ops.health import health_check_register
        from config.ops.metrics import collector_register

        health_check_register("outbox", outbox_check)
        collector_register(OutboxCollector())
        dashboard_register()


def dashboard_register() -> None:
    """The back office's figures about webhook events in trouble."""
    from companies.admin_filters import DeliveryTroubleFilter
    from companies.models import Event
    from config.backoffice.dashboard import dashboard_counts_register

    def count(narrow):
        return lambda: narrow(Event.objects.all()).count()

    figures = [
        (label, count(narrow), {DeliveryTroubleFilter.parameter_name: value})
        for value, label, narrow in DeliveryTroubleFilter.TROUBLES
    ]
    dashboard_counts_register(40, "Webhook events", Event, figures)
