"""A merge's part (employees.merging): the duplicate's open movement requests are the kept
employee's. DONE and CANCELLED requests keep naming the duplicate: they are the history of
what it held."""

from django.db.models import Q

from config.kernel.changes import RecordChange
from config.kernel.errors import ServiceError
from employees.models import Employee
from hardware.models import Hardware
from logistics.models import MovementRequest
from logistics.selectors import OPEN_STATUSES

BOTH_MOVE_ITEM = (
    "Both employees hold an open movement request for {item} ({requests}): finish it before "
    "merging them"
)
# Where a request names an employee, by the names the operator reads.
PARTS = {"from_employee": "from employee", "to_employee": "to employee"}


def movements_hand_over(duplicate: Employee, keep: Employee) -> list[RecordChange]:
    """Refused when an item is in open requests of both (one request between the two included:
    merged, it would move the item from the person to the same person)."""
    theirs = list(
        _open_requests_of(duplicate).select_for_update().order_by("movement_request_number")
    )
    if not theirs:
        return []
    _no_item_in_both(theirs, _open_requests_of(keep))
    changes = []
    for request in theirs:
        named = [field for field in PARTS if getattr(request, f"{field}_id") == duplicate.pk]
        for field in named:
            setattr(request, field, keep)
        request.save(update_fields=[*named, "updated_at"])
        changes.append(
            RecordChange(
                f"Movement request {request.movement_request_number}",
                {PARTS[field]: (duplicate.email, keep.email) for field in named},
            )
        )
    return changes


def _open_requests_of(employee: Employee):
    named = Q(from_employee=employee) | Q(to_employee=employee)
    return MovementRequest.objects.filter(named, status__in=OPEN_STATUSES)


def _no_item_in_both(theirs: list[MovementRequest], kept_requests) -> None:
    carried = MovementRequest.hardwares.through.objects
    shared = (
        carried.filter(movementrequest__in=theirs)
        .filter(hardware__in=carried.filter(movementrequest__in=kept_requests).values("hardware"))
        .values_list("hardware", flat=True)
        .order_by("hardware")
        .first()
    )
    if shared is None:
        return
    item = Hardware.objects.get(pk=shared)
    numbers = [
        str(number)
        for number in MovementRequest.objects.filter(
            Q(pk__in=[request.pk for request in theirs]) | Q(pk__in=kept_requests), hardwares=item
        )
        .order_by("movement_request_number")
        .values_list("movement_request_number", flat=True)
    ]
    requests = ("movement requests " if len(numbers) > 1 else "movement request ") + ", ".join(
        numbers
    )
    raise ServiceError(BOTH_MOVE_ITEM.format(item=item, requests=requests))
