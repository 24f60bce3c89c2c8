"""An operator's day in the back office, in a real browser (issue 13): log in, read the admin
index, quote an all-catalog order in one step, confirm a delivery and see the hardware it made,
and coordinate ten movements at once with a shared ETA and tracking. Each step is kept as a
screenshot (artifacts/screenshots/, numbered in the order of a day)."""

import datetime
import re
from decimal import Decimal

import pytest

from config.kernel.actors import Actor
from hardware.models import Hardware
from logistics import services as logistics_services
from logistics.models import MovementRequest
from orders.models import Order
from tests.browser.conftest import log_in, screenshot
from tests.factories import (
    CatalogItemFactory,
    CompanyFactory,
    EmployeeFactory,
    EventFactory,
    HardwareFactory,
    HardwareRequestFactory,
    MovementRequestFactory,
    OrderFactory,
)

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)


def catalog_lines(order: Order) -> None:
    mouse = CatalogItemFactory(name="MX Master 3S", hardware_type="MOUSE", price=Decimal("99.00"))
    laptop = CatalogItemFactory(name="Latitude 7450", price=Decimal("1299.00"))
    for item, amount in ((mouse, 2), (laptop, 1)):
        HardwareRequestFactory(
            order=order,
            amount=amount,
            catalog_item=item,
            hardware_type=item.hardware_type,
            model=item.name,
        )


def assert_fits_the_screen(page) -> None:
    """The list's columns are all seen without scrolling sideways (the viewport is 1366 px)."""
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"{page.url} is {overflow} px wider than the screen"


def test_an_operator_logs_in_and_reads_the_admin_index(page, operator):
    company = CompanyFactory(name="Acme")
    for _ in range(3):
        OrderFactory(company=company)  # PENDING: to quote
    OrderFactory(company=company, status="QUOTED")
    last_week = datetime.date.today() - datetime.timedelta(days=7)
    late = [MovementRequestFactory(company=company, expected_date=last_week) for _ in range(2)]
    MovementRequestFactory(company=company)  # on time: counted as to coordinate only
    EventFactory(company=company)  # every attempt failed

    log_in(page, operator, shot="01-login")

    assert page.title() == "Work waiting | Hardware Logistics back office"
    figures = {
        row.locator("td").nth(1).inner_text(): row.locator("a").inner_text()
        for row in page.locator("#dashboard tr:has(a)").all()
    }
    assert figures["PENDING: to quote"] == "3"
    assert figures["QUOTED: waiting for the client"] == "1"
    assert figures["PROCESSING: to coordinate"] == "3"
    assert figures["open, past their expected date"] == "2"
    assert figures["FAILED: every attempt failed"] == "1"
    screenshot(page, "02-admin-index-dashboard")

    # A figure opens its list filtered to exactly the records it counted.
    page.locator("#dashboard tr", has_text="past their expected date").locator("a").click()
    page.wait_for_url(re.compile(r"/admin/logistics/movementrequest/\?late=past_expected_date$"))
    numbers = page.locator("#result_list tbody th a").all_inner_texts()
    assert sorted(numbers) == sorted(str(m.movement_request_number) for m in late)
    page.goto("/admin/orders/order/")
    assert_fits_the_screen(page)


def test_an_all_catalog_order_is_quoted_in_one_step_at_catalog_prices(page, operator):
    order = OrderFactory(company=CompanyFactory(name="Acme"))
    catalog_lines(order)
    log_in(page, operator)

    page.goto(f"/admin/orders/order/{order.pk}/change/")
    prices = page.locator("input[name$='-quoted_unit_price']")
    assert [prices.nth(n).input_value() for n in range(2)] == ["99.00", "1299.00"]
    screenshot(page, "03-order-quote-one-step")
    page.get_by_role("button", name="Save and mark QUOTED").click()

    page.get_by_text(f"Order {order.order_number} is now QUOTED.").wait_for()
    assert page.locator(".field-status .readonly").inner_text() == "Quoted"
    screenshot(page, "04-order-quoted")
    lines = order.hardware_requests.order_by("created_at", "id")
    assert [line.quoted_unit_price for line in lines] == [Decimal("99.00"), Decimal("1299.00")]
    assert Order.objects.get(pk=order.pk).status == "QUOTED"


def test_a_delivery_is_confirmed_on_its_own_page_and_shows_the_hardware_made(page, operator):
    company = CompanyFactory(name="Acme")
    employee = EmployeeFactory(company=company, email="maya.patel@acme.example")
    order = OrderFactory(company=company, status="ACCEPTED", send_to="EMPLOYEE", employee=employee)
    HardwareRequestFactory(
        order=order, amount=2, model="MX Master 3S", hardware_type="MOUSE", quoted_unit_price=99
    )
    log_in(page, operator)

    page.goto(f"/admin/orders/order/{order.pk}/change/")
    page.get_by_role("button", name="Mark DELIVERED").click()

    effects = page.locator("#move-effects")
    effects.get_by_text("2 hardware item(s) MX Master 3S created, assigned to").wait_for()
    assert Order.objects.get(pk=order.pk).status == "ACCEPTED"  # nothing happens before "yes"
    screenshot(page, "05-confirm-delivered")
    page.get_by_role("button", name="Yes, I'm sure").click()

    page.get_by_text(f"Order {order.order_number} is now DELIVERED.").wait_for()
    page.get_by_role("link", name="2 item(s)").click()
    page.wait_for_url(re.compile(r"/admin/hardware/hardware/\?created_order_id"))
    assert page.locator("#result_list tbody tr").count() == 2
    screenshot(page, "06-delivered-hardware")
    assert Hardware.objects.filter(created_order_id=order.pk, employee=employee).count() == 2


def test_ten_movements_are_coordinated_at_once_with_a_shared_eta_and_tracking(page, operator):
    company = CompanyFactory(name="Acme")
    employee = EmployeeFactory(company=company)
    for n in range(10):
        item = HardwareFactory(company=company, serial_number=f"SN-BULK-{n:02d}")
        logistics_services.movement_onboarding_create(
            company=company,
            actor=Actor.api_client(company.api_client),
            hardware_ids=[item.id],
            employee_email=employee.email,
        )
    log_in(page, operator)

    page.goto("/admin/logistics/movementrequest/")
    page.locator("#action-toggle").check()
    page.locator("select[name=action]").select_option("mark_coordinated")
    page.get_by_role("button", name="Go").click()
    page.fill("#id_eta", "2026-12-03")
    page.fill("#id_tracking_code", "1Z999AA10123456784")
    page.fill("#id_tracking_link", "https://track.example.com/1Z999AA10123456784")
    screenshot(page, "07-bulk-coordinate-form")
    page.get_by_role("button", name="Mark COORDINATED").click()

    page.get_by_text("Moved 10 movement request(s) to COORDINATED.").wait_for()
    assert_fits_the_screen(page)
    screenshot(page, "08-bulk-coordinated")
    moved = MovementRequest.objects.all()
    assert {(m.status, m.eta, m.tracking_code) for m in moved} == {
        ("COORDINATED", datetime.date(2026, 12, 3), "1Z999AA10123456784")
    }
    assert moved.count() == 10

    page.goto(f"/admin/logistics/movementrequest/{moved.first().pk}/change/#history")
    page.locator("#history").get_by_text("PROCESSING → COORDINATED").wait_for()
    screenshot(page, "09-movement-history")
