"""Reads of hardware items, always within one company.

Lists can be long, so they are read as plain rows already named as the interface names them
(one query for the items with everything they join, one for their notes, one for their
movement requests) and shaped with a few dict operations per row: no model instances, no
serializer fields.
"""

from collections import defaultdict
from collections.abc import Mapping
from typing import Protocol
from uuid import UUID

from django.db.models import F, QuerySet

from companies.models import Company
from config.db import native_timestamps
from config.errors import NotFound
from config.filtering import apply_filters
from hardware.choices import HardwareStatus
from hardware.filters import HardwareFilter
from hardware.models import Hardware, HardwareNote

HARDWARE_NOT_FOUND = "Hardware not found"

# Columns whose interface name is the model field's name.
SAME_NAME_COLUMNS = (
    "id",
    "description",
    "brand",
    "name",
    "ram",
    "processor",
    "image",
    "status",
    "damaged",
    "cost",
)
# Interface name -> ORM path, for the rest.
RENAMED_COLUMNS = {
    "serialNumber": "serial_number",
    "diskSpace": "disk_space",
    "displaySize": "display_size",
    "dateBought": "date_bought",
    "countryCode": "country_code",
    "newHardware": "new_hardware",
    "externalReference": "external_reference",
    "factoryReset": "factory_reset",
    "costCurrency": "cost_currency",
    "inMovement": "in_movement",
    "createdAt": "created_at",
    "updatedAt": "updated_at",
    "companyId": "company_id",
    "companyName": "company__name",
    "createdThrough": "created_through",
    "createdOrderId": "created_order_id",
    "createdUserId": "created_user_id",
    "hardwareTypeName": "hardware_type__name",
    "hardwareTypeImage": "hardware_type__image",
    "employeeId": "employee_id",
    "employeeFirstName": "employee__first_name",
    "employeeLastName": "employee__last_name",
    "employeeEmail": "employee__email",
    "storageId": "storage_id",
    "storageCountryCode": "storage__country_code",
    "commonModelName": "common_model__name",
    "commonModelRam": "common_model__ram",
    "commonModelDisplaySize": "common_model__display_size",
    "commonModelDiskSpace": "common_model__disk_space",
    "commonModelProcessor": "common_model__processor",
    "commonModelImage": "common_model__image",
}
# Shown only when the item has them ("only if applicable").
SPEC_KEYS = ("ram", "diskSpace", "displaySize", "processor")


class MovementReader(Protocol):
    def __call__(self, *, items: QuerySet[Hardware], detail: bool) -> dict[UUID, list[dict]]:
        """The movement requests of `items` by item id, newest first, in one query: `{status}`
        each in the lists, the interface's summary of each request on the `detail`."""


def _no_movements(*, items: QuerySet[Hardware], detail: bool) -> dict[UUID, list[dict]]:
    return {}  # until a movement app hands over its reader


# Movement requests belong to the logistics app, which sits above hardware: it hands its reader
# over when it is ready (logistics.apps), so hardware reads them without importing logistics.
_movement_reader: MovementReader = _no_movements


def movement_reader_register(reader: MovementReader) -> None:
    global _movement_reader
    _movement_reader = reader


def hardware_list(*, company: Company) -> QuerySet[Hardware]:
    return Hardware.objects.filter(company=company)


def hardware_rows(
    *,
    company: Company,
    filters: Mapping | None = None,
    status: HardwareStatus | None = None,
    hardware_id: UUID | None = None,
    movement_detail: bool = False,
) -> list[dict]:
    """The company's items as the interface shows them, newest first. `filters` are the
    HardwareFilter criteria (`countryCode`). Their movement requests show their status only,
    or a summary of each with `movement_detail`."""
    items = apply_filters(HardwareFilter, hardware_list(company=company), filters)
    if status is not None:
        items = items.filter(status=status)
    if hardware_id is not None:
        items = items.filter(pk=hardware_id)
    with native_timestamps():
        rows = list(
            items.values(
                *SAME_NAME_COLUMNS, **{name: F(path) for name, path in RENAMED_COLUMNS.items()}
            )
        )
        # The items' notes, selected by the same criteria rather than by a list of their ids.
        notes = _notes_by_hardware(items) if rows else {}
        movements = _movement_reader(items=items, detail=movement_detail) if rows else {}
    return [_shape(row, notes.get(row["id"], []), movements.get(row["id"], [])) for row in rows]


def hardware_row(*, company: Company, hardware_id: UUID) -> dict:
    rows = hardware_rows(company=company, hardware_id=hardware_id, movement_detail=True)
    if not rows:
        raise NotFound(HARDWARE_NOT_FOUND)
    return rows[0]


def _notes_by_hardware(items: QuerySet[Hardware]) -> dict[UUID, list[dict]]:
    notes = defaultdict(list)
    for note in HardwareNote.objects.filter(hardware__in=items.values("pk")).values(
        "hardware_id", "content", "created_at", "author_email"
    ):
        notes[note["hardware_id"]].append(
            {
                "content": note["content"],
                "createdAt": note["created_at"],
                "user": {"email": note["author_email"]},
            }
        )
    return notes


def _shape(row: dict, notes: list[dict], movements: list[dict]) -> dict:
    """Nest the joined columns into the interface's objects, in place."""
    for key in SPEC_KEYS:
        if row[key] is None:
            del row[key]
    if row["cost"] is not None:
        row["cost"] = float(row["cost"])
    employee_id = row.pop("employeeId")
    first_name, last_name = row.pop("employeeFirstName"), row.pop("employeeLastName")
    email = row.pop("employeeEmail")
    row["employeeProfile"] = (
        {"id": employee_id, "firstName": first_name, "lastName": last_name, "email": email}
        if employee_id
        else None
    )
    storage_id, storage_country = row.pop("storageId"), row.pop("storageCountryCode")
    row["storage"] = {"id": storage_id, "countryCode": storage_country} if storage_id else None
    row["company"] = {"id": row["companyId"], "name": row["companyName"]}
    row["hardwareType"] = {
        "name": row.pop("hardwareTypeName"),
        "image": row.pop("hardwareTypeImage"),
    }
    common_model = {
        "name": row.pop("commonModelName"),
        "ram": row.pop("commonModelRam"),
        "displaySize": row.pop("commonModelDisplaySize"),
        "diskSpace": row.pop("commonModelDiskSpace"),
        "processor": row.pop("commonModelProcessor"),
        "image": row.pop("commonModelImage"),
    }
    row["commonModel"] = common_model if common_model["name"] is not None else None
    row["hardwareNote"] = notes
    row["movementRequests"] = movements
    return row
