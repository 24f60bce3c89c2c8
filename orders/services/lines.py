"""Order lines: what a line is made of (a catalog item, or the client's description), and
whether a catalog item may be ordered for a country. Quoting, autoQuote and operators' offers
all make lines here."""

from collections.abc import Mapping
from dataclasses import dataclass
from uuid import UUID

from django.db.models import QuerySet

from catalog.models import CatalogItem
from config.countries import are_compatible, compatible_codes
from config.specs import SPECS, Described
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
    images: Mapping[str, str],
    external_item_id: str | None = None,
    **extra,
) -> HardwareRequest:
    """An unsaved line of `amount` units of `item`, described by the catalog: its type, part
    number, brand, name, specs and picture (the type's when the item has none)."""
    return HardwareRequest(
        amount=amount,
        external_item_id=external_item_id,
        catalog_item=item,
        hardware_type=item.hardware_type,
        manufacturer_part_number=item.manufacturer_part_number,
        brand=item.brand,
        model=item.name,
        **{field: getattr(item, field) for field in SPECS},
        image=item.image or images.get(item.hardware_type, ""),
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
