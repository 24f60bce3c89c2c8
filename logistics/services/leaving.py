"""An employee's leave and return, as an identity provider tells them (issue 30, SCIM;
docs/decisions/0084-movement-requests-cancelled-and-leave-offboarding.md).

A leave deactivates the employee and opens one offboarding for what they hold; a return makes
them ACTIVE again and cancels that offboarding while it is still PROCESSING. Both lock the
employee first, so a leave and a return (or two of either) run one after the other and each
sees what the one before committed."""

from config.kernel.actors import Actor, ActorKind
from config.kernel.database import atomic_retried
from config.kernel.errors import NotFound
from employees.choices import EmployeeStatus
from employees.models import Employee
from employees.selectors import EMPLOYEE_NOT_FOUND
from employees.services import employee_deactivate, employee_reactivate
from hardware.choices import Lifecycle
from hardware.models import Hardware
from logistics.choices import HandledBy, MovementStatus
from logistics.models import MovementRequest
from logistics.services.moves import movement_request_move
from logistics.services.offboarding import offboarding_open


@atomic_retried
def employee_leave(
    *, employee: Employee, requester_name: str, actor: Actor | None = None
) -> MovementRequest | None:
    """The person left. In one transaction: the items they hold that can move (none already
    in movement: those are in an open request, which takes them back already) go into one
    OFFBOARDING, handled by the PROVIDER, to the storage of their country, requested by
    `requester_name` and marked `opened_on_leave` (`movement_request.created` is recorded);
    then the admin's deactivation makes them DEACTIVATED, every item they hold being taken
    back by now.

    Returns the offboarding, or None when none was needed: nothing movable held, or the
    employee DEACTIVATED already (a repeated leave makes nothing new). The history's first
    entry is by `actor`, by default the requester as an API client."""
    employee = _employee_locked(employee)
    if employee.status == EmployeeStatus.DEACTIVATED:
        return None
    # Locked after the employee; rows a concurrent write changed are read again by PostgreSQL
    # and skipped unless they still match.
    # A retired item (lost, stolen) stays where it was last: nothing comes back.
    held = (
        Hardware.objects.select_for_update()
        .filter(employee=employee, in_movement=False)
        .exclude(lifecycle=Lifecycle.RETIRED)
    )
    items = list(held.order_by("pk"))
    movement = None
    if items:
        movement = offboarding_open(
            company=employee.company,
            employee=employee,
            items=items,
            handled_by=HandledBy.PROVIDER,
            requester_name=requester_name,
            actor=actor or _requester(requester_name),
            opened_on_leave=True,
        )
    employee_deactivate(employee_id=employee.pk)
    return movement


@atomic_retried
def employee_return(*, employee: Employee, actor: Actor | None = None) -> list[MovementRequest]:
    """The person is active again. In one transaction: ACTIVE (employee_reactivate), and each
    offboarding a leave of theirs opened that is still PROCESSING is CANCELLED by the
    operator's move (history, `movement_request.status_changed`), its items released, still
    theirs. A COORDINATED one is on its way: it stays, for the operator to decide.

    Returns the cancelled requests, oldest first. Each cancel is by `actor`, by default the
    requester who opened it (the same identity provider, as an API client)."""
    employee = _employee_locked(employee)
    employee_reactivate(employee_id=employee.pk)
    # Locked before the move reads them again: one an operator coordinated meanwhile no
    # longer matches, and stays.
    opened = MovementRequest.objects.select_for_update().filter(
        from_employee=employee, opened_on_leave=True, status=MovementStatus.PROCESSING
    )
    return [
        movement_request_move(
            movement_request_id=movement.pk,
            to_status=MovementStatus.CANCELLED,
            actor=actor or _requester(movement.api_client_requester_name),
        )
        for movement in opened.order_by("movement_request_number")
    ]


def _employee_locked(employee: Employee) -> Employee:
    locked = (
        Employee.objects.select_for_update(of=("self",))
        .select_related("company")
        .filter(pk=employee.pk)
        .first()
    )
    if locked is None:
        raise NotFound(EMPLOYEE_NOT_FOUND)
    return locked


def _requester(name: str) -> Actor:
    return Actor(ActorKind.API_CLIENT, name)
