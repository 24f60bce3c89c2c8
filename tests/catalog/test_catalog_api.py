from decimal import Decimal

import pytest

from catalog.models import CatalogItem
from tests.factories import CatalogItemFactory
from tests.support import assert_refused, success

pytestmark = pytest.mark.django_db


def item_body(item: CatalogItem) -> dict:
    return {
        "id": str(item.id),
        "countryCode": item.country_code,
        "price": f"{item.price:.2f}",
        "stock": str(item.stock),
        "brand": item.brand,
        "name": item.name,
        "ram": item.ram,
        "diskSpace": item.disk_space,
        "displaySize": item.display_size,
        "processor": item.processor,
        "image": item.image,
        "deprecated": item.deprecated,
        "manufacturerPartNumber": item.manufacturer_part_number,
        "hardwareType": item.hardware_type,
    }


def test_catalog_answers_every_field_of_the_interface_with_price_and_stock_as_strings(caller):
    item = CatalogItemFactory(
        country_code="US", price=Decimal("1299"), stock=7, deprecated=True, brand="APPLE"
    )
    bare = CatalogItemFactory(
        country_code="US",
        name="USB-C cable",
        brand=None,
        hardware_type=None,
        manufacturer_part_number=None,
        ram=None,
        disk_space=None,
        display_size=None,
        processor=None,
        image="",
        price=Decimal("0.5"),
        stock=0,
    )

    response = caller.get("/catalog")

    assert response.status_code == 200
    assert response.json() == success([{"US": [item_body(item), item_body(bare)]}])
    first, second = response.json()["envelop"][0]["US"]
    assert (first["price"], first["stock"]) == ("1299.00", "7")
    assert (second["price"], second["stock"], second["hardwareType"]) == ("0.50", "0", None)


def test_catalog_groups_items_per_country_in_alphabetical_order_items_by_name(caller):
    CatalogItemFactory(country_code="US", name="Zbook")
    CatalogItemFactory(country_code="BR", name="Latitude")
    CatalogItemFactory(country_code="US", name="Aspire")
    CatalogItemFactory(country_code="EU", name="ThinkPad")

    envelop = caller.get("/catalog").json()["envelop"]

    assert [list(country) for country in envelop] == [["BR"], ["EU"], ["US"]]
    assert [item["name"] for item in envelop[2]["US"]] == ["Aspire", "Zbook"]
    assert all(
        item["countryCode"] == code
        for country in envelop
        for code, items in country.items()
        for item in items
    )


def test_catalog_is_the_same_for_every_api_client(caller, other_caller):
    CatalogItemFactory(country_code="MX")

    assert caller.get("/catalog").json() == other_caller.get("/catalog").json()


@pytest.mark.parametrize("code", ["br", "BR", " Br "])
def test_country_code_filter_accepts_any_case_and_answers_that_country_only(caller, code):
    brazil = CatalogItemFactory(country_code="BR")
    CatalogItemFactory(country_code="US")

    response = caller.get("/catalog", {"countryCode": code})

    assert response.status_code == 200
    assert response.json()["envelop"] == [{"BR": [item_body(brazil)]}]


def test_eu_is_a_country_code_of_its_own_and_members_are_not_merged_into_it(caller):
    eu = CatalogItemFactory(country_code="EU")
    germany = CatalogItemFactory(country_code="DE")

    assert caller.get("/catalog", {"countryCode": "eu"}).json()["envelop"] == [
        {"EU": [item_body(eu)]}
    ]
    assert caller.get("/catalog", {"countryCode": "DE"}).json()["envelop"] == [
        {"DE": [item_body(germany)]}
    ]


def test_a_valid_country_without_items_answers_its_key_with_an_empty_list(caller):
    CatalogItemFactory(country_code="US")

    response = caller.get("/catalog", {"countryCode": "AR"})

    assert response.status_code == 200
    assert response.json()["envelop"] == [{"AR": []}]


def test_an_empty_catalog_without_filter_is_an_empty_list(caller):
    assert caller.get("/catalog").json()["envelop"] == []


def test_an_empty_country_code_is_no_filter_as_on_every_list(caller):
    item = CatalogItemFactory(country_code="US")

    response = caller.get("/catalog", {"countryCode": " "})

    assert response.json()["envelop"] == [{"US": [item_body(item)]}]


@pytest.mark.parametrize("code", ["XX", "USA", "1", "E U", "U\x00"])
def test_an_invalid_country_code_is_400_invalid_country_code(caller, code):
    response = caller.get("/catalog", {"countryCode": code})

    assert_refused(response, 400, "Invalid country code")


def test_catalog_without_a_key_is_401(anonymous):
    response = anonymous.get("/catalog")

    assert_refused(response, 401, "Unauthorized access")


def test_catalog_through_the_gateway_answers_as_the_direct_call(caller):
    CatalogItemFactory(country_code="ES")
    CatalogItemFactory(country_code="US")

    response = caller.post(
        "/gateway",
        {"verb": "GET", "request": "catalog", "vendor": "hlos", "filters": {"countryCode": "es"}},
        format="json",
    )

    assert response.json() == caller.get("/catalog", {"countryCode": "ES"}).json()


@pytest.mark.parametrize("rows", [1, 50])
def test_catalog_uses_a_fixed_number_of_queries(caller, django_assert_max_num_queries, rows):
    for index in range(rows):
        CatalogItemFactory(country_code=["US", "BR", "MX", "EU"][index % 4])

    # key lookup, its last-used time, the catalog
    with django_assert_max_num_queries(3):
        response = caller.get("/catalog")

    envelop = response.json()["envelop"]
    assert sum(len(items) for country in envelop for items in country.values()) == rows
