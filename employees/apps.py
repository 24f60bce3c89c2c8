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
