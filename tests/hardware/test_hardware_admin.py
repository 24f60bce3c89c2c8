import pytest
from django.urls import reverse

from hardware.models import HardwareNote
from tests.admin_pages import change_page_form
from tests.factories import CompanyFactory, HardwareFactory, MovementRequestFactory

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


def test_company_country_and_serial_number_cannot_be_changed_in_the_admin(admin_client):
    item = HardwareFactory(serial_number="SN-KEEP-1", country_code="US", brand="DELL")
    company = item.company
    url = reverse("admin:hardware_hardware_change", args=[item.pk])
    page = admin_client.get(url)

    data = change_page_form(page) | {
        "company": CompanyFactory().pk,
        "country_code": "BR",
        "serial_number": "SN-TYPED-2",
        "brand": "LG",
    }
    response = admin_client.post(url, data)

    assert response.status_code == 302, response.context["adminform"].form.errors
    item.refresh_from_db()
    assert (item.company, item.country_code, item.serial_number) == (company, "US", "SN-KEEP-1")
    assert item.brand == "LG"  # the form was saved: only those fields were not taken
    assert not {"company", "country_code", "serial_number"} & set(
        page.context["adminform"].form.fields
    )
