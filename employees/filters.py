import django_filters

from config.kernel.filtering import AnyCaseChoiceFilter, UpdatedSinceFilter
from employees.choices import EmployeeStatus
from employees.models import Employee

INVALID_STATUS = "Invalid status: expected ACTIVE or DEACTIVATED"


class EmployeeFilter(django_filters.FilterSet):
    """What an HR system syncs by: an address, its own reference, a status, a change time."""

    email = django_filters.CharFilter(method="email_is")
    externalReferenceId = django_filters.CharFilter(field_name="external_reference_id")
    status = AnyCaseChoiceFilter(choices=EmployeeStatus.choices, invalid_message=INVALID_STATUS)
    updatedSince = UpdatedSinceFilter()

    class Meta:
        model = Employee
        fields = []

    def email_is(self, queryset, name, value):
        # Addresses are kept trimmed and in lower case (employees.services).
        return queryset.filter(email=value.lower())
