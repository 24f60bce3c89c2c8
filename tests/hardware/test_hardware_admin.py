import pytest
from django.urls import reverse

from hardware.models import HardwareNote
from tests.factories import HardwareFactory, MovementRequestFactory

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

    form = page.context["adminform"].form
    data = {name: value for name, value in form.initial.items() if value is not None}
    for inline in page.context["inline_admin_formsets"]:
        management = inline.formset.management_form
        data.update({management.add_prefix(k): v for k, v in management.initial.items()})
    data.update(
        {
            "company": item.company_id,
            "hardware_type": item.hardware_type_id,
            "notes-TOTAL_FORMS": "2",
            "notes-INITIAL_FORMS": "1",
            "notes-0-id": item.notes.get().pk,
            "notes-0-hardware": item.pk,
            "notes-1-content": "Screen replaced",
            "notes-1-hardware": item.pk,
        }
    )
    data.pop("common_model", None)
    response = admin_client.post(url, data)

    assert response.status_code == 302, page.context["adminform"].form.errors
    note = item.notes.get(content="Screen replaced")
    assert note.author_email == admin_user.email


def test_the_item_page_shows_the_movement_requests_that_carried_it(admin_client):
    item = HardwareFactory()
    movement = MovementRequestFactory(company=item.company)
    movement.hardwares.add(item)

    page = admin_client.get(reverse("admin:hardware_hardware_change", args=[item.pk]))

    assert page.status_code == 200
    assert str(movement) in page.text
