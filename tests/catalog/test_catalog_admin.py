"""Operators find catalog items by name, part number or brand and edit price and stock."""

from decimal import Decimal

import pytest
from django.urls import reverse

from catalog.models import CatalogItem
from tests.factories import CatalogItemFactory

pytestmark = pytest.mark.django_db

CHANGELIST = reverse("admin:catalog_catalogitem_changelist")


def listed(page) -> list[CatalogItem]:
    return list(page.context["cl"].result_list)


def test_the_changelist_shows_the_items_with_their_filters(admin_client):
    item = CatalogItemFactory(name="ThinkPad T14", country_code="BR")

    page = admin_client.get(CHANGELIST)

    assert page.status_code == 200
    assert listed(page) == [item]
    assert [spec.title for spec in page.context["cl"].filter_specs] == [
        "country code",
        "hardware type",
        "deprecated",
        "brand",
        "asked for by open orders",  # registered by the orders app
    ]


def test_a_tick_in_the_list_means_the_item_is_current_not_deprecated(admin_client):
    CatalogItemFactory(name="Current one")
    CatalogItemFactory(name="Old one", deprecated=True)

    page = admin_client.get(CHANGELIST, {"o": "1"})

    assert "Current (not deprecated)" in page.text
    rows = {item.name: page.context["cl"].model_admin.current(item) for item in listed(page)}
    assert rows == {"Current one": True, "Old one": False}


@pytest.mark.parametrize("term", ["thinkpad", "21MC0041", "lenovo"])
def test_search_finds_items_by_name_part_number_or_brand(admin_client, term):
    thinkpad = CatalogItemFactory(
        name="ThinkPad T14", brand="LENOVO", manufacturer_part_number="21MC0041US"
    )
    CatalogItemFactory(name="Latitude 5450", brand="DELL", manufacturer_part_number="N005L")

    page = admin_client.get(CHANGELIST, {"q": term})

    assert listed(page) == [thinkpad]


def test_filters_narrow_the_list_by_country_type_and_deprecation(admin_client):
    wanted = CatalogItemFactory(country_code="EU", hardware_type="MONITOR", deprecated=True)
    CatalogItemFactory(country_code="EU", hardware_type="MONITOR", deprecated=False)
    CatalogItemFactory(country_code="US", hardware_type="MONITOR", deprecated=True)

    page = admin_client.get(
        CHANGELIST,
        {"country_code": "EU", "hardware_type": "MONITOR", "deprecated__exact": "1"},
    )

    assert listed(page) == [wanted]


def test_price_and_stock_are_edited_in_the_list(admin_client):
    item = CatalogItemFactory(price=Decimal("10.00"), stock=1)

    response = admin_client.post(
        CHANGELIST,
        {
            "form-TOTAL_FORMS": "1",
            "form-INITIAL_FORMS": "1",
            "form-0-id": str(item.id),
            "form-0-price": "12.50",
            "form-0-stock": "40",
            "_save": "Save",
        },
    )

    assert response.status_code == 302
    item.refresh_from_db()
    assert (item.price, item.stock) == (Decimal("12.50"), 40)


def test_a_negative_price_is_refused_in_the_list(admin_client):
    item = CatalogItemFactory(price=Decimal("10.00"))

    page = admin_client.post(
        CHANGELIST,
        {
            "form-TOTAL_FORMS": "1",
            "form-INITIAL_FORMS": "1",
            "form-0-id": str(item.id),
            "form-0-price": "-1",
            "form-0-stock": "1",
            "_save": "Save",
        },
    )

    assert page.status_code == 200
    assert "Price must be 0 or more." in page.content.decode()
    item.refresh_from_db()
    assert item.price == Decimal("10.00")


def test_the_add_form_takes_a_lowercase_country_and_refuses_an_unknown_one(admin_client):
    fields = {"name": "Magic Mouse", "price": "79", "stock": "3", "image": ""}

    refused = admin_client.post(
        reverse("admin:catalog_catalogitem_add"), {**fields, "country_code": "xx"}
    )
    admin_client.post(reverse("admin:catalog_catalogitem_add"), {**fields, "country_code": "eu"})

    assert "Not an ISO 3166-1 alpha-2 country code, nor EU." in refused.content.decode()
    assert CatalogItem.objects.get().country_code == "EU"
