import django_filters

from config.kernel.filtering import AnyCaseChoiceFilter, CountryCodeFilter, UpdatedSinceFilter
from hardware.choices import Lifecycle
from hardware.models import Hardware

INVALID_LIFECYCLE = (
    f"Invalid lifecycle: expected {', '.join(Lifecycle.values[:-1])} or {Lifecycle.values[-1]}"
)


class HardwareFilter(django_filters.FilterSet):
    countryCode = CountryCodeFilter(field_name="country_code")
    updatedSince = UpdatedSinceFilter()
    lifecycle = AnyCaseChoiceFilter(choices=Lifecycle.choices, invalid_message=INVALID_LIFECYCLE)

    class Meta:
        model = Hardware
        fields = []
