"""The index's find box in a real browser (issue 35): an operator with what a client quotes (an
order number, a serial, an e-mail) types it on the index and lands on the record's page; a
query naming several records lists them by kind, each a link to its page. Screenshots:
artifacts/screenshots/find-*.png (the box on the index, the three records' pages, a list of
matches, a query naming nothing)."""

import re

import pytest
from django.urls import reverse

from tests.browser.conftest import log_in, screenshot
from tests.factories import (
    CompanyFactory,
    EmployeeFactory,
    HardwareFactory,
    MovementRequestFactory,
    OrderFactory,
)

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)


def page_of(record) -> str:
    opts = record._meta
    return reverse(f"admin:{opts.app_label}_{opts.model_name}_change", args=[record.pk])


def find_from_the_index(page, query: str, *, shot: str | None = None) -> None:
    page.goto("/admin/")
    page.fill("#find-q", query)
    if shot:
        screenshot(page, shot)
    page.get_by_role("button", name="Find").click()


def lands_on(page, record) -> None:
    """The record's page is open, its heading naming the record."""
    page.wait_for_url(re.compile(re.escape(page_of(record)) + "$"))
    assert page.locator("#content h2").first.inner_text() == str(record)


def test_an_order_an_item_and_an_employee_are_found_from_the_index(page, operator):
    company = CompanyFactory(name="Acme")
    order = OrderFactory(company=company)
    item = HardwareFactory(company=company, serial_number="C02XL0GJH7JY", name="MacBook Pro 14")
    employee = EmployeeFactory(company=company, email="maya.patel@acme.example")
    log_in(page, operator)

    find_from_the_index(page, str(order.order_number), shot="find-box")
    lands_on(page, order)
    screenshot(page, "find-order")

    find_from_the_index(page, "c02xl0gjh7jy")  # as an operator types it off a label
    lands_on(page, item)
    screenshot(page, "find-serial")

    find_from_the_index(page, " Maya.Patel@acme.example ")
    lands_on(page, employee)
    screenshot(page, "find-email")


def test_an_e_mail_of_several_records_lists_them_by_kind(page, operator):
    company = CompanyFactory(name="Acme")
    employee = EmployeeFactory(company=company, email="jo.chen@acme.example")
    order = OrderFactory(company=company, employee=employee, send_to="EMPLOYEE")
    movement = MovementRequestFactory(company=company, to_employee=employee)
    log_in(page, operator)

    find_from_the_index(page, "jo.chen@acme.example")

    page.wait_for_url(re.compile(r"/admin/find/\?q=jo\.chen%40acme\.example$"))
    results = page.locator("#find-results")
    links = results.locator("th a")
    assert [links.nth(n).get_attribute("href") for n in range(links.count())] == [
        page_of(order),
        page_of(movement),
        page_of(employee),
    ]
    assert page.input_value("#find-q") == "jo.chen@acme.example"
    screenshot(page, "find-matches")

    results.get_by_role("link", name=str(movement)).click()
    lands_on(page, movement)


def test_a_query_that_names_nothing_says_so(page, operator):
    log_in(page, operator)

    find_from_the_index(page, "no-such-thing@acme.example")

    page.get_by_text("No record matches “no-such-thing@acme.example”.").wait_for()
    screenshot(page, "find-none")
