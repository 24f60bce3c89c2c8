"""The geocoding backends: the offline dataset by default, Nominatim by setting (never called)."""

from types import SimpleNamespace

import pytest
from django.core.exceptions import ImproperlyConfigured
from geopy.exc import GeocoderTimedOut

from config.kernel.errors import ServiceError
from employees import geocoding
from employees.geocoding import GeocodedCity, geocode

SAO_PAULO = GeocodedCity("São Paulo", -23.5475, -46.63611)


def city_of(city: str, country_code: str) -> GeocodedCity | None:
    return geocode(address="Rua A 1", city=city, post_code="01000-000", country_code=country_code)


def test_offline_answers_the_datasets_own_name_with_its_coordinates():
    assert city_of("sao paulo", "BR") == SAO_PAULO


@pytest.mark.parametrize("spelling", ["SÃO PAULO", "  Sao-Paulo ", "saopaulo", "São  Paulo."])
def test_offline_ignores_case_accents_spacing_and_punctuation(spelling):
    assert city_of(spelling, "BR") == SAO_PAULO


@pytest.mark.parametrize(
    ("alternate", "country_code", "canonical"),
    [("Sampa", "BR", "São Paulo"), ("Bombay", "IN", "Mumbai"), ("München", "DE", "Munich")],
)
def test_offline_accepts_the_datasets_alternate_names(alternate, country_code, canonical):
    assert city_of(alternate, country_code).name == canonical


def test_offline_matches_within_the_given_country_only():
    assert city_of("Paris", "FR").name == "Paris"
    assert city_of("Paris", "US") == GeocodedCity("Paris", 33.66094, -95.55551)  # Texas
    assert city_of("Munich", "BR") is None


def test_offline_prefers_the_most_populous_of_several_cities_with_the_name():
    # Springfield, Missouri is the largest of the many Springfields of the United States.
    assert city_of("springfield", "US") == GeocodedCity("Springfield", 37.21533, -93.29824)


def test_offline_finds_small_towns():
    # Sant Julià de Lòria, Andorra: about 8,000 people.
    assert city_of("sant julia de loria", "ad").name == "Sant Julià de Lòria"


@pytest.mark.parametrize(("city", "country_code"), [("!!!", "BR"), ("---", "US"), (" ", "DE")])
def test_offline_answers_none_for_a_city_of_punctuation_alone(city, country_code):
    assert city_of(city, country_code) is None


def test_offline_answers_none_for_an_unknown_city():
    assert city_of("Nowhere At All", "BR") is None


def test_the_setting_picks_the_nominatim_backend(settings, monkeypatch):
    settings.GEOCODER = "nominatim"
    calls = []
    location = SimpleNamespace(
        latitude=-23.55, longitude=-46.63, raw={"address": {"city": "São Paulo", "state": "SP"}}
    )

    def fake_geocode(query, **options):
        calls.append((query, options))
        return location

    monkeypatch.setattr(geocoding, "_nominatim", lambda: SimpleNamespace(geocode=fake_geocode))

    assert city_of("sao paulo", "BR") == GeocodedCity("São Paulo", -23.55, -46.63)
    assert calls == [
        ("Rua A 1, sao paulo, 01000-000, BR", {"country_codes": "br", "addressdetails": True})
    ]


def test_nominatim_takes_a_town_when_the_place_is_not_a_city(settings, monkeypatch):
    settings.GEOCODER = "nominatim"
    location = SimpleNamespace(latitude=1.0, longitude=2.0, raw={"address": {"town": "Paraty"}})
    finder = SimpleNamespace(geocode=lambda query, **options: location)
    monkeypatch.setattr(geocoding, "_nominatim", lambda: finder)

    assert city_of("paraty", "BR") == GeocodedCity("Paraty", 1.0, 2.0)


def test_nominatim_answers_none_when_it_finds_nothing(settings, monkeypatch):
    settings.GEOCODER = "nominatim"
    finder = SimpleNamespace(geocode=lambda query, **options: None)
    monkeypatch.setattr(geocoding, "_nominatim", lambda: finder)

    assert city_of("nowhere", "BR") is None


def test_nominatim_unreachable_is_a_503_not_a_wrong_address(settings, monkeypatch):
    settings.GEOCODER = "nominatim"

    def time_out(query, **options):
        raise GeocoderTimedOut("timed out")

    monkeypatch.setattr(geocoding, "_nominatim", lambda: SimpleNamespace(geocode=time_out))

    with pytest.raises(ServiceError) as refusal:
        city_of("sao paulo", "BR")
    assert (refusal.value.status_code, refusal.value.message) == (
        503,
        "The geocoding service is unavailable, try again later",
    )


def test_the_nominatim_client_is_made_on_first_use_with_the_configured_user_agent(settings):
    settings.GEOCODER_USER_AGENT = "hlos-tests"
    geocoding._nominatim.cache_clear()
    try:
        assert geocoding._nominatim().headers["User-Agent"] == "hlos-tests"
    finally:
        geocoding._nominatim.cache_clear()


def test_an_unknown_geocoder_setting_is_a_configuration_error(settings):
    settings.GEOCODER = "magic"

    with pytest.raises(ImproperlyConfigured, match="GEOCODER must be one of offline, nominatim"):
        city_of("sao paulo", "BR")
