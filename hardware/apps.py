from django.apps import AppConfig


class HardwareConfig(AppConfig):
    name = "hardware"

    def ready(self):
        # The employees app sits below us and cannot name hardware: we hand its admin the
        # inline of the items an employee holds.
        from config.admin import admin_inline_register
        from config.demo import demo_part_register
        from employees.models import Employee
        from hardware.admin import HeldHardwareInline
        from hardware.demo import demo_hardware_seed

        admin_inline_register(Employee, HeldHardwareInline)
        demo_part_register(20, "hardware", demo_hardware_seed)
