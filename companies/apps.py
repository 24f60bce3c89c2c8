from django.apps import AppConfig


class CompaniesConfig(AppConfig):
    name = "companies"

    def ready(self):
        # Registers the authentication scheme with drf-spectacular.
        from companies.api import schema  # noqa: F401
