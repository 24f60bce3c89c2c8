import django_filters

from config.kernel.filtering import CountryCodeFilter, UpdatedSinceFilter
from orders.models import Order


class OrderFilter(django_filters.FilterSet):
    countryCode = CountryCodeFilter(field_name="country_code")
    updatedSince = UpdatedSinceFilter()

    class Meta:
        model = Order
        fields = []
