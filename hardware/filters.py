import django_filters

from config.filtering import CountryCodeFilter
from hardware.models import Hardware


class HardwareFilter(django_filters.FilterSet):
    countryCode = CountryCodeFilter(field_name="country_code")

    class Meta:
        model = Hardware
        fields = []
