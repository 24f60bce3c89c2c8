import pytest
from django.urls import reverse

from hardware.models import HardwareNote
from tests.admin_pages import change_page_form
from tests.factories import (
    CatalogItemFactory,
    CompanyFactory,
    HardwareFactory,
    MovementRequestFactory,
    hardware_type,
)

pytestmark = pytest.mark.django_db


def test_operators_find_an_item_by_its_serial_number(admin_client):
    HardwareFactory(serial_number="FIND-ME-1", name="Findable monitor")
    HardwareFactory(serial_number="OTHER-2", name="Other monitor")

    page = admin_client.get(reverse("admin:hardware_hardware_changelist"), {"q": "find-me"})

    assert page.status_code == 200
    assert "Findable monitor" in page.text
    assert "Other monitor" not in page.text


def test_the_item_page_shows_its_notes_and_signs_new_ones_with_the_staff_email(
    admin_client, admin_user
):
    item = HardwareFactory()
    HardwareNote.objects.create(hardware=item, content="Dent on the back", author_email="a@b.co")
    url = reverse("admin:hardware_hardware_change", args=[item.pk])

    page = admin_client.get(url)
    assert "Dent on the back" in page.text

    data = change_page_form(page) | {"notes-1-content": "Screen replaced"}
    response = admin_client.post(url, data)

    assert response.status_code == 302, response.context["adminform"].form.errors
    note = item.notes.get(content="Screen replaced")
    assert note.author_email == admin_user.email


def test_the_item_page_shows_the_movement_requests_that_carried_it(admin_client):
    item = HardwareFactory()
    movement = MovementRequestFactory(company=item.company)
    movement.hardwares.add(item)

    page = admin_client.get(reverse("admin:hardware_hardware_change", args=[item.pk]))

    assert page.status_code == 200
    assert str(movement) in page.text


SET_BY_SERVICES = (
    "company",
    "country_code",
    "hardware_type",
    "common_model",
    "ram",
    "disk_space",
    "display_size",
    "processor",
    "gpu",
)


def test_what_the_services_set_cannot_be_changed_in_the_admin(admin_client):
    """Company, country, type, model and specs are the create service's (specs only on
    computers, the model's type); the page shows them and does not take them. (Its serial
    number is corrected through the correction service: tests/hardware/test_admin_relocate.py.)"""
    item = HardwareFactory(serial_number="SN-KEEP-1", country_code="US", brand="DELL")
    stored = {field: getattr(item, field) for field in SET_BY_SERVICES}
    url = reverse("admin:hardware_hardware_change", args=[item.pk])
    page = admin_client.get(url)

    data = change_page_form(page) | {
        "company": CompanyFactory().pk,
        "country_code": "BR",
        "hardware_type": hardware_type("MONITOR").pk,
        "common_model": CatalogItemFactory().pk,
        "ram": "64GB",
        "gpu": "RTX",
        "brand": "LG",
    }
    response = admin_client.post(url, data)

    assert response.status_code == 302, response.context["adminform"].form.errors
    item.refresh_from_db()
    assert {field: getattr(item, field) for field in SET_BY_SERVICES} == stored
    assert item.brand == "LG"  # the form was saved: only those fields were not taken
    assert not set(SET_BY_SERVICES) & set(page.context["adminform"].form.fields)
