from django.apps import AppConfig


class ScimConfig(AppConfig):
    name = "scim"
    verbose_name = "SCIM provisioning"
    back_office_position = 90  # on the admin's index (config.backoffice.site)

    def ready(self):
        # The employees app sits below us: we hand its admin the inline that says the identity
        # provider deleted the user.
        from config.backoffice.base import admin_inline_register
        from employees.models import Employee
        from scim.admin import DeletedUserInline

        admin_inline_register(Employee, DeletedUserInline)
