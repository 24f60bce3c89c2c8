"""Writes of movement requests, one module per concern: the onboarding (`onboarding`), the
offboarding and the OFF_ON (`offboarding`), the operator's moves through the statuses, the
landing at DONE and the release at CANCELLED (`moves`), the checks both creations make of their
employee and items (`checks`), an operator's correction of where an item is, which no open
request may carry (`relocation`), and an employee's leave and return, which open and cancel
their offboarding (`leaving`). Status moves go through config.kernel.workflow.transition_apply,
which keeps the history and records the event."""

from logistics.services.leaving import employee_leave, employee_return
from logistics.services.moves import (
    movement_landing,
    movement_request_move,
    movement_sandbox_advance,
)
from logistics.services.offboarding import movement_offboarding_create
from logistics.services.onboarding import movement_onboarding_create
from logistics.services.relocation import hardware_relocate

__all__ = [
    "employee_leave",
    "employee_return",
    "hardware_relocate",
    "movement_landing",
    "movement_offboarding_create",
    "movement_onboarding_create",
    "movement_request_move",
    "movement_sandbox_advance",
]
