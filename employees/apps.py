from django.apps import AppConfig


class EmployeesConfig(AppConfig):
    name = "employees"
