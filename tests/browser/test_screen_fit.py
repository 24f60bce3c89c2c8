"""Every list and record page of the back office fits a 1366 x 768 screen (issue 35): with the
demo data of `make run`, and a record in each list the demo leaves empty, no page scrolls
sideways and no list or table scrolls inside its box. Each page is kept as a screenshot
(artifacts/screenshots/fit-*.png)."""

import io
import re

import pytest
from django.contrib import admin
from django.contrib.auth.models import Group
from django.core.management import call_command
from django.test import RequestFactory

from bulk.models import BulkOperation
from bulk.services.jobs import BulkItem, bulk_job_create
from companies import services as company_services
from companies.models import Company
from config.kernel.actors import Actor
from logistics.models import MovementRequest
from orders.models import Reseller
from tests.browser.conftest import log_in, screenshot
from tracking.choices import Direction, Provider
from tracking.models import UnmatchedTracking
from tracking.services import shipment_add

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)

# How far the page, and each box that scrolls sideways (overflow-x auto or scroll), is wider
# than what it shows. A select's options are the browser's to show.
OVERFLOWS = """() => {
    const found = [];
    const page = document.documentElement.scrollWidth - window.innerWidth;
    if (page > 0) found.push(`the page by ${page} px`);
    for (const box of document.querySelectorAll("body *:not(select)")) {
        const overflow = getComputedStyle(box).overflowX;
        const hidden = box.scrollWidth - box.clientWidth;
        if ((overflow === "auto" || overflow === "scroll") && hidden > 1) {
            found.push(`${box.id || box.className || box.tagName} by ${hidden} px`);
        }
    }
    return found;
}"""
# Records opened from each list, from its top: the demo's orders and movements are one in each
# status, and each status has its own moves on the page.
RECORDS_PER_LIST = 5


@pytest.fixture
def demo_data():
    """`make run`'s demo data, and one record in each list it leaves empty."""
    call_command("seed_demo", stdout=io.StringIO())
    company = Company.objects.get(code="DEM")
    actor = Actor.api_client(company.api_client)
    coordinated = MovementRequest.objects.get(company=company, status="COORDINATED")
    shipment_add(
        record=coordinated,
        direction=Direction.OUTBOUND,
        tracking_code="1Z999AA10123456784",
        actor=actor,
    )
    UnmatchedTracking.objects.create(
        provider=Provider.AFTERSHIP,
        tracking_code="1Z999AA10123456799",
        update={"status": "InTransit"},
    )
    bulk_job_create(
        company=company,
        operation=BulkOperation.HARDWARES_CREATE,
        items=[BulkItem(body={"hardwareType": "MONITOR", "countryCode": "US"})],
        actor=actor,
    )
    company_services.api_key_issue(client=company.api_client)
    Reseller.objects.create(code="DEMO-RESELLER-US", country_code="US")
    Group.objects.create(name="Operations")


def test_every_list_and_record_page_fits_a_laptop_screen(page, operator, demo_data):
    log_in(page, operator)
    assert_fits(page, "fit-00-index")
    lists = page.eval_on_selector_all(
        "#content-main .app-list a", "links => links.map(link => link.getAttribute('href'))"
    )
    lists = sorted({url for url in lists if re.fullmatch(r"/admin/\w+/\w+/", url)})
    assert lists == every_list(operator)

    records_seen = 0
    for url in lists:
        page.goto(url)
        name = url.removeprefix("/admin/").strip("/").replace("/", "-")
        assert_fits(page, f"fit-{name}")
        rows = page.eval_on_selector_all(
            "#result_list tbody tr a[href*='/change/']",
            "links => [...new Set(links.map(link => link.getAttribute('href')))]",
        )
        assert rows, f"{url} lists no record to open"
        for number, record in enumerate(rows[:RECORDS_PER_LIST]):
            page.goto(record)
            assert_fits(page, f"fit-{name}-record" if number == 0 else None)
            records_seen += 1
    assert records_seen >= 40


def every_list(user) -> list[str]:
    """The lists the admin site has for `user`, as its own index is made."""
    request = RequestFactory().get("/admin/")
    request.user = user
    app_list = admin.site.get_app_list(request)
    return sorted(model["admin_url"] for app in app_list for model in app["models"])


def assert_fits(page, shot: str | None) -> None:
    if shot:
        screenshot(page, shot)
    overflows = page.evaluate(OVERFLOWS)
    assert not overflows, f"{page.url} is wider than a 1366 px screen: {', '.join(overflows)}"
