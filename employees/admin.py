from django.contrib import admin

from config.admin import RecordInline
from employees.models import Employee
from hardware.models import Hardware


class HardwareInline(RecordInline):
    """The items the employee holds; they are assigned and taken back by movements."""

    model = Hardware
    fk_name = "employee"
    fields = ["serial_number", "name", "hardware_type", "brand", "status", "in_movement"]
    show_change_link = True

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("hardware_type")


@admin.register(Employee)
class EmployeeAdmin(admin.ModelAdmin):
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
    # The address and what geocoding made of it change together, through the upsert only.
    readonly_fields = [
        "id",
        "company",
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
    inlines = [HardwareInline]

    def has_add_permission(self, request):
        return False  # employees are made by the upsert, which checks and geocodes them
