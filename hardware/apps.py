from django.apps import AppConfig


class HardwareConfig(AppConfig):
    name = "hardware"

    def ready(self):
        # The employees app sits below us and cannot name hardware: we hand its admin the
        # inline of the items an employee holds.
        from config.backoffice.base import admin_inline_register
        from employees.models import Employee
        from hardware.admin import HeldHardwareInline

        admin_inline_register(Employee, HeldHardwareInline)
