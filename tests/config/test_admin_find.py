"""The index's find box (config.backoffice.finder): what a client quotes opens the record it
names, or lists the records it names by kind, among the models the user may view; a query that
names nothing says so."""

import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse

from bulk.choices import BulkOperation
from bulk.services.jobs import BulkItem, bulk_job_create
from config.backoffice.finder import LIMIT
from config.kernel.actors import Actor
from tests.factories import (
    CompanyFactory,
    EmployeeFactory,
    EventFactory,
    HardwareFactory,
    MovementRequestFactory,
    OrderFactory,
)
from tracking.models import Shipment, UnmatchedTracking

pytestmark = pytest.mark.django_db

FIND = reverse("admin:find")
TRACKING_CODE = "1Z999AA10123456784"


def page_of(record) -> str:
    opts = record._meta
    return reverse(f"admin:{opts.app_label}_{opts.model_name}_change", args=[record.pk])


def found(response) -> dict[str, list[str]]:
    """The page's matches: their links, by model (`app_label.model_name`)."""
    assert response.status_code == 200
    return {
        f"{kind.app_label}.{kind.model_name}": [match.url for match in kind.matches]
        for kind in response.context["kinds"]
    }


def shipment(code: str = TRACKING_CODE) -> Shipment:
    movement = MovementRequestFactory()
    return Shipment.objects.create(
        company=movement.company,
        movement_request=movement,
        direction="OUTBOUND",
        tracking_code=code,
    )


def bulk_job():
    body = {"firstName": "Ada", "lastName": "Byron", "email": "ada@example.com"}
    return bulk_job_create(
        company=CompanyFactory(),
        operation=BulkOperation.EMPLOYEES_UPSERT,
        items=[BulkItem(body=body)],
        actor=Actor.command("test"),
    )


# Each kind, made alone, and what a client would quote for it.
KEYS = {
    "order by number": lambda: (order := OrderFactory(), str(order.order_number)),
    "order by PO number": lambda: (OrderFactory(po_number="PO-7731"), "PO-7731"),
    "order by id": lambda: (order := OrderFactory(), str(order.pk)),
    "movement request by number": lambda: (
        movement := MovementRequestFactory(),
        str(movement.movement_request_number),
    ),
    "movement request by id": lambda: (movement := MovementRequestFactory(), str(movement.pk)),
    "item by serial number": lambda: (
        HardwareFactory(serial_number="C02XL0GJH7JY"),
        "C02XL0GJH7JY",
    ),
    "item by id": lambda: (item := HardwareFactory(), str(item.pk)),
    "employee by e-mail": lambda: (EmployeeFactory(email="maya@acme.example"), "maya@acme.example"),
    "employee by id": lambda: (employee := EmployeeFactory(), str(employee.pk)),
    "company by code": lambda: (CompanyFactory(code="QZX"), "QZX"),
    "company by id": lambda: (company := CompanyFactory(), str(company.pk)),
    "webhook event by id": lambda: (event := EventFactory(), str(event.pk)),
    "webhook event by webhook-id": lambda: (event := EventFactory(), event.webhook_id),
    "shipment by tracking code": lambda: (shipment(), TRACKING_CODE),
    "shipment by id": lambda: (parcel := shipment(), str(parcel.pk)),
    "unmatched tracking update by code": lambda: (
        UnmatchedTracking.objects.create(
            provider="EASYPOST", tracking_code="9400111899223100000000", update={}
        ),
        "9400111899223100000000",
    ),
    "bulk job by id": lambda: (job := bulk_job(), str(job.pk)),
}


@pytest.mark.parametrize("key", KEYS)
def test_each_kind_opens_the_record_its_key_names(admin_client, key):
    record, query = KEYS[key]()

    response = admin_client.get(FIND, {"q": query})

    assert response.status_code == 302, found(response)
    assert response["Location"] == page_of(record)


def test_one_match_lands_on_the_records_page(admin_client):
    order = OrderFactory()

    response = admin_client.get(FIND, {"q": str(order.order_number)}, follow=True)

    assert response.redirect_chain == [(page_of(order), 302)]
    assert response.status_code == 200
    assert response.context["original"] == order


def test_an_e_mail_lists_the_employee_and_the_orders_and_movements_by_kind(admin_client):
    employee = EmployeeFactory(email="maya@acme.example")
    order = OrderFactory(company=employee.company, employee=employee, send_to="EMPLOYEE")
    movement = MovementRequestFactory(company=employee.company, to_employee=employee)
    EmployeeFactory(email="someone.else@acme.example", company=employee.company)

    response = admin_client.get(FIND, {"q": "maya@acme.example"})

    # In the index's order: the day's lists first.
    assert found(response) == {
        "orders.order": [page_of(order)],
        "logistics.movementrequest": [page_of(movement)],
        "employees.employee": [page_of(employee)],
    }
    html = response.content.decode()
    assert f'<a href="{page_of(order)}">{order}</a>' in html
    assert f"<td>{employee.company} · Active</td>" in html  # the line saying what it is
    assert "No record matches" not in html


def test_one_e_mail_held_in_two_companies_lists_both_employees(admin_client):
    first = EmployeeFactory(email="maya@acme.example")
    second = EmployeeFactory(email="maya@acme.example")

    response = admin_client.get(FIND, {"q": "maya@acme.example"})

    assert sorted(found(response)["employees.employee"]) == sorted(
        [page_of(first), page_of(second)]
    )


def test_past_the_limit_a_kind_links_to_its_list_searched_for_the_query(admin_client):
    employee = EmployeeFactory(email="maya@acme.example")
    OrderFactory.create_batch(LIMIT + 1, company=employee.company, employee=employee)

    response = admin_client.get(FIND, {"q": "maya@acme.example"})

    (orders,) = [kind for kind in response.context["kinds"] if kind.model_name == "order"]
    assert len(orders.matches) == LIMIT
    assert orders.more_url == reverse("admin:orders_order_changelist") + "?q=maya%40acme.example"
    assert f'href="{orders.more_url}"' in response.content.decode()
    listed = admin_client.get(orders.more_url)
    assert listed.context["cl"].result_count == LIMIT + 1


def test_a_query_that_names_nothing_says_so(admin_client):
    OrderFactory(po_number="PO-1")
    EmployeeFactory(email="maya@acme.example")

    response = admin_client.get(FIND, {"q": "nobody@acme.example"})

    assert found(response) == {}
    assert "No record matches “nobody@acme.example”." in response.content.decode()


def test_the_box_is_searched_without_case_where_the_service_stores_one(admin_client):
    employee = EmployeeFactory(email="maya@acme.example")
    item = HardwareFactory(serial_number="C02XL0GJH7JY")
    company = CompanyFactory(code="QZX")
    parcel = shipment()

    for query, record in [
        ("Maya@ACME.example", employee),
        ("c02xl0gjh7jy", item),
        ("qzx", company),
        ("1z999aa1 0123456784", parcel),  # as a carrier's label groups it
    ]:
        response = admin_client.get(FIND, {"q": query})
        assert response.status_code == 302, (query, found(response))
        assert response["Location"] == page_of(record), query


def test_the_query_is_trimmed_and_shown_again_in_the_box(admin_client):
    order = OrderFactory()

    opened = admin_client.get(FIND, {"q": f"  {order.order_number}\t"})
    unknown = admin_client.get(FIND, {"q": "  nothing-here  "})

    assert opened["Location"] == page_of(order)
    assert unknown.context["query"] == "nothing-here"
    assert 'value="nothing-here"' in unknown.content.decode()


@pytest.mark.parametrize("params", [{}, {"q": ""}, {"q": "   "}])
def test_an_empty_query_shows_the_box_and_no_matches(admin_client, params):
    response = admin_client.get(FIND, params)

    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="find-q"' in html
    assert "No record matches" not in html
    assert response.context["kinds"] == []


@pytest.mark.parametrize("query", ["a\x00b", "x" * 300, "%", "_", "'; drop table x; --"])
def test_a_hostile_query_is_answered_like_any_unknown_one(admin_client, query):
    OrderFactory()

    response = admin_client.get(FIND, {"q": query})

    assert found(response) == {}


def test_staff_see_only_the_records_of_the_lists_they_may_view(client, django_user_model):
    employee = EmployeeFactory(email="maya@acme.example")
    OrderFactory(company=employee.company, employee=employee)
    clerk = django_user_model.objects.create_user("clerk", password="x", is_staff=True)
    clerk.user_permissions.add(
        Permission.objects.get(codename="view_employee", content_type__app_label="employees")
    )
    client.force_login(clerk)

    by_email = client.get(FIND, {"q": "maya@acme.example"})
    by_company_id = client.get(FIND, {"q": str(employee.company.pk)})

    assert by_email["Location"] == page_of(employee)  # the order is not the clerk's to see
    assert found(by_company_id) == {}


def test_only_staff_reach_the_box(client):
    response = client.get(FIND, {"q": "maya@acme.example"})

    assert response.status_code == 302
    assert response["Location"].startswith(reverse("admin:login"))


def test_the_index_opens_with_the_box(admin_client):
    html = admin_client.get(reverse("admin:index")).content.decode()

    assert f'<form id="find" method="get" action="{FIND}" role="search">' in html
    assert 'name="q"' in html
    assert 'value="Find"' in html


def test_the_matches_are_read_in_a_fixed_number_of_queries(
    admin_client, django_assert_max_num_queries
):
    employee = EmployeeFactory(email="maya@acme.example")
    OrderFactory(company=employee.company, employee=employee)
    MovementRequestFactory(company=employee.company, to_employee=employee)
    admin_client.get(FIND)  # the session and the user, as on any page

    with django_assert_max_num_queries(30) as few:
        admin_client.get(FIND, {"q": "maya@acme.example"})
    OrderFactory.create_batch(5, company=employee.company, employee=employee)
    MovementRequestFactory.create_batch(5, company=employee.company, to_employee=employee)
    with django_assert_max_num_queries(30) as many:
        admin_client.get(FIND, {"q": "maya@acme.example"})

    assert len(many.captured_queries) == len(few.captured_queries)
