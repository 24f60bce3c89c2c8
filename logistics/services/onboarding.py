"""POST /movement_requests/onboarding: storage hardware to an employee."""

from datetime import date
from uuid import UUID

from companies.models import Company
from config.kernel.actors import Actor, ActorKind
from config.kernel.database import atomic_retried
from config.kernel.workflow import event_record_about, status_history_write
from employees.services import EmployeeDetails
from hardware import services as hardware_services
from hardware.choices import HardwareStatus
from logistics.choices import HandledBy, MovementStatus, MovementType, SendTo
from logistics.models import MovementRequest
from logistics.selectors import movement_request_payload_created
from logistics.services.checks import countries_check, employee_named, items_check


@atomic_retried
def movement_onboarding_create(
    *,
    company: Company,
    actor: Actor,
    hardware_ids: list[UUID],
    employee_email: str | None = None,
    employee: EmployeeDetails | None = None,
    expected_date: date | None = None,
) -> MovementRequest:
    """Storage hardware to an employee (named by e-mail, or created or updated from inline
    data). The items are locked while they are checked and claimed, so two requests for one
    item can never both succeed."""
    employee = employee_named(company, employee_email, employee)
    items = hardware_services.hardware_lock(company=company, hardware_ids=hardware_ids)
    items_check(items, lambda item: item.status == HardwareStatus.STORAGE, "is not in storage")
    countries_check(items, employee)
    hardware_services.hardware_mark_in_movement(items=items, in_movement=True)
    # Numbered by the insert (config.kernel.numbering).
    movement = MovementRequest.objects.create(
        company=company,
        type=MovementType.ONBOARDING,
        status=MovementStatus.PROCESSING,
        send_to=SendTo.EMPLOYEE,
        handled_by=HandledBy.PROVIDER,
        expected_date=expected_date,
        to_employee=employee,
        # Compatible countries share one warehouse, so every item leaves the same storage
        # (read with the items: hardware_lock).
        storage=items[0].storage,
        api_client_requester_name=actor.name if actor.kind == ActorKind.API_CLIENT else None,
    )
    # A new request carries no item yet: `add` inserts without first reading what it carries.
    movement.hardwares.add(*items)
    # The employee is not touched: their answer lists the items they hold, and they hold none
    # of these before DONE, whose landing touches them
    # (docs/decisions/0041-what-moves-updated-at.md).
    change = status_history_write(movement, status_from=None, actor=actor)
    event_record_about(
        movement,
        "movement_request.created",
        shown=lambda: movement_request_payload_created(movement, change, items),
    )
    return movement
