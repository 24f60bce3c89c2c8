"""Any changelist exports as CSV, with the list's columns, filters, search and order, streamed
in chunks: the queries do not grow with the rows."""

import csv
import io
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from orders.choices import OrderStatus
from orders.models import Order
from tests.factories import (
    CompanyFactory,
    EmployeeFactory,
    EventFactory,
    HardwareFactory,
    HardwareRequestFactory,
    MovementRequestFactory,
    OrderFactory,
)

pytestmark = pytest.mark.django_db


def export_url(app_label: str, model_name: str) -> str:
    return reverse("admin:changelist_csv", args=[app_label, model_name])


def exported(admin_client, url: str, params=None) -> list[list[str]]:
    response = admin_client.get(url, params or {})
    assert response.status_code == 200
    assert response.streaming
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    text = b"".join(response.streaming_content).decode()
    return list(csv.reader(io.StringIO(text)))


def test_the_export_has_the_lists_columns_and_only_its_filtered_rows_in_its_order(admin_client):
    acme, other = CompanyFactory(code="ACM"), CompanyFactory(code="OTH")
    first = OrderFactory(company=acme, status=OrderStatus.QUOTED)
    HardwareRequestFactory(order=first, amount=1, model="MacBook Pro")
    second = OrderFactory(company=acme, status=OrderStatus.QUOTED)
    HardwareRequestFactory(order=second, amount=2, model="Dock")
    OrderFactory(company=acme)  # PENDING
    OrderFactory(company=other, status=OrderStatus.QUOTED)
    Order.objects.filter(pk=first.pk).update(created_at=timezone.now() - timedelta(days=3))

    rows = exported(
        admin_client,
        export_url("orders", "order"),
        {"status__exact": "QUOTED", "q": "ACM", "o": "1"},  # by number, ascending
    )

    header, *records = rows
    assert header == ["Order number", "Company", "Status", "Employee", "Items", "Age", "Eta"]
    assert records == [
        [str(first.order_number), "ACM", "QUOTED", "—", "1 x MacBook Pro", "3 d", ""],
        [str(second.order_number), "ACM", "QUOTED", "—", "2 x Dock", "0 min", ""],
    ]


def test_the_list_links_to_its_export_with_its_filters(admin_client):
    page = admin_client.get(reverse("admin:orders_order_changelist"), {"status__exact": "PENDING"})

    assert f'href="{export_url("orders", "order")}?status__exact=PENDING"' in page.text


def test_the_queries_do_not_grow_with_the_rows(admin_client):
    def queries_for_export() -> int:
        with CaptureQueriesContext(connection) as queries:
            exported(admin_client, export_url("logistics", "movementrequest"))
        return len(queries.captured_queries)

    company = CompanyFactory()
    MovementRequestFactory.create_batch(2, company=company)
    few = queries_for_export()
    MovementRequestFactory.create_batch(30, company=company)

    assert queries_for_export() == few


def test_events_export_too_and_an_unknown_list_is_not_found(admin_client):
    event = EventFactory(kind="order.quoted")

    header, *records = exported(admin_client, export_url("companies", "event"))

    assert header[0] == "Kind" and len(records) == 1 and records[0][0] == "order.quoted"
    assert event.company.code in records[0]
    assert admin_client.get(export_url("orders", "nothing")).status_code == 404


def test_an_operator_without_view_permission_cannot_export(client, django_user_model):
    clerk = django_user_model.objects.create_user("clerk", password="x", is_staff=True)
    client.force_login(clerk)

    assert client.get(export_url("orders", "order")).status_code == 403


def test_a_record_shown_by_a_clients_text_is_escaped_and_plain_text_kept_whole(admin_client):
    employee = EmployeeFactory(first_name="=HYPERLINK(2)", last_name="Doe")
    HardwareFactory(
        company=employee.company,
        employee=employee,
        status="EMPLOYEE",
        storage=None,
        serial_number="SN-X",
        name="Monitor <27in> & stand",
    )

    header, record = exported(admin_client, export_url("hardware", "hardware"), {"q": "SN-X"})

    cells = dict(zip(header, record, strict=True))
    assert cells["Model"] == "Monitor <27in> & stand"
    assert cells["Where"] == "'=HYPERLINK(2) Doe"
