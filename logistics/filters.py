import django_filters

from config.kernel.filtering import AnyCaseChoiceFilter, UpdatedSinceFilter
from logistics.choices import MovementType
from logistics.models import MovementRequest

INVALID_TYPE = "Invalid type: expected ONBOARDING, OFFBOARDING or OFF_ON"


class MovementRequestFilter(django_filters.FilterSet):
    type = AnyCaseChoiceFilter(choices=MovementType.choices, invalid_message=INVALID_TYPE)
    updatedSince = UpdatedSinceFilter()

    class Meta:
        model = MovementRequest
        fields = []
