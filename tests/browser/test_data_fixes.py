"""Data fixes in the back office, in a real browser (issue 29): the serial numbers of a delivered
order's three items typed on the order's page and read back from GET /hardwares, and an item
relocated after its preview. Screenshots continue the day's (tests/browser/test_back_office.py)."""

import pytest

from hardware.models import Hardware
from tests.browser.conftest import log_in, screenshot
from tests.conftest import make_caller
from tests.factories import CompanyFactory, EmployeeFactory, HardwareFactory
from tests.orders.test_import_serials import delivered_order

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)

SERIALS = ["C02XK1JHJG5H", "C02XK1JHJG5J", "CN0V4TJ2"]


def test_the_serials_of_a_delivered_order_are_typed_on_its_page_and_shown_by_the_api(
    page, operator
):
    caller = make_caller()
    company = CompanyFactory(api_client=caller.api_client, name="Acme", code="ACM")
    order = delivered_order(company)
    log_in(page, operator)

    page.goto(f"/admin/orders/order/{order.pk}/change/")
    inputs = page.locator("#order-serials input[name^='serial_']")
    assert inputs.count() == 3
    for position, serial in enumerate(SERIALS):
        inputs.nth(position).fill(serial)
    page.locator("#order-serials input[name='reason']").fill("Delivery note 881")
    page.locator("#order-serials").scroll_into_view_if_needed()
    screenshot(page, "10-order-serials-typed")
    page.get_by_role("button", name="Save serial numbers").click()

    page.get_by_text("Saved 3 serial number(s).").wait_for()
    screenshot(page, "11-order-serials-saved")
    listed = caller.get("/hardwares", {"companyCode": "ACM"})
    assert listed.status_code == 200
    assert sorted(item["serialNumber"] for item in listed.json()["envelop"]) == sorted(SERIALS)


def test_an_item_is_relocated_after_its_preview(page, operator):
    company = CompanyFactory(name="Acme")
    EmployeeFactory(company=company, email="maya.patel@acme.example")
    item = HardwareFactory(company=company, serial_number="SN-FOUND-1")
    log_in(page, operator)

    page.goto(f"/admin/hardware/hardware/{item.pk}/change/")
    page.get_by_role("link", name="Relocate…").click()
    page.fill("#id_employee_email", "maya.patel@acme.example")
    page.get_by_role("button", name="Preview").click()

    page.locator("#fix-preview").get_by_text("employee: — → maya.patel@acme.example").wait_for()
    assert Hardware.objects.get(pk=item.pk).employee is None  # nothing before "Confirm"
    page.fill("#id_reason", "Found at her desk on the audit")
    screenshot(page, "12-relocate-preview")
    page.get_by_role("button", name="Confirm").click()

    page.get_by_text("Relocate: 1 record(s) changed, 0 unchanged.").wait_for()
    assert Hardware.objects.get(pk=item.pk).employee.email == "maya.patel@acme.example"


def test_a_duplicate_employee_is_merged_into_the_one_kept_after_its_preview(page, operator):
    company = CompanyFactory(name="Acme")
    kept = EmployeeFactory(company=company, email="maya.patel@acme.example")
    duplicate = EmployeeFactory(company=company, email="m.patel@acme.example")
    HardwareFactory(company=company, on_employee=True, employee=duplicate, serial_number="SN-M-1")
    log_in(page, operator)

    page.goto(f"/admin/employees/employee/{duplicate.pk}/change/")
    page.get_by_role("link", name="Merge into…").click()
    page.fill("#id_keep_email", kept.email)
    page.get_by_role("button", name="Preview").click()

    page.locator("#fix-preview").get_by_text("merged into: — → maya.patel@acme.example").wait_for()
    page.fill("#id_reason", "Entered twice by the HR syncs")
    screenshot(page, "13-merge-preview")
    page.get_by_role("button", name="Confirm").click()

    page.get_by_text("Merge into: ").wait_for()
    assert Hardware.objects.get(serial_number="SN-M-1").employee_id == kept.pk
