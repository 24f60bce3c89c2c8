"""The item's admin as an operator corrects it (issue 29, item 3): "Relocate…" from the item's page
or the list, previewed (the dry run, nothing written), confirmed with a reason that goes on the
audit trail; and the item's own details saved through the correction service, so a serial
number taken in the company is refused and the company hears of each correction."""

from html import unescape

import pytest
from django.urls import reverse

from companies.models import Event
from hardware.models import Hardware, HardwareNote
from logistics.choices import MovementStatus
from logistics.services.relocation import ONE_PLACE
from tests.admin_pages import change_page_form, message_texts
from tests.config.test_audit_trail import trail
from tests.factories import HardwareFactory, MovementRequestFactory
from tests.logistics import test_relocate_hardware as relocate_command
from tests.support import events_recorded

pytestmark = pytest.mark.django_db

CHANGELIST = reverse("admin:hardware_hardware_changelist")
RELOCATE = reverse("admin:hardware_hardware_relocate")
REASON = "Found at her desk on the audit"


# The world of the command's tests: company MOV, Ada in Canada, a laptop in the US storage.
company, ada, laptop = relocate_command.company, relocate_command.ada, relocate_command.laptop
where = relocate_command.where


def relocate_page(*items) -> str:
    return f"{RELOCATE}?ids={','.join(str(item.pk) for item in items)}"


def text(response) -> str:
    return unescape(response.content.decode())


def test_the_items_page_opens_relocate_for_the_item(admin_client, laptop):
    page = admin_client.get(reverse("admin:hardware_hardware_change", args=[laptop.pk]))

    assert f'href="{relocate_page(laptop)}">Relocate…</a>' in page.content.decode()
    opened = admin_client.get(relocate_page(laptop))
    assert opened.status_code == 200
    assert "Dell U2723QE (SN-RELO-1)" in text(opened)
    assert 'value="Preview"' in text(opened)


def test_the_preview_shows_each_change_and_writes_nothing(admin_client, laptop, ada):
    preview = admin_client.post(relocate_page(laptop), {"employee_email": "ada@example.com"})

    assert preview.status_code == 200
    assert preview.context["changes"] == [
        f"Hardware {laptop.id} Dell U2723QE (SN-RELO-1):\n"
        "  status: STORAGE → EMPLOYEE\n"
        "  employee: — → ada@example.com\n"
        "  storage: US → —\n"
        "  country code: US → CA"
    ]
    page = text(preview)
    assert "employee: — → ada@example.com" in page
    assert 'name="confirmed" value="Confirm"' in page
    assert 'id="change-reason"' in page
    # What was previewed is what is confirmed: the input is carried, not offered again.
    assert '<input type="hidden" name="employee_email" value="ada@example.com"' in page
    assert where(laptop) == ("STORAGE", None, "US", "US")
    assert [action for action, _ in trail(Hardware, laptop)] == ["CREATED"]
    assert events_recorded("hardware.updated") == []


def test_confirming_needs_a_reason_and_writes_nothing_without_one(admin_client, laptop, ada):
    response = admin_client.post(
        relocate_page(laptop), {"employee_email": "ada@example.com", "confirmed": "Confirm"}
    )

    assert response.status_code == 200
    assert response.context["reason_form"].errors["reason"] == ["This field is required."]
    assert where(laptop) == ("STORAGE", None, "US", "US")
    assert events_recorded("hardware.updated") == []


def test_confirming_relocates_with_the_reason_on_the_trail_and_tells_the_company(
    admin_client, admin_user, laptop, ada
):
    response = admin_client.post(
        relocate_page(laptop),
        {"employee_email": "ada@example.com", "confirmed": "Confirm", "reason": REASON},
        follow=True,
    )

    assert response.redirect_chain[-1][0] == reverse(
        "admin:hardware_hardware_change", args=[laptop.pk]
    )
    assert message_texts(response) == ["Relocate: 1 record(s) changed, 0 unchanged."]
    assert where(laptop) == ("EMPLOYEE", "ada@example.com", None, "CA")
    [(_, context)] = trail(Hardware, laptop, "UPDATED")
    assert context["reason"] == REASON
    assert (context["source"], context["actorType"], context["operatorName"]) == (
        "ADMIN",
        "OPERATOR",
        admin_user.username,
    )
    [event] = Event.objects.filter(kind="hardware.updated")
    assert event.payload["data"]["employeeProfile"]["email"] == "ada@example.com"


def test_the_list_relocates_the_items_ticked_together(admin_client, company, laptop):
    phone = HardwareFactory(company=company, serial_number="SN-RELO-2", on_employee=True)
    ticked = {"action": "relocate", "_selected_action": [str(laptop.pk), str(phone.pk)]}

    opened = admin_client.post(CHANGELIST, ticked)

    assert opened.status_code == 302
    assert sorted(opened.url.split("ids=")[1].split(",")) == sorted([str(laptop.pk), str(phone.pk)])
    preview = admin_client.post(opened.url, {"storage_country": "us"})
    assert len(preview.context["changes"]) == 2
    assert "SN-RELO-1): unchanged" in text(preview)  # already there
    admin_client.post(
        opened.url, {"storage_country": "us", "confirmed": "Confirm", "reason": REASON}
    )
    assert where(phone) == ("STORAGE", None, "US", "US")
    assert trail(Hardware, phone, "UPDATED")[-1][1]["reason"] == REASON


def test_a_refused_item_is_named_and_nothing_of_the_others_is_written(
    admin_client, company, laptop, ada
):
    carried = HardwareFactory(company=company, serial_number="SN-RELO-2", in_movement=True)
    movement = MovementRequestFactory(
        company=company, status=MovementStatus.PROCESSING, hardwares=[carried]
    )
    place = {"employee_email": "ada@example.com"}
    refusal = (
        f"Dell U2723QE (SN-RELO-2): The item is in movement request "
        f"{movement.movement_request_number}, still PROCESSING: the request lands it where it "
        "goes; relocate it once the request is DONE"
    )

    preview = admin_client.post(relocate_page(laptop, carried), place)

    assert message_texts(preview) == [refusal]
    assert 'value="Confirm"' not in text(preview)
    confirmed = admin_client.post(
        relocate_page(laptop, carried), {**place, "confirmed": "Confirm", "reason": REASON}
    )
    assert message_texts(confirmed) == [refusal, "Nothing written."]
    assert where(laptop) == ("STORAGE", None, "US", "US")
    assert trail(Hardware, laptop, "UPDATED") == []
    assert events_recorded("hardware.updated") == []


def test_the_page_asks_for_one_place(admin_client, laptop):
    both = admin_client.post(
        relocate_page(laptop), {"employee_email": "ada@example.com", "storage_country": "US"}
    )
    neither = admin_client.post(relocate_page(laptop), {})

    for response in (both, neither):
        assert response.context["form"].non_field_errors() == [ONE_PLACE]
        assert response.context["outcome"] is None


def test_a_relocate_page_for_no_such_item_is_not_found(admin_client, laptop):
    assert admin_client.get(f"{RELOCATE}?ids=not-an-id").status_code == 404
    assert admin_client.get(RELOCATE).status_code == 404


# --- the item's page saves its details through the correction service --------------------------


def item_page(item) -> str:
    return reverse("admin:hardware_hardware_change", args=[item.pk])


def test_the_items_page_saves_its_serial_number_through_the_correction_service(
    admin_client, laptop
):
    form = change_page_form(admin_client.get(item_page(laptop))) | {
        "serial_number": "C02XK1JHJG5H",
        "description": "Keyboard sticks",
        "change_reason": "Label read on the audit",
    }

    response = admin_client.post(item_page(laptop), form)

    assert response.status_code == 302, response.context["adminform"].form.errors
    laptop.refresh_from_db()
    assert (laptop.serial_number, laptop.description) == ("C02XK1JHJG5H", "Keyboard sticks")
    [event] = Event.objects.filter(kind="hardware.updated")
    assert event.payload["data"]["serialNumber"] == "C02XK1JHJG5H"
    [(_, context)] = trail(Hardware, laptop, "UPDATED")
    assert context["reason"] == "Label read on the audit"


def test_a_serial_number_taken_in_the_company_is_refused_and_nothing_is_saved(
    admin_client, company, laptop
):
    HardwareFactory(company=company, serial_number="SN-TAKEN")
    form = change_page_form(admin_client.get(item_page(laptop))) | {
        "serial_number": "SN-TAKEN",
        "description": "Keyboard sticks",
        "brand": "LG",
        "notes-0-content": "Label read on the audit",
    }

    response = admin_client.post(item_page(laptop), form, follow=True)

    assert message_texts(response) == [
        "Invalid request data (serialNumber already exists in this company)"
    ]
    laptop.refresh_from_db()
    assert (laptop.serial_number, laptop.description, laptop.brand) == ("SN-RELO-1", None, "DELL")
    assert not HardwareNote.objects.filter(hardware=laptop).exists()
    assert events_recorded("hardware.updated") == []


def test_a_serial_number_taken_in_another_company_is_saved(admin_client, laptop):
    HardwareFactory(serial_number="SN-ELSEWHERE")
    form = change_page_form(admin_client.get(item_page(laptop))) | {"serial_number": "SN-ELSEWHERE"}

    response = admin_client.post(item_page(laptop), form)

    assert response.status_code == 302
    laptop.refresh_from_db()
    assert laptop.serial_number == "SN-ELSEWHERE"


def test_a_note_alone_tells_nobody_and_moves_updated_at(admin_client, laptop):
    touched = laptop.updated_at
    form = change_page_form(admin_client.get(item_page(laptop))) | {"notes-0-content": "Dent"}

    admin_client.post(item_page(laptop), form)

    laptop.refresh_from_db()
    assert laptop.updated_at > touched
    assert laptop.notes.get().content == "Dent"
    assert events_recorded("hardware.updated") == []


def test_a_name_corrected_on_the_item_page_is_told_and_on_the_trail(admin_client, laptop):
    """Every detail the page edits goes through the correction service, not only those
    PATCH /hardwares/{hardwareId} takes: the company hears of a renamed item too."""
    page = admin_client.get(reverse("admin:hardware_hardware_change", args=[laptop.pk]))
    form = {**change_page_form(page), "name": "Latitude 7450 (14 in)", "change_reason": REASON}

    response = admin_client.post(
        reverse("admin:hardware_hardware_change", args=[laptop.pk]), form, follow=True
    )

    assert response.status_code == 200
    laptop.refresh_from_db()
    assert laptop.name == "Latitude 7450 (14 in)"
    [(_, context)] = trail(Hardware, laptop, "UPDATED")
    assert context["reason"] == REASON
    [event] = Event.objects.filter(kind="hardware.updated")
    assert event.payload["data"]["name"] == "Latitude 7450 (14 in)"
