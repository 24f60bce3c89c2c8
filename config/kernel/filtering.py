"""Filtering with django-filter, refusing bad criteria with the interface's messages."""

import re
from collections.abc import Mapping
from datetime import UTC, datetime

import django_filters
from django import forms
from django.db.models import QuerySet

from config.kernel.countries import is_country_code
from config.kernel.errors import ServiceError

INVALID_COUNTRY_CODE = "Invalid country code"
# An instant's refusal says the format, with an example a client can copy.
INSTANT_EXPECTED = "expected an ISO 8601 date-time with its offset, such as 2026-11-27T09:30:00Z"


def instant_refusal(name: str) -> str:
    """The message refusing query parameter `name` that is no instant."""
    return f"Invalid {name}: {INSTANT_EXPECTED}"


INVALID_UPDATED_SINCE = instant_refusal("updatedSince")
# An offset sent unescaped in a query string (`+01:00`) arrives with a space for its plus sign.
_OFFSET_UNESCAPED = re.compile(r" (\d{2}:?\d{2})$")


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


class AnyCaseChoiceFormField(django_filters.fields.ChoiceField):
    def __init__(self, *, empty_is_no_criterion: bool = False, **kwargs):
        self.empty_is_no_criterion = empty_is_no_criterion
        super().__init__(**kwargs)

    def clean(self, value):
        # Absent is None; sent empty (`?status=`) is a value, outside the choices like any other.
        if isinstance(value, str) and not value.strip() and not self.empty_is_no_criterion:
            raise forms.ValidationError(
                self.error_messages["invalid_choice"],
                code="invalid_choice",
                params={"value": value},
            )
        return super().clean(value)

    def to_python(self, value):
        return super().to_python(value).strip().upper()


class AnyCaseChoiceFilter(django_filters.ChoiceFilter):
    """A code in any case (`offboarding`), like the other codes of the criteria (companyCode,
    countryCode); another is refused with `invalid_message`, which names the choices.

    Sent empty, it is refused the same way, as its parameter's schema (an enum) says; unless
    `empty_is_no_criterion`, for a criterion whose schema says `allowEmptyValue`
    (config.api.schema.EMPTY_IS_NO_CRITERION): there empty is no criterion."""

    field_class = AnyCaseChoiceFormField

    def __init__(self, *, invalid_message: str, empty_is_no_criterion: bool = False, **kwargs):
        super().__init__(
            error_messages={"invalid_choice": invalid_message},
            empty_is_no_criterion=empty_is_no_criterion,
            **kwargs,
        )


class InstantFormField(forms.CharField):
    """An ISO 8601 date-time with its offset (`2026-11-23T09:30:00Z`, `...+01:00`): an instant.
    One without an offset names no instant (whose midnight?), so it is refused."""

    def __init__(self, *, invalid_message: str, **kwargs):
        self.invalid_message = invalid_message
        super().__init__(**kwargs)

    def clean(self, value):
        text = _OFFSET_UNESCAPED.sub(r"+\1", (value or "").strip())
        if not text:
            return None
        try:
            instant = datetime.fromisoformat(text.replace("z", "Z"))
            if instant.tzinfo is None or "T" not in text.upper():
                raise ValueError("no instant")
            # In UTC, as it is compared: year 1 at +01:00 is before any year there is.
            return instant.astimezone(UTC)
        except (ValueError, OverflowError):
            raise forms.ValidationError(self.invalid_message) from None


class UpdatedSinceFilter(django_filters.Filter):
    """`updatedSince`: the records whose updatedAt is at or after the instant."""

    field_class = InstantFormField

    def __init__(self, **kwargs):
        kwargs.setdefault("field_name", "updated_at")
        super().__init__(lookup_expr="gte", invalid_message=INVALID_UPDATED_SINCE, **kwargs)


def apply_filters(
    filterset_class: type[django_filters.FilterSet],
    queryset: QuerySet,
    criteria: Mapping | None,
) -> QuerySet:
    """`queryset` narrowed by `criteria` (e.g. query parameters); a bad criterion is a 400
    whose message is the filter's own (`Invalid country code`)."""
    filterset = _filterset_checked(filterset_class, queryset, criteria)
    return queryset if filterset is None else filterset.qs


def _filterset_checked(
    filterset_class: type[django_filters.FilterSet], queryset: QuerySet, criteria: Mapping | None
) -> django_filters.FilterSet | None:
    """The filterset of `criteria` over `queryset`, its criteria checked (the first bad one
    refused with its own message); None when `criteria` hold none of its criteria, without
    building its filters and form (a quarter of a millisecond, on every list read without
    criteria)."""
    if not criteria or not criteria.keys() & filterset_class.base_filters.keys():
        return None
    filterset = filterset_class(criteria, queryset=queryset)
    if not filterset.is_valid():
        raise ServiceError(next(iter(filterset.errors.values()))[0])
    return filterset
