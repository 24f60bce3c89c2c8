from django.apps import AppConfig


class LogisticsConfig(AppConfig):
    name = "logistics"

    def ready(self):
        # Apps below us show our records without importing us: we hand them our readers.
        from hardware.selectors import movement_reader_register
        from logistics.selectors import hardware_movements

        movement_reader_register(hardware_movements)
