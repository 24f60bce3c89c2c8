"""Reads of hardware items, always within one company.

Lists can be long, so they are read as plain rows in the shapes the output serializers declare
(config.api.shapes): one query for the items with everything they join, read as tuples, one for
their notes, one for their movement requests, shaped with a few dict operations per row; no
model instances, no serializer fields at work per row.
"""

from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Protocol
from uuid import UUID

from django.db.models import QuerySet

from companies.models import Company
from config.api.paging import WHOLE_LIST, Keyset, Page
from config.api.shapes import Nested, Row, TupleReader, nested_columns, tuples_of
from config.db import native_timestamps
from config.errors import NotFound
from config.filtering import apply_filters
from config.links import absolute_url, url_base
from config.specs import SPEC_KEYS
from hardware.api.serializers import (
    CommonModelSerializer,
    EmployeeProfileSerializer,
    HardwareNoteSerializer,
    HardwareSerializer,
    HardwareTypeRefSerializer,
    StorageRefSerializer,
)
from hardware.choices import HardwareStatus
from hardware.filters import HardwareFilter
from hardware.models import Hardware, HardwareNote

HARDWARE_NOT_FOUND = "Hardware not found"

# The answer's fields and their columns are those of the output serializers.
HARDWARE = Row(HardwareSerializer)
EMPLOYEE = Nested("employeeProfile", EmployeeProfileSerializer, through="employee")
STORAGE = Nested("storage", StorageRefSerializer, through="storage")
HARDWARE_TYPE = Nested("hardwareType", HardwareTypeRefSerializer, through="hardware_type")
COMMON_MODEL = Nested("commonModel", CommonModelSerializer, through="common_model")
# Read with each item, in the same query.
NESTED_COLUMNS = nested_columns(EMPLOYEE, STORAGE, HARDWARE_TYPE, COMMON_MODEL)
NOTE = Row(HardwareNoteSerializer)
# The lists' order (Hardware.Meta.ordering), by columns that never change: they page by it.
HARDWARES = Keyset("hardwares", ("-created_at", "id"))
STORAGE_HARDWARES = Keyset("hardwares/storages", HARDWARES.order)


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
    page: Page = WHOLE_LIST,
) -> list[dict]:
    """The company's items as the interface shows them, newest first. `filters` are the
    HardwareFilter criteria (`countryCode`, `updatedSince`); `page` a page of HARDWARES (or
    STORAGE_HARDWARES). Their movement requests show their status only, or a summary of each
    with `movement_detail`."""
    # The same criteria narrow the items, which the notes and movements are selected by, and
    # their answer's columns, whose `.values()` is made once (`_columns`).
    items = page.narrow(_narrowed(hardware_list(company=company), filters, status, hardware_id))
    columns = _columns(page.keyset).filter(company=company)
    columns = page.narrow(_narrowed(columns, filters, status, hardware_id))
    with native_timestamps():
        names, rows = tuples_of(columns)
        # The items' notes, selected by the same criteria rather than by a list of their ids.
        notes = _notes_by_hardware(items) if rows else {}
        movements = _movement_reader(items=items, detail=movement_detail) if rows else {}
    shape = _shaper(names, url_base())
    return [shape(row, notes, movements) for row in rows]


def _narrowed(
    items: QuerySet,
    filters: Mapping | None,
    status: HardwareStatus | None,
    hardware_id: UUID | None,
) -> QuerySet:
    items = apply_filters(HardwareFilter, items, filters)
    if status is not None:
        items = items.filter(status=status)
    if hardware_id is not None:
        items = items.filter(pk=hardware_id)
    return items


@cache
def _columns(keyset: Keyset | None) -> QuerySet:
    """The `.values()` of every item's answer columns and the key columns of `keyset`, made
    once and never read itself, only narrowed: resolving its 40-odd columns took 3 ms of a
    page of 100's 13 ms in process (load 6), narrowing a copy of it 1.3 ms."""
    return HARDWARE.values(Hardware.objects.all(), **NESTED_COLUMNS, **Page(keyset=keyset).columns)


def hardware_row(*, company: Company, hardware_id: UUID) -> dict:
    rows = hardware_rows(company=company, hardware_id=hardware_id, movement_detail=True)
    if not rows:
        raise NotFound(HARDWARE_NOT_FOUND)
    return rows[0]


def _notes_by_hardware(items: QuerySet[Hardware]) -> dict[UUID, list[dict]]:
    notes = defaultdict(list)
    item_notes = HardwareNote.objects.filter(hardware__in=items.values("pk"))
    for note in NOTE.values(item_notes, "hardware_id", "author_email"):
        hardware_id = note.pop("hardware_id")
        note["user"] = {"email": note.pop("author_email")}
        notes[hardware_id].append(note)
    return notes


def _shaper(names: Sequence[str], base: str) -> Callable[[tuple, dict, dict], dict]:
    """What makes an item's answer of its row read as a tuple of the columns `names`, its
    notes and movement requests taken from those by item id: the joined columns nested into
    the interface's objects, images absolute against `base` (config.links)."""
    own = TupleReader(names, [name for name in names if name not in NESTED_COLUMNS])
    employee, storage, hardware_type, common_model = (
        nested.reader(names) for nested in (EMPLOYEE, STORAGE, HARDWARE_TYPE, COMMON_MODEL)
    )
    employee_id = names.index("employeeProfile.id")
    storage_id = names.index("storage.id")
    model_name = names.index("commonModel.name")

    def shape(values: tuple, notes: dict, movements: dict) -> dict:
        row = own(values)
        # Shown only when the item has them ("only if applicable").
        for key in SPEC_KEYS:
            if row[key] is None:
                del row[key]
        if row["cost"] is not None:
            row["cost"] = float(row["cost"])
        row["image"] = absolute_url(row["image"], base)
        row["employeeProfile"] = employee(values) if values[employee_id] else None
        row["storage"] = storage(values) if values[storage_id] else None
        row["company"] = {"id": row["companyId"], "name": row["companyName"]}
        type_shown = hardware_type(values)
        type_shown["image"] = absolute_url(type_shown["image"], base)
        row["hardwareType"] = type_shown
        if values[model_name] is None:
            row["commonModel"] = None
        else:
            model = common_model(values)
            model["image"] = absolute_url(model["image"], base)
            row["commonModel"] = model
        row["hardwareNote"] = notes.get(row["id"], [])
        row["movementRequests"] = movements.get(row["id"], [])
        return row

    return shape
