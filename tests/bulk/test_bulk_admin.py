"""Bulk jobs in the back office (issue 33): the list shows each job's progress and finds it by
its id or its company, the job's page its counts, trail, history and failed items with the
single call's messages, a button cancels an unfinished job, and an operator uploads a CSV of
employees that runs as a bulk job, a bad file refused with what is wrong and nothing made."""

import csv
import io
from datetime import timedelta

import pytest
from django.contrib.auth.models import Permission
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape

from bulk import admin_forms, admin_items
from bulk.choices import BulkOperation
from bulk.models import BulkJob, BulkJobItem
from bulk.services import runs
from bulk.services.jobs import BulkItem, bulk_job_create
from config.kernel.actors import Actor
from employees.models import Employee
from tests.admin_pages import message_texts
from tests.bulk.conftest import run_to_the_end
from tests.config.test_admin_dashboard import figures, listed
from tests.config.test_audit_trail import trail
from tests.factories import CompanyFactory

pytestmark = pytest.mark.django_db

CHANGELIST = reverse("admin:bulk_bulkjob_changelist")
ITEMS = reverse("admin:bulk_bulkjobitem_changelist")
UPLOAD = reverse("admin:bulk_bulkjob_upload_employees")
HEADER = "firstName,lastName,email,address,city,postCode,countryCode,governmentDNI"


def employee(number: int, **changes) -> dict:
    body = {
        "firstName": "Ada",
        "lastName": f"Lovelace {number}",
        "email": f"ada{number}@example.com",
        "address": "1 Main St",
        "city": "New York",
        "postCode": "10001",
        "countryCode": "US",
        "governmentDNI": f"DNI-{number}",
    }
    return {key: value for key, value in {**body, **changes}.items() if value is not None}


TESTS = Actor.command("test")


def job_of(company, bodies, actor=TESTS) -> BulkJob:
    items = [BulkItem(body=body, client_reference=f"ref-{n}") for n, body in enumerate(bodies)]
    return bulk_job_create(
        company=company, operation=BulkOperation.EMPLOYEES_UPSERT, items=items, actor=actor
    )


def page(job: BulkJob) -> str:
    return reverse("admin:bulk_bulkjob_change", args=[job.pk])


def cancel(job: BulkJob) -> str:
    return reverse("admin:bulk_bulkjob_cancel", args=[job.pk])


def upload(admin_client, company, content: bytes, **fields):
    csv_file = SimpleUploadedFile("employees.csv", content, content_type="text/csv")
    return admin_client.post(UPLOAD, {"company": company.pk, "file": csv_file, **fields})


# --- the list ----------------------------------------------------------------------------------


def test_the_list_shows_each_jobs_progress_with_its_failed_items_linked(admin_client, company):
    ran = job_of(company, [employee(1), employee(2), employee(3, email="nope")])
    run_to_the_end(ran.pk)
    queued = job_of(company, [employee(4), employee(5)])

    response = admin_client.get(CHANGELIST)

    assert response.status_code == 200
    rows = {job.pk: job for job in response.context["cl"].result_list}
    admin = response.context["cl"].model_admin
    assert admin.progress(rows[queued.pk]) == "0 / 2"
    failed_link = f'<a href="{ITEMS}?job={ran.pk}&amp;status__exact=FAILED">1 failed</a>'
    assert admin.progress(rows[ran.pk]) == f"3 / 3 · {failed_link}"
    assert failed_link in response.text
    assert "PARTIALLY_FAILED" in response.text and "QUEUED" in response.text


def test_the_list_reads_its_counts_in_its_own_query_whatever_the_jobs(
    admin_client, company, django_assert_max_num_queries
):
    run_to_the_end(job_of(company, [employee(1), employee(2, email="nope")]).pk)
    admin_client.get(CHANGELIST)  # the session and the user, as on any page
    with django_assert_max_num_queries(20) as one:
        admin_client.get(CHANGELIST)
    for number in range(5):
        run_to_the_end(job_of(company, [employee(10 + number), employee(20, email="x")]).pk)
    with django_assert_max_num_queries(20) as six:
        admin_client.get(CHANGELIST)

    assert len(six.captured_queries) == len(one.captured_queries)


def test_the_list_exports_with_its_progress(admin_client, company):
    job = job_of(company, [employee(1), employee(2, email="nope")])
    run_to_the_end(job.pk)

    response = admin_client.get(reverse("admin:changelist_csv", args=["bulk", "bulkjob"]))

    header, row = list(csv.reader(io.StringIO(b"".join(response.streaming_content).decode())))
    assert header[:5] == ["Job", "Company", "Operation", "Status", "Progress"]
    assert row[1:5] == ["BLK", "EMPLOYEES_UPSERT", "PARTIALLY_FAILED", "2 / 2 · 1 failed"]


@pytest.mark.parametrize("term", ["blk", "Bulk", "job-id", "job-id-start"])
def test_operators_find_a_job_by_its_id_or_its_companys_code_or_name(admin_client, company, term):
    job = job_of(company, [employee(1)])
    job_of(CompanyFactory(code="OTH", name="Other"), [employee(2)])
    term = {"job-id": str(job.pk), "job-id-start": str(job.pk)[:8]}.get(term, term)

    assert listed(admin_client, f"{CHANGELIST}?q={term}") == {job.pk}


def test_the_list_filters_by_status_operation_and_company(admin_client, company):
    done = job_of(company, [employee(1)])
    run_to_the_end(done.pk)
    other = job_of(CompanyFactory(), [employee(2)])

    assert listed(admin_client, f"{CHANGELIST}?status__exact=SUCCEEDED") == {done.pk}
    assert listed(admin_client, f"{CHANGELIST}?operation__exact=EMPLOYEES_UPSERT") == {
        done.pk,
        other.pk,
    }
    assert listed(admin_client, f"{CHANGELIST}?company__id__exact={company.pk}") == {done.pk}


# --- the job's page ----------------------------------------------------------------------------


def test_the_page_shows_the_counts_trail_history_and_failed_items_with_the_single_calls_messages(
    admin_client, caller, company
):
    bad = employee(2, email="not-an-email")
    job = job_of(company, [employee(1), bad, employee(3, lastName=None)])
    run_to_the_end(job.pk)
    single = caller.post("/employees", {"companyCode": "BLK", **bad}, format="json").json()

    response = admin_client.get(page(job))

    assert response.status_code == 200
    text = response.text
    assert "3 in all: 1 succeeded · 2 failed · 0 pending" in text
    assert "test (Management command)" in text
    assert "Failed items (2)" in text
    shown = {item["client_reference"]: item for item in response.context["failed_items"]}
    assert list(shown) == ["ref-1", "ref-2"]
    assert shown["ref-1"]["status_code"] == single["statusCode"]
    assert shown["ref-1"]["message"] == admin_items.error_text(single)
    assert shown["ref-1"]["message"] in text
    assert "lastName" in shown["ref-2"]["message"]
    history = [(c.status_from, c.status_to) for c in job.status_history.all()]
    assert history == [(None, "QUEUED"), ("QUEUED", "RUNNING"), ("RUNNING", "PARTIALLY_FAILED")]
    assert "PARTIALLY_FAILED" in text
    assert 'id="cancel-job"' not in text  # finished: nothing to cancel
    assert 'name="_save"' not in text  # read only


def test_the_page_lists_the_first_failed_items_and_links_to_all_of_them(
    admin_client, company, monkeypatch
):
    monkeypatch.setattr("bulk.admin.FAILED_SHOWN", 2)
    monkeypatch.setattr(admin_items, "FAILED_SHOWN", 2)
    job = job_of(company, [employee(n, email="bad") for n in range(3)])
    run_to_the_end(job.pk)

    response = admin_client.get(page(job))
    items = admin_client.get(ITEMS, {"job": job.pk, "status__exact": "FAILED"})

    assert [item["index"] for item in response.context["failed_items"]] == [0, 1]
    all_failed = f"{ITEMS}?job={job.pk}&amp;status__exact=FAILED"
    assert f'<a href="{all_failed}">All 3 failed items</a>' in response.text
    assert items.status_code == 200
    assert [item.index for item in items.context["cl"].result_list] == [0, 1, 2]
    assert f"Items of bulk job {job.pk}" in items.text


# --- cancelling ----------------------------------------------------------------------------------


def test_cancel_on_a_queued_jobs_page_cancels_it_with_the_reason_on_the_trail(
    admin_client, company
):
    job = job_of(company, [employee(1), employee(2)])
    assert 'id="cancel-job"' in admin_client.get(page(job)).text

    response = admin_client.post(cancel(job), {"reason": "Wrong file, says the client"})

    assert response.status_code == 302
    assert message_texts(response) == [f"Bulk job {job.pk} is CANCELLED: none of its items ran."]
    job.refresh_from_db()
    assert job.status == "CANCELLED"
    assert not Employee.objects.exists()
    # The move is the operator's, not the job's maker's.
    moved = job.status_history.get(status_to="CANCELLED")
    assert (moved.actor_kind, moved.actor_name) == ("STAFF", "admin")
    [*_, (_, context)] = trail(BulkJob, job, "UPDATED")
    assert (context["source"], context["reason"]) == ("ADMIN", "Wrong file, says the client")
    history = admin_client.get(reverse("admin:bulk_bulkjob_history", args=[job.pk]))
    assert "reason: Wrong file, says the client" in history.text


def test_cancel_on_a_running_job_stops_it_after_the_items_being_run(admin_client, company):
    job = job_of(company, [employee(1), employee(2)])
    with transaction.atomic():
        runs.bulk_job_start(job)

    response = admin_client.post(cancel(job), {"reason": ""})

    assert "is being cancelled" in message_texts(response)[0]
    assert 'id="cancel-requested"' in admin_client.get(page(job)).text
    assert run_to_the_end(job.pk).status == "CANCELLED"
    assert BulkJobItem.objects.filter(job=job, status="PENDING").count() == 2


def test_cancel_on_a_finished_job_refuses_nothing_and_changes_nothing(admin_client, company):
    job = job_of(company, [employee(1)])
    run_to_the_end(job.pk)

    response = admin_client.post(cancel(job), {"reason": ""})

    assert message_texts(response) == [
        f"Bulk job {job.pk} is SUCCEEDED already: nothing to cancel."
    ]
    job.refresh_from_db()
    assert (job.status, job.cancel_requested_at) == ("SUCCEEDED", None)


# --- the upload of a CSV of employees ------------------------------------------------------------


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig"], ids=["plain", "with-bom"])
def test_a_good_csv_runs_as_a_bulk_job_whose_rows_upsert_employees_as_the_staff_user(
    admin_client, admin_user, company, encoding
):
    rows = [
        "Zoë,Ångström,zoe@example.com,1 Main St,New York,10001,US,DNI-0,,HR-7",
        "Bo,Li,bo@example.com,2 Main St,New York,10001,US,DNI-0,row-b,",
    ]
    content = "\n".join([f"{HEADER},clientReference,externalReferenceId", *rows]).encode(encoding)

    response = upload(admin_client, company, content, reason="Onboarding day")

    job = BulkJob.objects.get()
    assert response.status_code == 302
    assert response["Location"] == page(job)
    assert message_texts(response)[0].startswith(f"Bulk job {job.pk} queued: 2 employee(s) of BLK")
    assert (job.company, job.operation, job.total) == (company, "EMPLOYEES_UPSERT", 2)
    assert (job.actor_kind, job.actor_name) == ("STAFF", admin_user.username)
    first = employee(0, firstName="Zoë", lastName="Ångström", email="zoe@example.com")
    second = employee(0, firstName="Bo", lastName="Li", email="bo@example.com", address="2 Main St")
    items = [(item.client_reference, item.body) for item in job.items.order_by("index")]
    # Empty cells left out; the row's number (the header is row 1) unless it has a reference.
    assert items == [("row 2", {**first, "externalReferenceId": "HR-7"}), ("row-b", second)]
    assert run_to_the_end(job.pk).status == "SUCCEEDED"
    zoe = Employee.objects.get(company=company, email="zoe@example.com")
    assert (zoe.first_name, zoe.external_reference_id) == ("Zoë", "HR-7")
    [(_, context)] = trail(Employee, zoe, "CREATED")
    assert (context["source"], context["actorType"], context["operatorName"]) == (
        "ADMIN",
        "OPERATOR",
        admin_user.username,
    )
    assert context["reason"] == "Onboarding day"
    assert "Onboarding day" in admin_client.get(page(job)).text


def test_a_semicolon_separated_csv_is_read_too(admin_client, company):
    content = f"{HEADER.replace(',', ';')}\nAda;Byron;ada@example.com;1 Main St;NYC;10001;US;D1\n"

    upload(admin_client, company, content.encode())

    assert BulkJob.objects.get().items.get().body["lastName"] == "Byron"


REFUSALS = {
    "not-utf8": ("Zoë".encode("latin-1"), "The file is not UTF-8 text."),
    "empty": (b"", "The file has no header: its first row names the columns (firstName,"),
    "blank-first-row": (b",,\nAda,Byron\n", "The file has no header: its first row names"),
    "unknown-columns": (
        f"{HEADER},companyCode,shoeSize\n".encode(),
        "Unknown column(s) in the header (the first row): companyCode, shoeSize. The columns "
        "are named as POST /employees names its fields: firstName, lastName, email,",
    ),
    "missing-columns": (
        b"firstName,lastName\nAda,Byron\n",
        "The header lacks column(s) every employee needs: email, address, city, postCode, "
        "countryCode.",
    ),
    "unnamed-column": (f"{HEADER},\n".encode(), "Column 9 of the header (the first row)"),
    "twice": (f"{HEADER},email\n".encode(), "The header names email more than once."),
    "no-rows": (f"{HEADER}\n\n".encode(), "The file has no rows after its header"),
    "longer-row": (
        f"{HEADER}\nAda,Byron,a@b.co,1 Main St,NYC,10001,US,D1,extra\n".encode(),
        "Row 2 has more cells than the header has columns.",
    ),
}


@pytest.mark.parametrize("case", REFUSALS)
def test_a_bad_csv_is_refused_with_what_is_wrong_and_no_job_is_made(admin_client, company, case):
    content, message = REFUSALS[case]

    response = upload(admin_client, company, content)

    assert response.status_code == 200
    assert message in response.context["form"].errors["file"][0]
    assert escape(message) in response.text
    assert not BulkJob.objects.exists()


def test_more_rows_than_a_job_takes_are_refused(admin_client, company, settings):
    settings.BULK_JOB_MAX_ITEMS = 2
    rows = [",".join(employee(n).values()) for n in range(3)]

    response = upload(admin_client, company, "\n".join([HEADER, *rows]).encode())

    assert "A bulk job takes 1 to 2 items" in response.text
    assert not BulkJob.objects.exists()


def test_a_reference_too_long_is_refused_as_the_api_refuses_it_and_makes_no_job(
    admin_client, company
):
    row = ",".join([*employee(1).values(), "r" * 256])

    response = upload(admin_client, company, f"{HEADER},clientReference\n{row}".encode())

    assert response.status_code == 200
    assert "clientReference is text of 1 to 255 characters" in response.text
    assert not BulkJob.objects.exists()


def test_a_cell_holding_a_nul_character_is_refused_and_makes_no_job(admin_client, company):
    row = ",".join(employee(1).values()).replace("Ada", "A\x00da", 1)

    response = upload(admin_client, company, "\n".join([HEADER, row]).encode())

    assert response.status_code == 200
    assert "Null characters are not allowed." in response.text
    assert not BulkJob.objects.exists()


def test_a_file_too_large_is_refused_unread(admin_client, company, monkeypatch):
    monkeypatch.setattr(admin_forms, "CSV_MAX_BYTES", 100)
    rows = [",".join(employee(n).values()) for n in range(3)]

    response = upload(admin_client, company, "\n".join([HEADER, *rows]).encode())

    assert "a CSV upload takes 100\xa0bytes at most" in response.text
    assert not BulkJob.objects.exists()


def test_the_upload_page_says_which_columns_it_takes(admin_client, company):
    response = admin_client.get(CHANGELIST)
    assert f'href="{UPLOAD}"' in response.text

    form = admin_client.get(UPLOAD)

    assert form.status_code == 200
    assert "firstName, lastName, email, phone, governmentDNI" in form.text
    assert "BLK · Bulk Co" in form.text


# --- who may see and do what ---------------------------------------------------------------------


def staff(client, django_user_model, *codenames):
    user = django_user_model.objects.create_user("clerk", password="x", is_staff=True)
    user.user_permissions.add(*Permission.objects.filter(codename__in=codenames))
    client.force_login(user)
    return client


def test_a_staff_user_without_the_permission_sees_no_job(client, django_user_model, company):
    job = job_of(company, [employee(1)])
    clerk = staff(client, django_user_model)

    assert clerk.get(CHANGELIST).status_code == 403
    assert clerk.get(page(job)).status_code == 403
    assert clerk.get(UPLOAD).status_code == 403
    assert clerk.post(cancel(job), {"reason": ""}).status_code == 403


def test_a_staff_user_who_may_view_jobs_neither_uploads_nor_cancels(
    client, django_user_model, company
):
    job = job_of(company, [employee(1)])
    clerk = staff(client, django_user_model, "view_bulkjob")

    assert listed(clerk, CHANGELIST) == {job.pk}
    assert 'id="cancel-job"' not in clerk.get(page(job)).text
    assert f'href="{UPLOAD}"' not in clerk.get(CHANGELIST).text
    assert clerk.get(UPLOAD).status_code == 403
    assert clerk.post(cancel(job), {"reason": ""}).status_code == 403
    assert clerk.get(ITEMS, {"job": job.pk}).status_code == 200
    assert BulkJob.objects.get().status == "QUEUED"


# --- the dashboard -------------------------------------------------------------------------------


def test_the_dashboard_counts_jobs_under_way_and_those_with_failed_items_this_week(
    admin_client, company
):
    queued = job_of(company, [employee(1)])
    failed = job_of(CompanyFactory(), [employee(2, email="bad")])
    run_to_the_end(failed.pk)
    old = job_of(CompanyFactory(), [employee(3, email="bad")])
    run_to_the_end(old.pk)
    BulkJob.objects.filter(pk=old.pk).update(finished_at=timezone.now() - timedelta(days=8))
    run_to_the_end(job_of(CompanyFactory(), [employee(4)]).pk)  # succeeded: not counted

    shown = figures(admin_client)

    for label, jobs in [
        ("queued or running", {queued.pk}),
        ("with failed items, finished in the last 7 days", {failed.pk}),
    ]:
        count, url = shown[label]
        assert count == len(jobs), label
        assert listed(admin_client, url) == jobs, label
