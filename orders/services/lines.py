"""Order lines: what a line is made of (a catalog item, or the client's description), whether
a catalog item may be ordered for a country, and the type rules of a quote's lines. Quoting,
autoQuote and operators' offers all make lines here."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from uuid import UUID

from django.db.models import OuterRef, QuerySet, Subquery

from catalog.models import CatalogItem
from config.kernel.countries import are_compatible, compatible_codes
from config.kernel.errors import ServiceError
from config.kernel.names import camel_case
from config.kernel.specs import SPECS, Described
from hardware.choices import TYPES_WITH_SPECS
from hardware.models import HardwareType
from orders.models import HardwareRequest


@dataclass(frozen=True, kw_only=True)
class QuoteLine(Described):
    """A line as the client sends it in a quote: a catalog item (`catalog_model_id`) with an
    amount, or a description of the hardware. Shapes are checked by the serializer; the type
    rules by the quote (orders.services.quote)."""

    amount: int
    catalog_model_id: UUID | None = None
    hardware_type: str | None = None
    image: str | None = None
    notes: str | None = None
    external_item_id: str | None = None


def type_images() -> dict[str, str]:
    """Each hardware type's picture: a line shows it when nothing more specific has one."""
    return dict(HardwareType.objects.values_list("name", "image"))


def catalog_items() -> QuerySet[CatalogItem]:
    """Catalog items read with their type's picture (`type_image`), which a line of one shows
    when the item has none: a quote of catalog lines needs no read of every type."""
    types = HardwareType.objects.filter(name=OuterRef("hardware_type"))
    return CatalogItem.objects.annotate(type_image=Subquery(types.values("image")[:1]))


def orderability_problems(item: CatalogItem, *, country_code: str) -> list[str]:
    """Why `item` cannot be bought for an order to `country_code`: it is sold elsewhere, or
    it has no hardware type (nothing could be delivered of it)."""
    problems = []
    if not are_compatible(item.country_code, country_code):
        problems.append(
            f"Catalog item {item.pk} is sold in {item.country_code}, not for an order to "
            f"{country_code}"
        )
    if item.hardware_type is None:
        problems.append(f"Catalog item {item.pk} has no hardware type: it cannot be ordered")
    return problems


def offerable_items(country_code: str) -> QuerySet[CatalogItem]:
    """The catalog items an operator may offer as alternatives on an order to `country_code`:
    orderable there, and current (not deprecated)."""
    return CatalogItem.objects.filter(
        country_code__in=compatible_codes(country_code),
        deprecated=False,
        hardware_type__isnull=False,
    )


def line_from_catalog_item(
    item: CatalogItem,
    *,
    amount: int,
    external_item_id: str | None = None,
    **extra,
) -> HardwareRequest:
    """An unsaved line of `amount` units of `item` (read by `catalog_items`), described by the
    catalog: its type, part number, brand, name, specs and picture (the type's when the item
    has none)."""
    return HardwareRequest(
        amount=amount,
        external_item_id=external_item_id,
        catalog_item=item,
        hardware_type=item.hardware_type,
        manufacturer_part_number=item.manufacturer_part_number,
        brand=item.brand,
        model=item.name,
        **{field: getattr(item, field) for field in SPECS},
        image=item.image or item.type_image or "",
        **extra,
    )


def line_described(line: QuoteLine, images: Mapping[str, str]) -> HardwareRequest:
    """An unsaved line as the client described it (type rule 4: the type's picture unless
    the line has one)."""
    return HardwareRequest(
        amount=line.amount,
        notes=line.notes,
        external_item_id=line.external_item_id,
        hardware_type=line.hardware_type,
        brand=line.brand,
        model=line.model,
        **{field: getattr(line, field) for field in SPECS},
        image=line.image or images[line.hardware_type],
    )


def catalog_price_if_unpriced(line: HardwareRequest) -> bool:
    """Give an unpriced catalog line its item's price; True when it took one."""
    if line.quoted_unit_price is not None or line.catalog_item is None:
        return False
    line.quoted_unit_price = line.catalog_item.price
    return True


# Type rule 1: what a computer line without a catalog item describes; rule 2: what a warranty
# line must not describe. Listed as the interface's rule lists them, the order its refusals
# keep (config.kernel.specs.SPECS is the models' order).
COMPUTER_FIELDS = ("brand", "model", "processor", "ram", "disk_space", "display_size")
WARRANTY_TYPES = frozenset({"EXTENDED_WARRANTY_MAC", "EXTENDED_WARRANTY_WINDOWS"})
# What a catalog line takes from its catalog item; sent beside catalogModelId, it would
# contradict it or be silently dropped.
CATALOG_DESCRIBED_FIELDS = ("brand", "model", *SPECS, "image")


def quote_lines(lines: Sequence[QuoteLine], country_code: str) -> list[HardwareRequest]:
    """The order's lines, unsaved, after the type rules; the problems of every line are
    refused together. Every type is read only for lines without a catalog item."""
    items = catalog_items().in_bulk(
        [line.catalog_model_id for line in lines if line.catalog_model_id]
    )
    described = any(line.catalog_model_id is None for line in lines)
    images = type_images() if described else {}
    requests = []
    details = []
    for index, line in enumerate(lines):
        item = items.get(line.catalog_model_id)
        if line.catalog_model_id is None:
            problems = _free_form_problems(line, images)
        else:
            problems = _catalog_line_problems(line, item, country_code)
        details += [
            {"field": f"hardwares[{index}].{field}", "message": message}
            for field, message in problems
        ]
        if problems:
            continue
        if item is None:
            requests.append(line_described(line, images))
        else:
            requests.append(
                line_from_catalog_item(
                    item,
                    amount=line.amount,
                    external_item_id=line.external_item_id,
                    notes=line.notes,
                )
            )
    if details:
        raise ServiceError("Invalid request data", details=details)
    return requests


def _free_form_problems(line: QuoteLine, images: dict[str, str]) -> list[tuple[str, str]]:
    """Type rules 1-3 of a line without catalogModelId."""
    type_name = line.hardware_type
    if type_name is None:
        return [("hardwareType", "hardwareType is required without catalogModelId")]
    if type_name not in images:
        known = ", ".join(sorted(images))
        return [("hardwareType", f"{type_name} is not a hardware type; the types are {known}")]
    if type_name in TYPES_WITH_SPECS:
        return [
            (
                camel_case(field),
                f"{camel_case(field)} is required for a {type_name} line without catalogModelId",
            )
            for field in COMPUTER_FIELDS
            if getattr(line, field) is None
        ]
    if type_name in WARRANTY_TYPES:
        return [
            (camel_case(field), f"{camel_case(field)} is not allowed on a {type_name} line")
            for field in COMPUTER_FIELDS
            if getattr(line, field) is not None
        ]
    return []


def _catalog_line_problems(
    line: QuoteLine, item: CatalogItem | None, country_code: str
) -> list[tuple[str, str]]:
    item_id: UUID = line.catalog_model_id
    if item is None:
        return [("catalogModelId", f"Catalog item {item_id} not found")]
    problems = [
        (
            camel_case(field),
            f"{camel_case(field)} comes from the catalog item; do not send it with catalogModelId",
        )
        for field in CATALOG_DESCRIBED_FIELDS
        if getattr(line, field) is not None
    ]
    problems += [
        ("catalogModelId", problem)
        for problem in orderability_problems(item, country_code=country_code)
    ]
    if item.hardware_type is not None and line.hardware_type not in (None, item.hardware_type):
        problems.append(
            (
                "hardwareType",
                f"Catalog item {item_id} is a {item.hardware_type}, not a {line.hardware_type}",
            )
        )
    return problems
