from django.apps import AppConfig


class LogisticsConfig(AppConfig):
    name = "logistics"
