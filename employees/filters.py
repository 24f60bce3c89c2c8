import django_filters

from config.kernel.filtering import AnyCaseChoiceFilter, UpdatedSinceFilter
from employees.choices import EmployeeStatus
from employees.models import Employee

INVALID_STATUS = "Invalid status: expected ACTIVE or DEACTIVATED"


class EmployeeFilter(django_filters.FilterSet):
    """What an HR system syncs by: an address, its own reference, a status, a change time."""

    email = django_filters.CharFilter(method="email_is")
    externalReferenceId = django_filters.CharFilter(method="reference_is")
    status = AnyCaseChoiceFilter(choices=EmployeeStatus.choices, invalid_message=INVALID_STATUS)
    updatedSince = UpdatedSinceFilter()

    class Meta:
        model = Employee
        fields = []

    # A record merged into another (employees.merging) no longer holds its e-mail or reference.

    def email_is(self, queryset, name, value):
        # Addresses are kept trimmed and in lower case (employees.services).
        return queryset.filter(email=value.lower(), merged_into__isnull=True)

    def reference_is(self, queryset, name, value):
        return queryset.filter(external_reference_id=value, merged_into__isnull=True)
