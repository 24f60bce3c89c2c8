"""Country codes: ISO 3166-1 alpha-2, plus `EU` for the provider's European warehouse."""

import pycountry

EU = "EU"
EU_MEMBERS = frozenset(
    "AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE".split()
)
ISO_COUNTRY_CODES = frozenset(country.alpha_2 for country in pycountry.countries)


def is_country_code(code: str, *, allow_eu: bool = False) -> bool:
    return code in ISO_COUNTRY_CODES or (allow_eu and code == EU)
