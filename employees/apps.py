from django.apps import AppConfig


class EmployeesConfig(AppConfig):
    name = "employees"
    verbose_name = "People"
    back_office_position = 40  # on the admin's index (config.backoffice.site)

    def ready(self):
        from companies.audit.registry import AuditedRecord, audited_record_register

        # How an employee is shown on the audit trail (companies.audit).
        audited_record_register(
            AuditedRecord(
                model="employees.Employee",
                target_type="EMPLOYEE",
                label=lambda fields: fields["email"],
            )
        )
        finder_register()


def finder_register() -> None:
    """How the back office's find box finds employees (config.backoffice.finder): by e-mail
    or id."""
    from django.db.models import Q

    from config.backoffice import finder
    from employees.models import Employee
    from employees.selectors import employees_with_email

    finder.finder_register(
        Employee,
        [
            finder.email(lambda address: Q(pk__in=employees_with_email(address))),
            finder.identifier(),
        ],
        detail=lambda employee: f"{employee.company} · {employee.get_status_display()}",
        related=["company"],
    )
