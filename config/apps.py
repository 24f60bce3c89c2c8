from django.apps import AppConfig


class ConfigConfig(AppConfig):
    """config/ as an installed app, so Django finds the commands at the top of the import
    graph (config/management/commands/): those that name both flows."""

    name = "config"
