"""Filtering with django-filter, refusing bad criteria with the interface's messages."""

from collections.abc import Mapping

import django_filters
from django import forms
from django.db.models import QuerySet

from config.countries import is_country_code
from config.errors import ServiceError

INVALID_COUNTRY_CODE = "Invalid country code"


class CountryCodeFormField(forms.CharField):
    """A country code in any case, cleaned to capitals; `EU` is one too."""

    def clean(self, value):
        # Checked before the form field's own cleaning, so any bad code (a NUL byte too) gets
        # the interface's message.
        code = (value or "").strip().upper()
        if code and not is_country_code(code, allow_eu=True):
            raise forms.ValidationError(INVALID_COUNTRY_CODE)
        return code or None


class CountryCodeFilter(django_filters.CharFilter):
    field_class = CountryCodeFormField


def apply_filters(
    filterset_class: type[django_filters.FilterSet],
    queryset: QuerySet,
    criteria: Mapping | None,
) -> QuerySet:
    """`queryset` narrowed by `criteria` (e.g. query parameters); a bad criterion is a 400
    whose message is the filter's own (`Invalid country code`)."""
    filterset = filterset_class(criteria or {}, queryset=queryset)
    if not filterset.is_valid():
        raise ServiceError(next(iter(filterset.errors.values()))[0])
    return filterset.qs
