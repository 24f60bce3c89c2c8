"""Reads of the catalog. It is the provider's, the same for every API client: no company scope."""

from itertools import groupby

from django.db.models import CharField
from django.db.models.functions import Cast

from catalog.answers import CatalogItemSerializer
from catalog.models import CatalogItem
from config.kernel.countries import is_country_code
from config.kernel.errors import ServiceError
from config.kernel.filtering import INVALID_COUNTRY_CODE
from config.kernel.links import absolute_url, url_base
from config.kernel.rows import columns_of

# The fields of an item and their columns are CatalogItemSerializer's. Price and stock are
# strings in the interface; PostgreSQL writes them (numeric(12,2) keeps "1299.00").
ITEM_COLUMNS = {
    **columns_of(CatalogItemSerializer),
    "price": Cast("price", CharField()),
    "stock": Cast("stock", CharField()),
}


def catalog_by_country(*, country_code: str | None = None) -> list[dict[str, list[dict]]]:
    """`[{"BR": [items]}, {"US": [items]}]`: one object per country code, alphabetical, items
    by name. With `country_code` (any case, `EU` too) only that country, even when it has no
    items (`[{"AR": []}]`), so the caller always finds the key it asked for.

    One query, read as tuples and shaped into plain dicts: this list is read often and long.
    """
    items = CatalogItem.objects.order_by("country_code", "name", "id")
    # An empty criterion is no criterion, as on every other list.
    country_code = (country_code or "").strip().upper() or None
    if country_code is not None:
        if not is_country_code(country_code, allow_eu=True):
            raise ServiceError(INVALID_COUNTRY_CODE)
        items = items.filter(country_code=country_code)
    names = list(ITEM_COLUMNS)
    base = url_base()
    rows = (
        _absolute_image(dict(zip(names, row, strict=True)), base)
        for row in items.values_list(*ITEM_COLUMNS.values())
    )
    countries = [
        {code: list(country_items)}
        for code, country_items in groupby(rows, key=lambda item: item["countryCode"])
    ]
    if country_code is not None and not countries:
        return [{country_code: []}]
    return countries


def _absolute_image(item: dict, base: str) -> dict:
    item["image"] = absolute_url(item["image"], base)
    return item
