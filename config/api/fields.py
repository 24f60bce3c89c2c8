"""Serializer fields shared by every app's API."""

from rest_framework import serializers

from config.countries import is_country_code


class CountryCodeField(serializers.CharField):
    """An ISO 3166-1 alpha-2 code (any case in, capitals out); `EU` too when `allow_eu`."""

    default_error_messages = {
        "invalid_country": "{value} is not an ISO 3166-1 alpha-2 country code"
    }

    def __init__(self, *, allow_eu: bool = False, **kwargs):
        self.allow_eu = allow_eu
        super().__init__(**kwargs)

    def to_internal_value(self, data):
        code = super().to_internal_value(data).upper()
        if not is_country_code(code, allow_eu=self.allow_eu):
            self.fail("invalid_country", value=data)
        return code
