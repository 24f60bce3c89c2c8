import django_filters

from config.kernel.filtering import AnyCaseChoiceFilter, UpdatedSinceFilter
from logistics.choices import MovementStatus, MovementType
from logistics.models import MovementRequest

INVALID_TYPE = "Invalid type: expected ONBOARDING, OFFBOARDING or OFF_ON"
# Listed from the choices, so a new status is named here too.
INVALID_STATUS = (
    f"Invalid status: expected {', '.join(MovementStatus.values[:-1])} "
    f"or {MovementStatus.values[-1]}"
)


class MovementRequestFilter(django_filters.FilterSet):
    # The interface's criterion: empty is no criterion (docs/decisions/0026), as its schema says.
    type = AnyCaseChoiceFilter(
        choices=MovementType.choices, invalid_message=INVALID_TYPE, empty_is_no_criterion=True
    )
    status = AnyCaseChoiceFilter(choices=MovementStatus.choices, invalid_message=INVALID_STATUS)
    updatedSince = UpdatedSinceFilter()

    class Meta:
        model = MovementRequest
        fields = []
