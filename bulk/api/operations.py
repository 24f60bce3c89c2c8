"""What each bulk operation does with an item: the very steps of its single call, after the
company is known (the job's). An item is validated by the call's own serializer and made by
the function its view makes it with, so it gets the same rules, refusals, events and trail."""

from collections.abc import Callable
from dataclasses import dataclass

from django.db import models
from rest_framework import serializers, status

from bulk.choices import BulkOperation
from employees.api.serializers import EmployeeInputSerializer
from employees.api.views import employee_upserted
from hardware.api.serializers import HardwareCreateSerializer
from hardware.api.views import hardware_created
from logistics.api.serializers import OffboardingSerializer, OnboardingSerializer
from logistics.api.views import offboarding_created, onboarding_created


@dataclass(frozen=True)
class Operation:
    serializer: type[serializers.Serializer]
    # (company=, api_client=, data=) -> the record made or changed
    make: Callable[..., models.Model]
    # What the single call answers when it succeeds.
    status_code: int
    # Whether its body may hold an inline `company` to create or change (an item may not: a
    # job is its company's).
    takes_inline_company: bool = False


OPERATIONS = {
    BulkOperation.EMPLOYEES_UPSERT: Operation(
        EmployeeInputSerializer, employee_upserted, status.HTTP_200_OK
    ),
    BulkOperation.HARDWARES_CREATE: Operation(
        HardwareCreateSerializer, hardware_created, status.HTTP_201_CREATED
    ),
    BulkOperation.MOVEMENT_REQUESTS_ONBOARDING: Operation(
        OnboardingSerializer, onboarding_created, status.HTTP_201_CREATED
    ),
    BulkOperation.MOVEMENT_REQUESTS_OFFBOARDING: Operation(
        OffboardingSerializer,
        offboarding_created,
        status.HTTP_201_CREATED,
        takes_inline_company=True,
    ),
}
