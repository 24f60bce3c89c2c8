"""Reads of hardware items, always within one company.

A list is three queries, however long: the items with everything they show joined in, read as
plain rows (`.values()` of the columns the answer's shape declares); the notes of those items;
and their movement requests' statuses (read by the logistics app, which hands its reader over).
Each row is then shaped into the interface's nested objects by plain Python.
"""

from collections.abc import Callable, Mapping
from operator import itemgetter
from uuid import UUID

from django.contrib.postgres.expressions import ArraySubquery
from django.contrib.postgres.fields import ArrayField
from django.db.models import CharField, Expression, OuterRef, QuerySet, Value

from companies.models import Company
from config.kernel.errors import NotFound
from config.kernel.filtering import apply_filters
from config.kernel.keyset import WHOLE_LIST, Keyset, Page
from config.kernel.links import absolute_url, url_base
from config.kernel.rows import Row, columns_of
from config.kernel.specs import SPEC_KEYS
from hardware.answers import (
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

# The lists' order (Hardware.Meta.ordering), by columns that never change: they page by it.
HARDWARES = Keyset("hardwares", ("-created_at", "id"))
STORAGE_HARDWARES = Keyset("hardwares/storages", HARDWARES.order)

# An item's answer, as the serializers declare it: its own columns, and the records it shows
# (their columns through its relations).
ITEM_KEYS = tuple(HardwareSerializer().fields)
COLUMNS = columns_of(HardwareSerializer)
NESTED = {
    "company": ("company", NamedRefSerializer),
    "hardwareType": ("hardware_type", HardwareTypeRefSerializer),
    # Null when the item has none.
    "commonModel": ("common_model", CommonModelSerializer),
    "employeeProfile": ("employee", EmployeeProfileSerializer),
    "storage": ("storage", StorageRefSerializer),
}
# What tells whether the item has each record that may be missing.
PRESENT = {
    "commonModel": "common_model_id",
    "employeeProfile": "employee_id",
    "storage": "storage_id",
}


def _path(path: str) -> str:
    """A column's path as read once: a related record's id is the item's own foreign key."""
    return path[: -len("__id")] + "_id" if path.endswith("__id") else path


NESTED_PATHS = {
    key: {name: _path(f"{relation}__{path}") for name, path in columns_of(shape).items()}
    for key, (relation, shape) in NESTED.items()
}
# Every column the answer shows, each read once (an item's companyId and company.id are one,
# its createdAt and its page key another), and where each is in a row.
PATHS = tuple(
    dict.fromkeys(
        [
            *COLUMNS.values(),
            *(path for paths in NESTED_PATHS.values() for path in paths.values()),
            *PRESENT.values(),
        ]
    )
)


def _getter(paths) -> itemgetter:
    """Takes the values of `paths` (at least two) out of a row of PATHS, as a tuple."""
    return itemgetter(*(PATHS.index(path) for path in paths))


# An answer is made from a row as a list of its values in the serializer's order: the item's own
# columns, each record it shows put in at its place (null where the item has none), then its
# notes and movement requests.
OWN_VALUES = _getter(COLUMNS.values())
RECORDS = [
    (
        ITEM_KEYS.index(key),
        tuple(paths),
        _getter(paths.values()),
        PATHS.index(PRESENT[key]) if key in PRESENT else None,
    )
    for key, paths in sorted(NESTED_PATHS.items(), key=lambda nested: ITEM_KEYS.index(nested[0]))
]
ID_AT = PATHS.index("id")
NOTE = Row(HardwareNoteSerializer)
NOTE_KEYS = tuple(HardwareNoteSerializer().fields)

# An item's notes, oldest first (HardwareNote.Meta.ordering), read with it: each of their columns
# as an array, in that order.
_NOTES = HardwareNote.objects.filter(hardware=OuterRef("pk")).order_by("created_at", "id")
NOTE_ARRAYS = {
    "note_contents": ArraySubquery(_NOTES.values("content")),
    "note_times": ArraySubquery(_NOTES.values("created_at")),
    "note_authors": ArraySubquery(_NOTES.values("author_email")),
}

# Reads the movement requests of items, given their ids, by item id, newest first.
MovementReader = Callable[[list[UUID]], Mapping[UUID, list[dict]]]


def _no_movements(item_ids: list[UUID]) -> Mapping[UUID, list[dict]]:
    return {}  # until the logistics app hands over its readers


# Movement requests belong to the logistics app, which sits above hardware: it hands its readers
# over when it is ready (logistics.apps): the lists' statuses of an item's requests, newest
# first, as an array read with the item (`OuterRef("pk")`), and the detail's summaries.
_movement_statuses: Expression = Value([], output_field=ArrayField(CharField()))
_movement_summaries: MovementReader = _no_movements


def movement_reader_register(*, statuses: Expression, summaries: MovementReader) -> None:
    global _movement_statuses, _movement_summaries
    _movement_statuses, _movement_summaries = statuses, summaries


def hardware_list(*, company: Company) -> QuerySet[Hardware]:
    return Hardware.objects.filter(company=company)


def hardware_rows(
    *,
    company: Company,
    filters: Mapping | None = None,
    status: HardwareStatus | None = None,
    page: Page = WHOLE_LIST,
) -> list[dict]:
    """The company's items (in `status`, or all), newest first, as the lists answer them.
    `filters` are the HardwareFilter criteria (`countryCode`, `updatedSince`); `page` a page
    of HARDWARES or STORAGE_HARDWARES."""
    items = apply_filters(HardwareFilter, hardware_list(company=company), filters)
    if status is not None:
        items = items.filter(status=status)
    items = page.narrow(items.order_by(*HARDWARES.order))
    return _answers(items, page.columns)


def hardware_row(*, company: Company, hardware_id: UUID) -> dict:
    """The item's detail: its answer, with its movement requests' summaries."""
    items = hardware_list(company=company).filter(pk=hardware_id)
    rows = _answers(items, {})
    if not rows:
        raise NotFound(HARDWARE_NOT_FOUND)
    (row,) = rows
    row["movementRequests"] = _movement_summaries([hardware_id]).get(hardware_id, [])
    return row


def _answers(items: QuerySet[Hardware], keys: Mapping) -> list[dict]:
    """The answers of `items`, in their order, each ending with the `keys` columns (a page's
    key, which the paging takes out), in one query: the item, the records it shows, its notes
    and its movement requests' statuses."""
    arrays = {**NOTE_ARRAYS, "movement_statuses": _movement_statuses}
    rows = items.annotate(**arrays).values_list(*PATHS, *arrays)
    key_at = {name: PATHS.index(column.name) for name, column in keys.items()}
    base = url_base()
    answers = []
    for row in rows:
        values = list(OWN_VALUES(row))
        for position, names, record_values, present_at in RECORDS:
            if present_at is not None and row[present_at] is None:
                values.insert(position, None)
            else:
                values.insert(position, dict(zip(names, record_values(row), strict=True)))
        contents, times, authors, statuses = row[-4:]
        notes = [
            {"content": content, "createdAt": at, "user": {"email": author}}
            for content, at, author in zip(contents, times, authors, strict=True)
        ]
        values += [notes, [{"status": status} for status in statuses]]
        answer = dict(zip(ITEM_KEYS, values, strict=True))
        _shape(answer, base)
        for name, position in key_at.items():
            answer[name] = row[position]
        answers.append(answer)
    return answers


def _shape(answer: dict, base: str) -> None:
    """An item's values as the interface shows them, in place: images absolute, the cost a
    number, and the specs only when the item has them ("only if applicable")."""
    answer["image"] = absolute_url(answer["image"], base)
    answer["hardwareType"]["image"] = absolute_url(answer["hardwareType"]["image"], base)
    if answer["commonModel"] is not None:
        answer["commonModel"]["image"] = absolute_url(answer["commonModel"]["image"], base)
    if answer["cost"] is not None:
        answer["cost"] = float(answer["cost"])
    for key in SPEC_KEYS:
        if answer[key] is None:
            del answer[key]


def hardware_payload(item: Hardware) -> dict:
    """An item as GET /hardwares/{hardwareId} shows it: the data of its events."""
    return hardware_row(company=item.company, hardware_id=item.pk)


def open_movement_of(item: Hardware) -> UUID | None:
    """The id of the open movement request carrying the item (`in_movement`): its newest, as
    no request takes an item another open one carries."""
    if not item.in_movement:
        return None
    movements = _movement_summaries([item.pk]).get(item.pk, [])
    return movements[0]["id"] if movements else None
