import django_filters

from config.filtering import UpdatedSinceFilter
from logistics.choices import MovementType
from logistics.models import MovementRequest

INVALID_TYPE = "Invalid type: expected ONBOARDING, OFFBOARDING or OFF_ON"


class MovementTypeFormField(django_filters.fields.ChoiceField):
    """A movement type in any case, like the other codes of the criteria (companyCode,
    countryCode)."""

    default_error_messages = {"invalid_choice": INVALID_TYPE}

    def to_python(self, value):
        return super().to_python(value).strip().upper()


class MovementTypeFilter(django_filters.ChoiceFilter):
    field_class = MovementTypeFormField


class MovementRequestFilter(django_filters.FilterSet):
    type = MovementTypeFilter(choices=MovementType.choices)
    updatedSince = UpdatedSinceFilter()

    class Meta:
        model = MovementRequest
        fields = []
