"""Reads of hardware items, always within one company.

Lists can be long, so each item's answer is assembled from its row's plain columns by a
function made for its shape (config.answers), the shape the output serializers declare: one
query for the items with everything they join and their notes and movement requests as JSON
lists the database writes (config.json_lists). No model instances and no serializer fields at
work per item. The detail reads its item the same way, and its movement requests' summaries in
a query of their own.
"""

from collections.abc import Mapping
from functools import cache
from typing import Protocol
from uuid import UUID

from django.db.models import Expression, F, OuterRef, QuerySet, UUIDField, Value

from companies.models import Company
from companies.selectors import CompanyCoded, company_selected
from config.answers import NullUnless, Raw, RowAnswers
from config.api.paging import WHOLE_LIST, Keyset, Page
from config.api.shapes import columns_of, json_shape
from config.compiled import Param, compiled_rows
from config.db import Constant, native_timestamps
from config.errors import NotFound
from config.filtering import filters_cleaned, filters_parametrized, filters_values
from config.json_lists import JsonList
from config.links import url_base
from config.specs import SPEC_KEYS
from hardware.api.serializers import (
    CommonModelSerializer,
    EmployeeProfileSerializer,
    HardwareNoteSerializer,
    HardwareSerializer,
    HardwareTypeRefSerializer,
    NamedRefSerializer,
    StorageRefSerializer,
)
from hardware.choices import HardwareStatus
from hardware.filters import HardwareFilter
from hardware.models import Hardware, HardwareNote

HARDWARE_NOT_FOUND = "Hardware not found"

# An item's notes as the answer shows them, oldest first (HardwareNote.Meta.ordering).
NOTE_JSON = {
    **{name: F(path) for name, path in columns_of(HardwareNoteSerializer).items()},
    "user": {"email": F("author_email")},
}
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
    company: Company | CompanyCoded,
    filters: Mapping | None = None,
    status: HardwareStatus | None = None,
    hardware_id: UUID | None = None,
    movement_detail: bool = False,
    page: Page = WHOLE_LIST,
) -> list[tuple]:
    """The company's items, newest first, as rows of their answer's columns, ending with their
    key columns in HARDWARES' order whatever the page (`hardware_answers` makes their
    answers): `company` is one read already, or named by its code
    (companies.api.scoping.CompanyScope). `filters` are the HardwareFilter
    criteria (`countryCode`, `updatedSince`); `page` a page of HARDWARES (or
    STORAGE_HARDWARES). Their movement requests show their status only, or none with
    `movement_detail` (the detail reads their summaries itself). The query's SQL is compiled
    once per shape (config.compiled)."""
    if page.keyset is not None and page.keyset.order != HARDWARES.order:
        # A page takes its key from a row's last values, which are HARDWARES' key columns.
        raise ValueError(f"items page in HARDWARES' order, not {page.keyset.order}")
    selected = company_selected(company)
    if selected is None:
        return []
    selection, company_compared, values = selected
    criteria = filters_cleaned(HardwareFilter, filters)
    page, page_values = page.parametrized(Hardware)

    def build() -> QuerySet:
        # The answer's columns, whose `.values()` is made once (`_columns`), narrowed.
        items = _columns(movement_detail).filter(company=company_compared)
        items = filters_parametrized(HardwareFilter, items, criteria)
        if status is not None:
            items = items.filter(status=Constant(status))
        if hardware_id is not None:
            items = items.filter(pk=Param("hardware", UUIDField()))
        return page.narrow(items)

    shape = (
        "hardwares",
        selection,
        tuple(criteria),
        status,
        hardware_id is not None,
        movement_detail,
        page,
    )
    values = {**values, **page_values, **filters_values(criteria), "hardware": hardware_id}
    with native_timestamps():
        # Planned once for any company: a large company's page reads a page, not its every
        # item (docs/decisions.md, "Pages planned once for any company").
        return compiled_rows(shape, build, values, for_any_values=True)


def hardware_answers(rows: list[tuple]) -> list[dict]:
    """The answers of rows read by `hardware_rows` (without `movement_detail`), for the
    request being answered (its images' absolute URLs)."""
    return _answers(movement_detail=False).of(rows, url_base())


@cache
def _columns(movement_detail: bool) -> QuerySet:
    """The `.values()` of every item's answer columns, made once: resolving its columns took
    about 3 ms, paid now once per list shape rather than on each connection that compiles it
    (config.compiled)."""
    return Hardware.objects.values(**_answers(movement_detail=movement_detail).columns)


@cache
def _answers(movement_detail: bool) -> RowAnswers:
    # Both lists page in the same order, so a row ends with the key of either (a page of
    # either reads its last values), read once with the answer's `createdAt` and `id`.
    keys = Page(keyset=HARDWARES).columns.values()
    return RowAnswers(
        _answer_shape(movement_detail), name="hardwares", model=Hardware, keys=tuple(keys)
    )


def _answer_shape(movement_detail: bool) -> dict:
    """An item's answer (config.answers): the joined records' columns as the interface's
    nested objects, the specs only when the item has them ("only if applicable"), its notes
    and (but on the detail) its movement requests' statuses."""
    notes = JsonList(HardwareNote.objects.filter(hardware=OuterRef("pk")), NOTE_JSON)
    shape = json_shape(
        HardwareSerializer,
        optional=SPEC_KEYS,
        company=json_shape(NamedRefSerializer, through="company"),
        hardwareType=json_shape(HardwareTypeRefSerializer, through="hardware_type"),
        commonModel=NullUnless(
            F("common_model"), json_shape(CommonModelSerializer, through="common_model")
        ),
        employeeProfile=NullUnless(
            F("employee"), json_shape(EmployeeProfileSerializer, through="employee")
        ),
        storage=NullUnless(F("storage"), json_shape(StorageRefSerializer, through="storage")),
        hardwareNote=Raw(notes),
        movementRequests=Raw(_movement_statuses),
    )
    if movement_detail:
        del shape["movementRequests"]
    return shape


def hardware_row(*, company: Company, hardware_id: UUID) -> dict:
    """The item's detail: its answer with its movement requests' summaries."""
    rows = hardware_rows(company=company, hardware_id=hardware_id, movement_detail=True)
    if not rows:
        raise NotFound(HARDWARE_NOT_FOUND)
    (row,) = _answers(movement_detail=True).of(rows, url_base())
    summaries = _movement_summaries(items=hardware_list(company=company).filter(pk=hardware_id))
    row["movementRequests"] = summaries.get(hardware_id, [])
    return row
