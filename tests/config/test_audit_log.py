"""The back office's Audit log (issue 28): every row of the audit trail, newest first, with its
record (linked while it exists), action, what changed, actor, source, reason and request id;
filtered by record type, action, actor type, source, company and date; searched by request id,
record id or reason; exported as CSV like every list; paged in a fixed number of queries."""

import csv
import io
from datetime import timedelta

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from catalog.models import CatalogItem
from companies.models import Company
from config.backoffice import audit_log
from config.kernel.actors import Actor
from config.kernel.audit import Source, change_context
from config.models import AuditLogEntry
from orders import services
from tests.admin_pages import change_page_form
from tests.factories import (
    CatalogItemFactory,
    CompanyFactory,
    EmployeeFactory,
    HardwareFactory,
    HardwareRequestFactory,
    OrderFactory,
)

pytestmark = pytest.mark.django_db

LOG = reverse("admin:config_auditlogentry_changelist")
EXPORT = reverse("admin:changelist_csv", args=["config", "auditlogentry"])
COLUMNS = [
    "Occurred at",
    "Record",
    "Action",
    "What changed",
    "Actor",
    "Source",
    "Reason",
    "Request id",
]


def listed(admin_client, params=None) -> list[tuple[str, str]]:
    """The rows the list shows (its page), as (record label, action)."""
    response = admin_client.get(LOG, params or {})
    assert response.status_code == 200
    return [
        (row.described.label, audit_log.action_of(row))
        for row in response.context["cl"].result_list
    ]


def exported(admin_client, params=None) -> list[list[str]]:
    response = admin_client.get(EXPORT, params or {})
    assert response.status_code == 200
    return list(csv.reader(io.StringIO(b"".join(response.streaming_content).decode())))


def aged(record, **delta) -> None:
    """`record`'s rows on the trail made `delta` ago."""
    table = apps.get_model(record._meta.app_label, f"{type(record).__name__}AuditEvent")
    table.objects.filter(pgh_obj_id=record.pk).update(
        pgh_created_at=timezone.now() - timedelta(**delta)
    )


def as_command(name="fix", **more):
    return change_context(Source.COMMAND, actorType="COMMAND", actorName=name, **more)


def test_the_log_shows_a_change_with_its_record_action_changes_actor_source_reason_and_request(
    admin_client, caller
):
    company = CompanyFactory(api_client=caller.api_client, code="LOG", name="Before")

    response = caller.patch(
        "/companies/LOG", {"name": "After"}, format="json", HTTP_X_CHANGE_REASON="Rebranded"
    )

    header, *rows = exported(admin_client, {"type": "companies.company", "action": "UPDATED"})
    assert header == COLUMNS
    [row] = rows
    assert row[1:] == [
        "Company: LOG · After",
        "UPDATED",
        "name: Before → After",
        f"{caller.api_client.name} (API client)",
        "API",
        "Rebranded",
        response["X-Request-ID"],
    ]
    page = admin_client.get(LOG, {"type": "companies.company"}).content.decode()
    for column in ("occurred at", "record", "what changed", "actor", "request id"):
        assert column in page.lower()
    assert reverse("admin:companies_company_change", args=[company.pk]) in page
    assert 'class="column-' in page and "Export CSV" in page


def test_an_operators_change_shows_their_staff_name(admin_client, admin_user):
    item = HardwareFactory(description="Scratched", serial_number="SN-LOG-1")
    url = reverse("admin:hardware_hardware_change", args=[item.pk])
    form = change_page_form(admin_client.get(url)) | {"description": "Fine"}
    admin_client.post(url, {**form, "change_reason": "Checked"})

    [_, row] = exported(admin_client, {"type": "hardware.hardware", "action": "UPDATED"})

    assert row[2:] == [
        "UPDATED",
        "description: Scratched → Fine",
        f"{admin_user.username} (Staff user)",
        "ADMIN",
        "Checked",
        row[7],
    ]
    assert row[7]  # the admin request's id


def test_rows_come_newest_first_and_page_in_the_same_order(admin_client, monkeypatch):
    with as_command():
        items = [CatalogItemFactory(name=f"Item {n}") for n in range(5)]
    for age, item in enumerate(items):
        aged(item, minutes=age)
    every = [(str(item), "CREATED") for item in items]
    monkeypatch.setattr(audit_log.AuditLogAdmin, "list_per_page", 2)

    pages = [listed(admin_client, {"type": "catalog.catalogitem", "p": page}) for page in (1, 2, 3)]

    assert [row for page in pages for row in page] == every
    assert [len(page) for page in pages] == [2, 2, 1]


def test_a_page_is_read_in_a_fixed_number_of_queries(admin_client, monkeypatch):
    monkeypatch.setattr(audit_log.AuditLogAdmin, "list_per_page", 5)
    with as_command():
        OrderFactory()
        HardwareFactory.create_batch(3)
    admin_client.get(LOG)  # the session and the user, as any page

    def queries_with(more: int) -> int:
        with as_command():
            EmployeeFactory.create_batch(more)
        with CaptureQueriesContext(connection) as queries:
            assert admin_client.get(LOG).status_code == 200
        return len(queries)

    assert queries_with(2) == queries_with(20)


def test_the_record_links_to_its_page_while_it_exists_and_a_line_to_its_order(admin_client):
    with as_command():
        order = OrderFactory()
        line = HardwareRequestFactory(order=order, amount=2, model="MX Master 3S")
        gone = CatalogItemFactory(name="Discontinued")
        CatalogItem.objects.filter(pk=gone.pk).delete()

    page = admin_client.get(LOG).content.decode()
    rows = [(row[1], row[2]) for row in exported(admin_client)[1:]]

    assert reverse("admin:orders_order_change", args=[order.pk]) in page
    assert f'{reverse("admin:orders_order_change", args=[order.pk])}">2 x MX Master 3S<' in page
    assert (f"Hardware request: {line}", "CREATED") in rows
    # Deleted: labelled from its rows, linked nowhere.
    assert ("Catalog item: US · Discontinued", "CREATED") in rows
    assert ("Catalog item: US · Discontinued", "DELETED") in rows
    assert reverse("admin:catalog_catalogitem_change", args=[gone.pk]) not in page
    assert listed(admin_client, {"action": "DELETED"}) == [("US · Discontinued", "DELETED")]


def test_a_status_move_is_status_changed_and_other_updates_updated(admin_client):
    with as_command("transition"):
        order = OrderFactory()
        HardwareRequestFactory(order=order, quoted_unit_price="10.00")
        services.order_move(order_id=order.pk, to_status="QUOTED", actor=Actor.command("ops"))
    with as_command():
        order.refresh_from_db()
        type(order).objects.filter(pk=order.pk).update(comments="Call before delivering")

    moved = exported(admin_client, {"type": "orders.order", "action": "STATUS_CHANGED"})[1:]
    updated = exported(admin_client, {"type": "orders.order", "action": "UPDATED"})[1:]

    assert [(row[2], row[3]) for row in moved] == [("STATUS_CHANGED", "status: PENDING → QUOTED")]
    assert [(row[2], row[3]) for row in updated] == [
        ("UPDATED", "comments: — → Call before delivering")
    ]


def test_filters_by_actor_type_source_company_and_date(admin_client):
    acme, other = CompanyFactory(code="ACM"), CompanyFactory(code="OTH")
    with change_context(Source.API, actorType="API_CLIENT", actorName="Acme IT"):
        employee = EmployeeFactory(company=acme, email="ana@acme.example")
    with change_context(Source.WORKER, actorType="SYSTEM", actorName="tasks.sync"):
        item = HardwareFactory(company=other, serial_number="SN-OTHER")
    with as_command():
        order = OrderFactory(company=acme)
    aged(order, days=10)

    def labels(params):
        return {label for label, _ in listed(admin_client, params)}

    assert labels({"actor": "API_CLIENT"}) == {str(employee)}
    assert labels({"source": "WORKER"}) >= {str(item)}
    assert str(employee) not in labels({"source": "WORKER"})
    assert labels({"company": "ACM"}) == {str(acme), str(employee), str(order)}
    recent = {"pgh_created_at__gte": (timezone.now() - timedelta(days=1)).isoformat()}
    assert str(order) not in labels(recent) and str(employee) in labels(recent)
    assert labels({"company": "NOPE"}) == set()


def test_the_search_finds_a_request_id_a_record_id_or_words_of_a_reason(admin_client):
    company = CompanyFactory()
    with change_context(Source.API, requestId="req-7f3a", reason="Moved to the Lisbon office"):
        lisbon = EmployeeFactory(company=company)
    with as_command(reason="Yearly clean-up"):
        other = EmployeeFactory(company=company)

    def found(term):
        return {label for label, _ in listed(admin_client, {"q": term})}

    assert found("req-7f3a") == {str(lisbon)}
    assert found("lisbon OFFICE") == {str(lisbon)}
    assert found(str(other.pk)) == {str(other)}
    assert found(other.pk.hex) == {str(other)}  # a uuid written without dashes
    assert found("req-7f3") == set()  # request ids match exactly


def test_secrets_are_never_shown(admin_client):
    with as_command():
        company = CompanyFactory(code="SEC")
        Company.objects.filter(pk=company.pk).update(webhook_secret="whsec_new")

    [_, row] = exported(admin_client, {"type": "companies.company", "action": "UPDATED"})

    assert row[3] == "webhook secret: *** → ***"


def test_the_export_reads_every_row_in_chunks_in_the_lists_order(admin_client, monkeypatch):
    monkeypatch.setattr(audit_log, "EXPORT_CHUNK_ROWS", 2)
    with as_command():
        items = [CatalogItemFactory(name=f"Item {n}") for n in range(5)]
    for age, item in enumerate(items):
        aged(item, minutes=age)

    rows = exported(admin_client, {"type": "catalog.catalogitem"})[1:]

    assert [row[1] for row in rows] == [f"Catalog item: {item}" for item in items]


def test_the_log_is_for_staff_allowed_to_read_it(client, admin_client):
    staff = get_user_model().objects.create_user("reader", password="x", is_staff=True)
    client.force_login(staff)
    assert client.get(LOG).status_code == 403

    staff.user_permissions.add(Permission.objects.get(codename="view_auditlogentry"))
    assert client.get(LOG).status_code == 200
    assert "Audit log" in admin_client.get(reverse("admin:index")).content.decode()
    assert not AuditLogEntry.no_objects.exists()  # dumpdata and the like see nothing
