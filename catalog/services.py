"""Writes of the catalog: loading a CSV file of items, whole or not at all.

The catalog sits below the hardware app, so it does not know the hardware types: whoever
imports passes the valid type names (the hardware app's `import_catalog` command reads them
from its table; `seed_demo` loads the demo catalog through it).
"""

import csv
import re
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from pathlib import Path

from django.db import transaction
from django.utils import timezone

from catalog.models import CatalogItem
from config.kernel.countries import is_country_code
from config.kernel.errors import ServiceError
from config.kernel.specs import SPEC_KEYS, SPECS

CSV_HEADER = [
    *"countryCode,brand,name,hardwareType,manufacturerPartNumber,price,stock".split(","),
    *SPEC_KEYS,
    "image",
    "deprecated",
]
DEMO_CATALOG_CSV = Path(__file__).parent / "data" / "demo_catalog.csv"
INVALID_FILE = "Invalid catalog file: nothing was imported"

# Text cells and their model fields; an empty cell is null, except the image, which is "".
TEXT_COLUMNS = {
    "brand": "brand",
    "name": "name",
    "manufacturerPartNumber": "manufacturer_part_number",
    **dict(zip(SPEC_KEYS, SPECS, strict=True)),
    "image": "image",
}
IMPORTED_FIELDS = [
    "country_code",
    "hardware_type",
    "price",
    "stock",
    "deprecated",
    *TEXT_COLUMNS.values(),
]
MAX_PRICE = Decimal(10) ** 10  # numeric(12, 2)
MAX_STOCK = 2**31 - 1  # PostgreSQL integer
DIGITS = re.compile(r"[0-9]+")
# Rows are matched, created and updated this many at a time, one progress step each.
CHUNK_SIZE = 500


@dataclass(frozen=True)
class CatalogImport:
    created: int = 0
    updated: int = 0
    unchanged: int = 0


def catalog_rows_read(*, lines: Iterable[str], hardware_types: Collection[str]) -> list[dict]:
    """The rows of a catalog CSV file, checked, as model field values. Every bad row is
    reported, with its line number, in one ServiceError; then nothing of the file is loaded."""
    reader = csv.reader(lines)
    header = next(reader, None)
    if header != CSV_HEADER:
        raise ServiceError(
            INVALID_FILE,
            details=[{"field": "line 1", "message": f"the header must be {','.join(CSV_HEADER)}"}],
        )
    rows, errors = [], []
    first_line = {}  # (countryCode, manufacturerPartNumber) -> the line that has it
    for cells in reader:
        line = reader.line_num
        if not cells:
            continue  # a blank line
        values, messages = _row_parse(cells, hardware_types=hardware_types)
        key = (values.get("country_code"), values.get("manufacturer_part_number"))
        if key[1] is not None and key in first_line:
            messages.append(f"manufacturerPartNumber {key[1]} is already on line {first_line[key]}")
        first_line.setdefault(key, line)
        errors += [{"field": f"line {line}", "message": message} for message in messages]
        rows.append(values)
    if errors:
        raise ServiceError(INVALID_FILE, details=errors)
    return rows


def _row_parse(cells: list[str], *, hardware_types: Collection[str]) -> tuple[dict, list[str]]:
    if len(cells) != len(CSV_HEADER):
        return {}, [f"{len(cells)} cells where the header has {len(CSV_HEADER)}"]
    cell = {column: value.strip() for column, value in zip(CSV_HEADER, cells, strict=True)}
    values, errors = {}, []

    values["country_code"] = cell["countryCode"].upper()
    if not is_country_code(values["country_code"], allow_eu=True):
        errors.append(f"countryCode {cell['countryCode']!r} is not ISO 3166-1 alpha-2 or EU")

    for column, field in TEXT_COLUMNS.items():
        max_length = CatalogItem._meta.get_field(field).max_length
        if len(cell[column]) > max_length:
            errors.append(f"{column} is longer than {max_length} characters")
        values[field] = cell[column] or (None if field != "image" else "")
    if not cell["name"]:
        errors.append("name should not be empty")

    values["hardware_type"] = cell["hardwareType"].upper() or None
    if values["hardware_type"] is not None and values["hardware_type"] not in hardware_types:
        errors.append(f"hardwareType {cell['hardwareType']!r} is not a hardware type")

    values["price"] = _price(cell["price"])
    if values["price"] is None:
        errors.append(f"price {cell['price']!r} is not a number >= 0 with at most 2 decimals")

    if DIGITS.fullmatch(cell["stock"]) and int(cell["stock"]) <= MAX_STOCK:
        values["stock"] = int(cell["stock"])
    else:
        errors.append(f"stock {cell['stock']!r} is not a whole number >= 0")

    deprecated = cell["deprecated"].lower()
    values["deprecated"] = deprecated == "true"
    if deprecated not in ("true", "false"):
        errors.append(f"deprecated {cell['deprecated']!r} is not true or false")
    return values, errors


def _price(text: str) -> Decimal | None:
    try:
        price = Decimal(text)
    except InvalidOperation:
        return None
    if price.is_finite() and 0 <= price < MAX_PRICE and price == round(price, 2):
        return price
    return None


@transaction.atomic
def catalog_import(
    *, rows: Sequence[dict], progress: Callable[[int], object] = lambda done: None
) -> CatalogImport:
    """Load checked rows in one transaction. A row whose (countryCode,
    manufacturerPartNumber) is in the catalog updates that item; a row without a part number
    is always a new item. `progress` is told how many rows each step handled."""
    created = updated = unchanged = 0
    for start in range(0, len(rows), CHUNK_SIZE):
        chunk = rows[start : start + CHUNK_SIZE]
        existing = _items_with_part_numbers(chunk)
        new_items, changed_items = [], []
        for values in chunk:
            item = existing.get((values["country_code"], values["manufacturer_part_number"]))
            if item is None:
                new_items.append(CatalogItem(**values))
            elif any(getattr(item, field) != value for field, value in values.items()):
                for field, value in values.items():
                    setattr(item, field, value)
                item.updated_at = timezone.now()
                changed_items.append(item)
            else:
                unchanged += 1
        CatalogItem.objects.bulk_create(new_items)
        CatalogItem.objects.bulk_update(changed_items, [*IMPORTED_FIELDS, "updated_at"])
        created += len(new_items)
        updated += len(changed_items)
        progress(len(chunk))
    return CatalogImport(created=created, updated=updated, unchanged=unchanged)


def _items_with_part_numbers(rows: list[dict]) -> dict[tuple[str, str], CatalogItem]:
    """The stored items these rows may update, keyed by (country code, part number), locked
    until the import ends. A few more may come back (a part number sold in another of the
    rows' countries); they match no row."""
    items = CatalogItem.objects.filter(
        country_code__in={values["country_code"] for values in rows},
        manufacturer_part_number__in={values["manufacturer_part_number"] for values in rows}
        - {None},
    ).select_for_update()
    return {(item.country_code, item.manufacturer_part_number): item for item in items}
