from django.apps import AppConfig


class ConfigConfig(AppConfig):
    """config/ as an installed app, so Django finds the commands at the top of the import
    graph (config/management/commands/): those that name both flows, and the back office's Audit
    log (config.models), which the admin's index shows under this app's name. Ready, it
    registers the metrics that are config's own."""

    name = "config"
    verbose_name = "Audit"
    back_office_position = 100  # on the admin's index (config.backoffice.site)

    def ready(self):
        from config.ops.heartbeat import HeartbeatCollector
        from config.ops.metrics import collector_register

        # The workers' and beat's last heartbeats, read from Redis when scraped.
        collector_register(HeartbeatCollector())
