from django.apps import AppConfig


class CompaniesConfig(AppConfig):
    name = "companies"

    def ready(self):
        # Registers the authentication scheme with drf-spectacular.
        from companies.api import schema  # noqa: F401
        from companies.metrics import OutboxCollector
        from config.metrics import collector_register

        collector_register(OutboxCollector())
