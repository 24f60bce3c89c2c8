"""Operators see events and their attempts in the admin, and send chosen events again."""

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from companies.models import Event, EventAttempt, EventState
from tests.factories import CompanyFactory, EventFactory

pytestmark = pytest.mark.django_db

CHANGELIST = reverse("admin:companies_event_changelist")


def listed(admin_client, **params) -> set:
    response = admin_client.get(CHANGELIST, params)
    assert response.status_code == 200
    return {str(event.pk) for event in response.context["cl"].result_list}


def test_the_list_shows_kind_record_company_state_attempts_and_time(admin_client):
    event = EventFactory(kind="order.quoted", company__code="ACM")

    page = admin_client.get(CHANGELIST).text

    for column in ["Kind", "Record", "Company", "State", "Attempts", "Created at"]:
        assert column in page
    assert "order.quoted" in page
    assert event.company.code in page


def test_the_list_filters_by_company_kind_and_state(admin_client):
    failed = EventFactory(kind="order.cancelled")
    delivered = EventFactory(kind="order.created", state=EventState.DELIVERED)
    other_company = EventFactory(kind="order.cancelled")

    assert listed(admin_client, state__exact="FAILED") == {str(failed.pk), str(other_company.pk)}
    assert listed(admin_client, kind="order.created") == {str(delivered.pk)}
    assert listed(admin_client, company__id__exact=failed.company_id) == {str(failed.pk)}


def test_the_list_is_searched_by_event_id_webhook_id_and_company_code(admin_client):
    event = EventFactory(company__code="ACM")
    EventFactory(company__code="ZZZ")

    assert listed(admin_client, q="ACM") == {str(event.pk)}
    assert listed(admin_client, q=str(event.pk)) == {str(event.pk)}
    assert listed(admin_client, q=event.webhook_id) == {str(event.pk)}
    assert listed(admin_client, q="msg_not-hex") == set()


def test_a_company_code_of_digits_finds_its_events_and_a_superscript_is_no_number(admin_client):
    event = EventFactory(company__code="100")
    EventFactory(company__code="ZZZ")

    # Read as order number 100 too (none here), and as the company's code.
    assert listed(admin_client, q="100") == {str(event.pk)}
    assert listed(admin_client, q="²") == set()


def test_the_event_page_shows_the_payload_and_every_attempt_read_only(admin_client):
    event = EventFactory(payload={"type": "order.cancelled", "data": {"orderNumber": 1042}})
    EventAttempt.objects.create(
        event=event,
        url="https://hooks.example.com/hlos",
        status_code=503,
        response_excerpt="try later",
        duration_ms=87,
        finished_at=timezone.now(),
    )
    EventAttempt.objects.create(
        event=event,
        url="https://hooks.example.com/hlos",
        error="TimeoutError: timed out",
        duration_ms=10000,
        finished_at=timezone.now(),
    )

    response = admin_client.get(reverse("admin:companies_event_change", args=[event.pk]))

    page = response.text
    assert response.status_code == 200
    assert "<pre>{\n  &quot;data&quot;: {\n    &quot;orderNumber&quot;: 1042\n  }," in page
    for shown in ["503", "try later", "87", "TimeoutError: timed out", "10000"]:
        assert shown in page
    assert 'name="_save"' not in page
    assert 'name="attempt_log-0-status_code"' not in page
    assert "interrupted" not in page


def test_an_attempt_whose_worker_died_shows_as_interrupted_and_a_live_one_in_progress(
    admin_client,
):
    event = EventFactory()
    now = timezone.now()
    url = "https://hooks.example.com/hlos"
    EventAttempt.objects.create(event=event, url=url, leased_until=now - timedelta(seconds=1))
    EventAttempt.objects.create(event=event, url=url, leased_until=now + timedelta(seconds=60))

    page = admin_client.get(reverse("admin:companies_event_change", args=[event.pk])).text

    finished = re.findall(r'<td class="field-finished">\s*<p>(.*?)</p>', page)
    assert finished == ["interrupted: its worker stopped before an answer came", "in progress"]


def test_events_are_never_added_in_the_admin(admin_client):
    assert admin_client.get(reverse("admin:companies_event_add")).status_code == 403


def test_redeliver_queues_the_selected_events_from_the_start_of_the_schedule(
    admin_client, django_capture_on_commit_callbacks
):
    chosen = EventFactory(), EventFactory(state=EventState.DELIVERED)
    without_url = EventFactory(company=CompanyFactory(webhook_url=None))
    untouched = EventFactory()

    with django_capture_on_commit_callbacks() as queued:
        response = admin_client.post(
            CHANGELIST,
            {"action": "redeliver", "_selected_action": [e.pk for e in [*chosen, without_url]]},
            follow=True,
        )

    messages = [str(message) for message in response.context["messages"]]
    assert messages == [
        "Queued 2 event(s) for redelivery.",
        "Skipped 1 event(s): their company has no webhook URL, or a worker is attempting them now.",
    ]
    assert len(queued) == 2
    for event in chosen:
        event.refresh_from_db()
        assert (event.state, event.attempts) == (EventState.PENDING, 0)
    assert Event.objects.get(pk=without_url.pk).state == EventState.FAILED
    assert Event.objects.get(pk=untouched.pk).state == EventState.FAILED
