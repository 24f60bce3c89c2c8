"""Country codes: ISO 3166-1 alpha-2, plus `EU` for the provider's European warehouse."""

import pycountry

EU = "EU"
EU_MEMBERS = frozenset(
    "AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE".split()
)
ISO_COUNTRY_CODES = frozenset(country.alpha_2 for country in pycountry.countries)


def is_country_code(code: str, *, allow_eu: bool = False) -> bool:
    return code in ISO_COUNTRY_CODES or (allow_eu and code == EU)


def country_codes(*, allow_eu: bool = False) -> list[str]:
    """Every code `is_country_code` takes, sorted: what the OpenAPI schema lists."""
    return sorted(ISO_COUNTRY_CODES | ({EU} if allow_eu else set()))


def is_european(code: str) -> bool:
    return code == EU or code in EU_MEMBERS


def storage_country_code(code: str) -> str:
    """The country code of the warehouse that serves `code`: EU members share the EU one."""
    return EU if is_european(code) else code


def compatible_codes(code: str) -> frozenset[str]:
    """The codes hardware may move between with `code`: itself, or every European one (the
    EU warehouse's included) for a European code."""
    return EU_MEMBERS | {EU} if is_european(code) else frozenset({code})


def are_compatible(first: str, second: str) -> bool:
    return second in compatible_codes(first)
