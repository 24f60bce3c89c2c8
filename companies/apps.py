from django.apps import AppConfig


class CompaniesConfig(AppConfig):
    name = "companies"

    def ready(self):
        # Registers the authentication scheme with drf-spectacular.
        from companies.api import schema  # noqa: F401
        from companies.health import outbox_check
        from companies.metrics import OutboxCollector
        from config.health import health_check_register
        from config.metrics import collector_register

        health_check_register("outbox", outbox_check)
        collector_register(OutboxCollector())
