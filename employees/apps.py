from django.apps import AppConfig


class EmployeesConfig(AppConfig):
    name = "employees"

    def ready(self):
        from config.demo import demo_part_register
        from employees.demo import demo_employees_seed

        demo_part_register(10, "employees", demo_employees_seed)
