"""Merge into… on the employee admin (issue 29, item 3): from the duplicate's page, or the list
with the duplicate ticked, the operator names the employee to keep, sees what the merge will
change (the dry run, nothing written), gives a reason and confirms; the merge then writes it
all, with the reason on the audit trail, or nothing when it is refused."""

from html import unescape

import pytest
from django.urls import reverse

from employees.choices import EmployeeStatus
from employees.merging import SAME_PERSON
from employees.models import Employee
from hardware.models import Hardware
from tests.admin_pages import message_texts
from tests.config.test_audit_trail import trail
from tests.factories import CompanyFactory, EmployeeFactory, HardwareFactory

pytestmark = pytest.mark.django_db

CHANGELIST = reverse("admin:employees_employee_changelist")
MERGE = reverse("admin:employees_employee_merge")
KEEP, DUPLICATE = "ada@example.com", "ada.lovelace@example.com"
REASON = "Entered twice by the HR syncs (ticket 912)"


@pytest.fixture
def company():
    return CompanyFactory(code="MRG")


@pytest.fixture
def kept(company):
    return EmployeeFactory(company=company, first_name="Ada", email=KEEP)


@pytest.fixture
def duplicate(company):
    return EmployeeFactory(company=company, first_name="Ada", email=DUPLICATE)


@pytest.fixture
def laptop(duplicate):
    return HardwareFactory(
        company=duplicate.company, on_employee=True, employee=duplicate, serial_number="SN-ADA-1"
    )


def merge_page(employee) -> str:
    return f"{MERGE}?ids={employee.pk}"


def text(response) -> str:
    return unescape(response.content.decode())


def state(*records) -> list:
    """What a merge changes of the employees and items given, as stored now."""
    for record in records:
        record.refresh_from_db()
    return [
        (record.status, record.merged_into_id)
        if isinstance(record, Employee)
        else (record.status, record.employee_id)
        for record in records
    ]


def test_the_duplicates_page_opens_merge_into(admin_client, duplicate):
    page = admin_client.get(reverse("admin:employees_employee_change", args=[duplicate.pk]))

    assert f'href="{merge_page(duplicate)}">Merge into…</a>' in page.content.decode()
    opened = admin_client.get(merge_page(duplicate))
    assert opened.status_code == 200
    assert DUPLICATE in text(opened)
    assert 'name="keep_email"' in text(opened)


def test_the_preview_lists_what_the_merge_changes_and_writes_nothing(
    admin_client, kept, duplicate, laptop
):
    before = state(kept, duplicate, laptop)

    preview = admin_client.post(merge_page(duplicate), {"keep_email": KEEP})

    assert preview.status_code == 200
    changes = preview.context["changes"]
    assert changes[0].startswith(f"Employee {duplicate}:")
    assert "  status: ACTIVE → DEACTIVATED" in changes[0]
    assert f"  merged into: — → {KEEP}" in changes[0]
    assert any("SN-ADA-1" in change and KEEP in change for change in changes[1:])
    page = text(preview)
    assert f"merged into: — → {KEEP}" in page
    assert 'name="confirmed" value="Confirm"' in page
    assert f'<input type="hidden" name="keep_email" value="{KEEP}"' in page
    assert state(kept, duplicate, laptop) == before
    assert trail(Employee, duplicate, "UPDATED") == []


def test_confirming_needs_a_reason(admin_client, kept, duplicate, laptop):
    before = state(kept, duplicate, laptop)

    response = admin_client.post(merge_page(duplicate), {"keep_email": KEEP, "confirmed": "1"})

    assert response.context["reason_form"].errors["reason"] == ["This field is required."]
    assert state(kept, duplicate, laptop) == before


def test_confirming_merges_with_the_reason_on_every_row_written(
    admin_client, admin_user, kept, duplicate, laptop
):
    response = admin_client.post(
        merge_page(duplicate),
        {"keep_email": KEEP, "confirmed": "Confirm", "reason": REASON},
        follow=True,
    )

    assert response.redirect_chain[-1][0] == reverse(
        "admin:employees_employee_change", args=[duplicate.pk]
    )
    [message] = message_texts(response)
    assert message.startswith("Merge into: ")
    assert state(duplicate, laptop) == [
        (EmployeeStatus.DEACTIVATED, kept.pk),
        ("EMPLOYEE", kept.pk),
    ]
    for model, record in ((Employee, duplicate), (Hardware, laptop)):
        [*_, (_, context)] = trail(model, record, "UPDATED")
        assert (context["source"], context["actorType"], context["reason"]) == (
            "ADMIN",
            "OPERATOR",
            REASON,
        )
        assert context["operatorName"] == admin_user.username


@pytest.mark.parametrize(
    ("keep", "refusal"),
    [
        (DUPLICATE, SAME_PERSON.format(email=DUPLICATE)),
        ("nobody@example.com", "Employee nobody@example.com not found in company MRG"),
    ],
    ids=["same-person", "not-in-company"],
)
def test_a_refused_merge_is_a_message_and_writes_nothing(
    admin_client, kept, duplicate, laptop, keep, refusal
):
    before = state(kept, duplicate, laptop)
    named = f"Merge of {DUPLICATE} into {keep}: {refusal}"

    preview = admin_client.post(merge_page(duplicate), {"keep_email": keep})

    assert message_texts(preview) == [named]
    assert 'value="Confirm"' not in text(preview)
    confirmed = admin_client.post(
        merge_page(duplicate), {"keep_email": keep, "confirmed": "Confirm", "reason": REASON}
    )
    assert message_texts(confirmed) == [named, "Nothing written."]
    assert state(kept, duplicate, laptop) == before


def test_an_employee_of_another_company_is_not_kept(admin_client, duplicate):
    EmployeeFactory(email="elsewhere@example.com")

    preview = admin_client.post(merge_page(duplicate), {"keep_email": "elsewhere@example.com"})

    [message] = message_texts(preview)
    assert "elsewhere@example.com not found in company MRG" in message
    assert state(duplicate) == [(EmployeeStatus.ACTIVE, None)]


def test_the_list_merges_exactly_one_ticked_duplicate(admin_client, kept, duplicate):
    one = admin_client.post(
        CHANGELIST, {"action": "merge", "_selected_action": [str(duplicate.pk)]}
    )
    two = admin_client.post(
        CHANGELIST,
        {"action": "merge", "_selected_action": [str(duplicate.pk), str(kept.pk)]},
        follow=True,
    )

    assert (one.status_code, one.url) == (302, merge_page(duplicate))
    assert message_texts(two) == ["Merge into takes one employee: tick exactly one."]
    assert admin_client.get(f"{MERGE}?ids={duplicate.pk},{kept.pk}").status_code == 404
