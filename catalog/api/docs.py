"""The catalog's operation as Swagger UI shows it (config/api/docs.py)."""

from config.api.docs import operation

CATALOG_LIST = operation(
    "List the catalog, by country",
    "The items the provider sells, one object per country code in alphabetical order "
    '(`[{"BR": [...]}, {"US": [...]}]`), each item with its price in USD and its stock now. '
    "With `countryCode`, only that country (the EU warehouse's items are under `EU`). "
    "`deprecated` items are no longer recommended for new orders but may still be in stock and "
    "ordered. An item's `id` is the `catalogModelId` of an order line and the `commonModelId` of "
    "a hardware item.\n\n"
    "Refusals: 400 `Invalid country code`.",
)
