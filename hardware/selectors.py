"""Reads of hardware items, always within one company.

Lists can be long, so they are read as plain rows in the shapes the output serializers declare
(config.api.shapes): one query for the items with everything they join and their notes and
movement requests as JSON lists (config.json_lists), read as tuples, shaped with a few dict
operations per row; no model instances, no serializer fields at work per row. The detail reads
its item's movement requests' summaries in a query of their own.
"""

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Protocol
from uuid import UUID

from django.db.models import Expression, F, OuterRef, QuerySet, Value

from companies.models import Company
from config.api.paging import WHOLE_LIST, Keyset, Page
from config.api.shapes import Nested, Row, TupleReader, columns_of, nested_columns, tuples_of
from config.db import native_timestamps
from config.errors import NotFound
from config.filtering import apply_filters
from config.json_lists import JsonList, loads
from config.links import absolute_url, url_base
from config.specs import specs_applicable
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
# An item's notes as the answer shows them, oldest first (HardwareNote.Meta.ordering).
NOTE_JSON = {
    **{name: F(path) for name, path in columns_of(HardwareNoteSerializer).items()},
    "user": {"email": F("author_email")},
}
# Read with each item as JSON lists (config.json_lists).
JSON_LISTS = ("hardwareNote", "movementRequests")
# The lists' order (Hardware.Meta.ordering), by columns that never change: they page by it.
HARDWARES = Keyset("hardwares", ("-created_at", "id"))
STORAGE_HARDWARES = Keyset("hardwares/storages", HARDWARES.order)


class MovementReader(Protocol):
    def __call__(self, *, items: QuerySet[Hardware]) -> dict[UUID, list[dict]]:
        """The movement requests of `items` by item id, newest first, in one query: the
        interface's summary of each request, as the detail shows them."""


def _no_movements(*, items: QuerySet[Hardware]) -> dict[UUID, list[dict]]:
    return {}  # until a movement app hands over its readers


# Movement requests belong to the logistics app, which sits above hardware: it hands its readers
# over when it is ready (logistics.apps), so hardware reads them without importing logistics:
# the lists' `{status}` of each request, a JSON list read with the item `OuterRef("pk")`, and
# the detail's summaries.
_movement_statuses: Expression = Value("[]")
_movement_summaries: MovementReader = _no_movements


def movement_reader_register(*, statuses: JsonList, summaries: MovementReader) -> None:
    global _movement_statuses, _movement_summaries
    _movement_statuses, _movement_summaries = statuses, summaries


def hardware_list(*, company: Company) -> QuerySet[Hardware]:
    return Hardware.objects.filter(company=company)


def hardware_rows(
    *,
    company: Company | QuerySet[Company],
    filters: Mapping | None = None,
    status: HardwareStatus | None = None,
    hardware_id: UUID | None = None,
    movement_detail: bool = False,
    page: Page = WHOLE_LIST,
) -> list[dict]:
    """The company's items as the interface shows them, newest first: `company` is one, or a
    query of at most one (companies.api.scoping.CompanyScope). `filters` are the
    HardwareFilter criteria (`countryCode`, `updatedSince`); `page` a page of HARDWARES (or
    STORAGE_HARDWARES). Their movement requests show their status only, or a summary of each
    with `movement_detail`."""
    # The answer's columns, whose `.values()` is made once (`_columns`), narrowed by the criteria.
    columns = _columns(page.keyset, movement_detail).filter(company=company)
    columns = page.narrow(_narrowed(columns, filters, status, hardware_id))
    with native_timestamps():
        names, rows = tuples_of(columns)
        summaries = {}
        if movement_detail and rows:
            # The detail's, selected by the same criteria rather than by the items' ids.
            items = _narrowed(hardware_list(company=company), filters, status, hardware_id)
            summaries = _movement_summaries(items=items)
    shape = _shaper(names, url_base())
    rows = [shape(row) for row in rows]
    for row in rows if movement_detail else ():
        row["movementRequests"] = summaries.get(row["id"], [])
    return rows


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
def _columns(keyset: Keyset | None, movement_detail: bool) -> QuerySet:
    """The `.values()` of every item's answer columns, its notes and (but on the detail) its
    movement requests' statuses, and the key columns of `keyset`, made once and never read
    itself, only narrowed: resolving its 40-odd columns took 3 ms of a page of 100's 13 ms in
    process (load 6), narrowing a copy of it 1.3 ms."""
    lists = {
        "hardwareNote": JsonList(HardwareNote.objects.filter(hardware=OuterRef("pk")), NOTE_JSON),
        **({} if movement_detail else {"movementRequests": _movement_statuses}),
    }
    return HARDWARE.values(
        Hardware.objects.all(), **NESTED_COLUMNS, **lists, **Page(keyset=keyset).columns
    )


def hardware_row(*, company: Company, hardware_id: UUID) -> dict:
    rows = hardware_rows(company=company, hardware_id=hardware_id, movement_detail=True)
    if not rows:
        raise NotFound(HARDWARE_NOT_FOUND)
    return rows[0]


def _shaper(names: Sequence[str], base: str) -> Callable[[tuple], dict]:
    """What makes an item's answer of its row read as a tuple of the columns `names`: the
    joined columns nested into the interface's objects, its notes and movement requests read
    from their JSON, images absolute against `base` (config.links)."""
    # The lists come last in the answer, after the nested objects.
    own = TupleReader(
        names, [name for name in names if name not in NESTED_COLUMNS and name not in JSON_LISTS]
    )
    notes = names.index("hardwareNote")
    movements = names.index("movementRequests") if "movementRequests" in names else None
    employee, storage, hardware_type, common_model = (
        nested.reader(names) for nested in (EMPLOYEE, STORAGE, HARDWARE_TYPE, COMMON_MODEL)
    )
    employee_id = names.index("employeeProfile.id")
    storage_id = names.index("storage.id")
    model_name = names.index("commonModel.name")

    def shape(values: tuple) -> dict:
        row = own(values)
        # Shown only when the item has them ("only if applicable").
        specs_applicable(row)
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
        row["hardwareNote"] = loads(values[notes])
        if movements is not None:  # the detail's are read on their own
            row["movementRequests"] = loads(values[movements])
        return row

    return shape
