from django.contrib import admin

from config.admin import RegisteredInlinesAdmin
from employees.models import Employee


# The hardware the employee holds is listed by the hardware app's inline (hardware.apps).
@admin.register(Employee)
class EmployeeAdmin(RegisteredInlinesAdmin):
    list_display = ["email", "first_name", "last_name", "company", "country_code", "status"]
    list_filter = ["company", "country_code", "status"]
    search_fields = [
        "email",
        "first_name",
        "last_name",
        "external_reference_id",
        "company__code",
    ]
    list_select_related = ["company"]
    # The address and what geocoding made of it change together, through the upsert only; so
    # do the e-mail and the external reference, which the upsert matches employees by (the
    # e-mail stored lower-cased), and the phone and CPF, which it takes only well formed.
    readonly_fields = [
        "id",
        "company",
        "email",
        "external_reference_id",
        "phone",
        "cpf",
        "created_at",
        "updated_at",
        "address",
        "requested_city",
        "post_code",
        "country_code",
        "city",
        "lat",
        "lng",
    ]

    def has_add_permission(self, request):
        return False  # employees are made by the upsert, which checks and geocodes them
