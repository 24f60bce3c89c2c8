"""An item's lifecycle in the back office (issue 32): the list shows and filters it, the item's
page shows its history and wipes and has a button for each service (Record wipe, Retire,
Reinstate), which refuses in a message; a wipe's certificate downloads for staff only; the
dashboard counts the items awaiting a wipe and links to them."""

import hashlib
from datetime import timedelta

import pytest
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from config.kernel.actors import Actor
from hardware.choices import RetiredReason, WipeMethod
from hardware.lifecycle import (
    WipeReport,
    hardware_retire,
    hardware_wipe_await,
    hardware_wipe_record,
)
from hardware.models import Hardware, HardwareWipe
from tests.admin_pages import message_texts
from tests.config.test_audit_trail import trail
from tests.factories import HardwareFactory

pytestmark = pytest.mark.django_db

CHANGELIST = reverse("admin:hardware_hardware_changelist")
TESTS = Actor.command("test")


def page(item: Hardware) -> str:
    return reverse("admin:hardware_hardware_change", args=[item.pk])


def button(item: Hardware, name: str) -> str:
    return reverse(f"admin:hardware_hardware_{name}", args=[item.pk])


def awaiting_wipe(**fields) -> Hardware:
    item = HardwareFactory(**fields)
    with transaction.atomic():
        hardware_wipe_await(items=[item], actor=TESTS, note="Offboarding with a wipe")
    item.refresh_from_db()
    return item


def retired(reason: RetiredReason, **fields) -> Hardware:
    item = HardwareFactory(**fields)
    hardware_retire(
        company=item.company, hardware_id=item.pk, reason=reason, actor=TESTS, note="Gone"
    )
    item.refresh_from_db()
    return item


def wiped(item: Hardware) -> HardwareWipe:
    report = WipeReport(method=WipeMethod.PURGE, tool="Blancco 7", reason="Returned")
    return hardware_wipe_record(
        company=item.company, hardware_id=item.pk, report=report, actor=TESTS
    )


def listed(admin_client, **filters) -> set:
    response = admin_client.get(CHANGELIST, filters)
    assert response.status_code == 200
    assert "e=1" not in response.request["QUERY_STRING"]  # no unknown filter was dropped
    return {item.pk for item in response.context["cl"].result_list}


# --- the list --------------------------------------------------------------------------------


def test_the_list_shows_the_lifecycle_and_filters_by_it_and_by_the_retired_reason(admin_client):
    active = HardwareFactory()
    waiting = awaiting_wipe()
    lost = retired(RetiredReason.LOST)
    sold = retired(RetiredReason.SOLD)

    response = admin_client.get(CHANGELIST)

    assert "lifecycle" in response.context["cl"].list_display
    assert listed(admin_client, lifecycle__exact="AWAITING_WIPE") == {waiting.pk}
    assert listed(admin_client, lifecycle__exact="ACTIVE") == {active.pk}
    assert listed(admin_client, lifecycle__exact="RETIRED") == {lost.pk, sold.pk}
    assert listed(admin_client, retired_reason__exact="SOLD") == {sold.pk}


# --- the item's page -------------------------------------------------------------------------


def test_the_page_shows_the_lifecycle_its_history_and_the_wipes_with_their_certificates(
    admin_client,
):
    item = awaiting_wipe(serial_number="SN-PAGE-1")
    wipe = wiped(item)

    response = admin_client.get(page(item))

    assert response.status_code == 200
    text = response.text
    assert "Lifecycle: ACTIVE" in text
    assert "Offboarding with a wipe" in text  # the history's notes, and who moved it
    assert f"PURGE wipe {wipe.id}: Returned" in text
    assert "test (Management command)" in text
    assert "Blancco 7" in text
    assert wipe.certificate_sha256 in text
    assert reverse("admin:hardware_hardware_certificate", args=[item.pk, wipe.pk]) in text
    assert [b["name"] for b in response.context["lifecycle_buttons"]] == ["wipe", "retire"]


def test_recording_a_wipe_from_the_page_makes_the_item_active_as_the_staff_user(
    admin_client, admin_user
):
    item = awaiting_wipe()

    response = admin_client.post(
        button(item, "wipe"),
        {
            "method": "PURGE",
            "tool": "Blancco 7",
            "performed_at": "2025-03-01T14:30",
            "verified": "on",
            "reason": "Returned by a leaver, ticket 77",
        },
    )

    assert response.status_code == 302
    assert response.url == page(item)
    item.refresh_from_db()
    assert item.lifecycle == "ACTIVE"
    wipe = HardwareWipe.objects.get(hardware=item)
    assert (wipe.method, wipe.tool, wipe.verified, wipe.recorded_by) == (
        "PURGE",
        "Blancco 7",
        True,
        f"Staff user: {admin_user.username}",
    )
    assert wipe.performed_at.isoformat() == "2025-03-01T14:30:00+00:00"
    assert message_texts(response) == [
        f"PURGE wipe {wipe.id} recorded: {item} is ACTIVE. "
        f"Certificate SHA-256 {wipe.certificate_sha256}."
    ]
    move = item.status_history.latest("created_at")
    assert (move.status_to, move.actor_kind, move.actor_name) == (
        "ACTIVE",
        "STAFF",
        admin_user.username,
    )
    [(_, context)] = trail(HardwareWipe, wipe)
    assert (context["source"], context["actorType"], context["operatorName"]) == (
        "ADMIN",
        "OPERATOR",
        admin_user.username,
    )
    assert context["reason"] == "Returned by a leaver, ticket 77"


def test_a_wipe_without_a_performed_at_is_now_and_one_without_a_reason_is_refused(admin_client):
    item = awaiting_wipe()
    form = {"method": "CLEAR", "tool": "nwipe", "performed_at": ""}

    refused = admin_client.post(button(item, "wipe"), form)
    recorded = admin_client.post(button(item, "wipe"), form | {"reason": "Returned"})

    assert message_texts(refused) == ["reason: This field is required."]
    assert recorded.status_code == 302
    wipe = HardwareWipe.objects.get(hardware=item)  # one: the refused post wrote nothing
    assert timezone.now() - wipe.performed_at < timedelta(minutes=1)
    assert wipe.verified is False  # an unticked box


def test_retire_and_reinstate_from_the_page(admin_client, admin_user):
    item = HardwareFactory(serial_number="SN-LOST-1")

    retiring = admin_client.post(
        button(item, "retire"), {"retired_reason": "LOST", "note": "Left in a taxi"}
    )

    item.refresh_from_db()
    assert (item.lifecycle, item.retired_reason) == ("RETIRED", "LOST")
    assert message_texts(retiring) == [f"{item} is RETIRED (LOST)."]
    assert trail(Hardware, item, "UPDATED")[-1][1]["reason"] == "Left in a taxi"
    shown = admin_client.get(page(item))
    assert [b["name"] for b in shown.context["lifecycle_buttons"]] == ["reinstate"]
    assert "Lifecycle: RETIRED as LOST" in shown.text

    response = admin_client.post(button(item, "reinstate"), {"note": "Found by the driver"})

    item.refresh_from_db()
    assert (item.lifecycle, item.retired_reason, item.status) == ("ACTIVE", None, "STORAGE")
    assert message_texts(response) == [f"{item} is ACTIVE again, in storage US."]
    notes = list(item.status_history.values_list("status_to", "actor_name", "note"))
    assert notes[-2:] == [
        ("RETIRED", admin_user.username, "Left in a taxi"),
        ("ACTIVE", admin_user.username, "Found by the driver"),
    ]


def test_an_item_retired_for_good_has_no_buttons_and_its_reinstatement_is_refused(admin_client):
    sold = retired(RetiredReason.SOLD)

    shown = admin_client.get(page(sold))
    response = admin_client.post(button(sold, "reinstate"), {"note": "Bought back"})

    assert shown.context["lifecycle_buttons"] == []
    assert "only an item retired as LOST or STOLEN comes back" in shown.text
    assert response.status_code == 302
    assert message_texts(response) == [
        f"Hardware {sold.id} was retired as SOLD: only an item retired as LOST or STOLEN "
        "(found again) can be reinstated"
    ]
    sold.refresh_from_db()
    assert sold.lifecycle == "RETIRED"


def test_a_refused_wipe_shows_the_services_message_and_writes_nothing(admin_client):
    held = HardwareFactory(on_employee=True)

    response = admin_client.post(
        button(held, "wipe"),
        {"method": "PURGE", "tool": "Blancco 7", "verified": "on", "reason": "Returned"},
    )

    assert response.status_code == 302
    assert message_texts(response) == [
        f"Hardware {held.id} is with an employee: only an item in storage can be wiped"
    ]
    assert not HardwareWipe.objects.exists()
    assert trail(Hardware, held) == trail(Hardware, held, "CREATED")


def test_the_buttons_take_posts_only(admin_client):
    item = HardwareFactory()

    assert admin_client.get(button(item, "retire")).status_code == 405
    item.refresh_from_db()
    assert item.lifecycle == "ACTIVE"


# --- the certificate ---------------------------------------------------------------------------


def test_the_certificate_downloads_as_a_pdf_for_staff_and_not_for_anonymous(admin_client, client):
    item = awaiting_wipe()
    wipe = wiped(item)
    url = reverse("admin:hardware_hardware_certificate", args=[item.pk, wipe.pk])

    download = admin_client.get(url)
    anonymous = client.get(url)

    assert download.status_code == 200
    assert download["Content-Type"] == "application/pdf"
    assert download["Content-Disposition"] == (
        f'attachment; filename="wipe-certificate-{wipe.id}.pdf"'
    )
    assert hashlib.sha256(download.content).hexdigest() == wipe.certificate_sha256
    assert anonymous.status_code == 302
    assert anonymous.url.startswith(reverse("admin:login"))
    assert anonymous.content == b""


def test_a_certificate_is_found_only_under_its_own_item(admin_client):
    wipe = wiped(awaiting_wipe())
    other = HardwareFactory()

    url = reverse("admin:hardware_hardware_certificate", args=[other.pk, wipe.pk])

    assert admin_client.get(url).status_code == 404


# --- the dashboard -----------------------------------------------------------------------------


def test_the_dashboard_counts_the_items_awaiting_a_wipe_and_links_to_them(admin_client):
    waiting = {awaiting_wipe().pk, awaiting_wipe().pk}
    HardwareFactory()
    wiped(awaiting_wipe())

    response = admin_client.get(reverse("admin:index"))

    [hardware] = [group for group in response.context["dashboard"] if group["name"] == "Hardware"]
    [figure] = hardware["counts"]
    assert (figure["label"], figure["count"]) == ("AWAITING_WIPE: to wipe", 2)
    assert figure["url"] == f"{CHANGELIST}?lifecycle__exact=AWAITING_WIPE"
    assert 'data-count="2"' in response.text
    assert listed(admin_client, lifecycle__exact="AWAITING_WIPE") == waiting
