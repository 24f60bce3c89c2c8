"""Corrections of an item's own details: its serial number (empty on items an order made, until
someone types it), description, external reference, condition, cost and purchase date. Never
where it is or whose: a movement request moves an item.

A correction is one transaction, the item locked first. What other records show of the item
follows in it: the employee who holds it (GET /employees/{id} lists their items), and, through
the listeners the apps above register (`item_corrected_listener_register`), the order line that
made it (its `serialNumbers`) and the movement requests that carry it. The item's event,
`hardware.updated`, shows it as GET /hardwares/{hardwareId} does.
"""

from collections.abc import Callable, Iterable
from uuid import UUID

from django.db import IntegrityError, transaction

from companies.models import Company
from config.kernel.changes import RecordChange
from config.kernel.database import records_touch
from config.kernel.errors import NotFound, ServiceError
from config.kernel.names import camel_case
from employees.models import Employee
from hardware.models import Hardware
from hardware.selectors import HARDWARE_NOT_FOUND
from hardware.services import SERIAL_TAKEN, hardware_updated_record

# What a correction may change, as the model names it.
CORRECTABLE_FIELDS = (
    "serial_number",
    "description",
    "external_reference",
    "damaged",
    "factory_reset",
    "new_hardware",
    "cost",
    "cost_currency",
    "date_bought",
)
# What an operator corrects too, on the item's admin page: how the item is named and shown.
OPERATOR_CORRECTABLE_FIELDS = (*CORRECTABLE_FIELDS, "brand", "name", "image", "office_name")
NOTHING_TO_UPDATE = "Nothing to update"
# What only a movement request changes, by the API's names, and how the client names it.
MOVED_ONLY = {
    "status": "status",
    "employeeProfileId": "the employee",
    "employeeEmail": "the employee",
    "storage": "the storage",
    "countryCode": "countryCode",
}
MOVED_ONLY_MESSAGE = (
    "{what} is not corrected here: an item moves with a movement request "
    "(POST /movement_requests/onboarding or /movement_requests/offboarding)"
)

# Called with the corrected item and the names of the fields whose values changed, inside the
# correction's transaction.
ItemCorrected = Callable[[Hardware, set[str]], None]
_listeners: list[ItemCorrected] = []


def item_corrected_listener_register(listener: ItemCorrected) -> None:
    _listeners.append(listener)


def moved_only_refuse(asked: Iterable[str]) -> None:
    """Refuse a correction that asks (by the API's names) for what only moves change, whatever
    else it asks: a correction is never a move."""
    details = [
        {"field": name, "message": MOVED_ONLY_MESSAGE.format(what=what)}
        for name, what in MOVED_ONLY.items()
        if name in asked
    ]
    if details:
        raise ServiceError("Invalid request data", details=details)


@transaction.atomic
def hardware_correct(*, company: Company, hardware_id: UUID, changes: dict) -> RecordChange:
    """Apply `changes` (OPERATOR_CORRECTABLE_FIELDS only; the API offers CORRECTABLE_FIELDS)
    to the company's item, and answer what changed
    (as the fix commands print it). Serial numbers stay unique within the company, as on
    creation; the database decides under races."""
    if not changes:
        raise ServiceError(NOTHING_TO_UPDATE)
    unknown = set(changes) - set(OPERATOR_CORRECTABLE_FIELDS)
    if unknown:
        raise TypeError(f"not correctable: {', '.join(sorted(unknown))}")
    items = Hardware.objects.select_related("company").select_for_update(of=("self",))
    item = items.filter(company=company, pk=hardware_id).first()
    if item is None:
        raise NotFound(HARDWARE_NOT_FOUND)
    changed = {field for field, value in changes.items() if getattr(item, field) != value}
    record = f"Item {item.pk} ({item.name}) of {company.code}"
    if not changed:
        return RecordChange(record)  # as it was: nothing written, nothing to tell
    change = RecordChange(
        record,
        {camel_case(field): (getattr(item, field), changes[field]) for field in sorted(changed)},
    )
    for field in changed:
        setattr(item, field, changes[field])
    try:
        with transaction.atomic():
            item.save(update_fields=[*changed, "updated_at"])
    except IntegrityError as error:
        if "serial_number" in changed:
            raise ServiceError.invalid_field("serialNumber", SERIAL_TAKEN) from error
        raise
    if item.employee_id is not None:
        records_touch(Employee.objects.filter(pk=item.employee_id))
    for listener in _listeners:
        listener(item, changed)
    hardware_updated_record(item)
    return change
