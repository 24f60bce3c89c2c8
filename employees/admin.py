from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.shortcuts import get_object_or_404, redirect
from django.urls import path
from django.views.decorators.http import require_POST

from config.backoffice.audited import AuditedAdmin
from config.backoffice.base import RegisteredInlinesAdmin, refusals_as_messages
from config.backoffice.fixes import FixesAdmin
from employees import services
from employees.admin_merge import MergeFix
from employees.choices import EmployeeStatus
from employees.models import Employee


# The hardware the employee holds is listed by the hardware app's inline (hardware.apps).
@admin.register(Employee)
class EmployeeAdmin(FixesAdmin, AuditedAdmin, RegisteredInlinesAdmin):
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
        # Moved by deactivation (its rule: no hardware left with them) and the upsert only.
        "status",
        # Set by a merge (Merge into…) only.
        "merged_into",
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

    actions = ["deactivate"]
    # "Merge into…": on a duplicate's page, and an action for one ticked duplicate.
    fixes = (MergeFix(),)
    change_form_template = "admin/employees/employee/change_form.html"

    def has_add_permission(self, request):
        return False  # employees are made by the upsert, which checks and geocodes them

    def has_delete_permission(self, request, obj=None):
        return False  # orders and movements name them: an operator deactivates instead

    @admin.action(description="Deactivate selected employees", permissions=["change"])
    def deactivate(self, request, queryset):
        """Each in its own transaction: one who still holds hardware is reported, the others
        are deactivated."""
        for employee in queryset.order_by("email"):
            self._deactivate(request, employee)

    def get_urls(self):
        deactivate = self.admin_site.admin_view(require_POST(self.deactivate_view))
        name = "employees_employee_deactivate"
        return [path("<uuid:pk>/deactivate/", deactivate, name=name), *super().get_urls()]

    def deactivate_view(self, request, pk):
        employee = get_object_or_404(Employee, pk=pk)
        if not self.has_change_permission(request, employee):
            raise PermissionDenied
        self._deactivate(request, employee)
        return redirect("admin:employees_employee_change", employee.pk)

    def render_change_form(self, request, context, add=False, change=False, form_url="", obj=None):
        context["can_deactivate"] = obj is not None and obj.status == EmployeeStatus.ACTIVE
        return super().render_change_form(request, context, add, change, form_url, obj)

    def _deactivate(self, request, employee: Employee) -> None:
        # The move and its line in the history are written together, or neither is.
        with refusals_as_messages(request), transaction.atomic():
            services.employee_deactivate(employee_id=employee.pk)
            # Django's history of the employee says who deactivated them, and when.
            self.log_change(request, employee, "Deactivated.")
            messages.success(request, f"{employee.email} is DEACTIVATED.")
