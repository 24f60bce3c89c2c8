import django_filters

from config.kernel.filtering import CountryCodeFilter, UpdatedSinceFilter
from hardware.models import Hardware


class HardwareFilter(django_filters.FilterSet):
    countryCode = CountryCodeFilter(field_name="country_code")
    updatedSince = UpdatedSinceFilter()

    class Meta:
        model = Hardware
        fields = []
