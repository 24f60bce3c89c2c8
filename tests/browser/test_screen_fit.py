"""Every list and record page of the back office fits a 1366 x 768 screen (issue 35): with the
demo data of `make run`, and a record in each list the demo leaves empty, no page scrolls
sideways and no list or table scrolls inside its box. Each page is kept as a screenshot
(artifacts/screenshots/fit-*.png)."""

import io
import re

import pytest
from django.apps import apps
from django.contrib import admin
from django.contrib.admin.utils import unquote
from django.contrib.auth.models import Group
from django.core.management import call_command
from django.test import RequestFactory

from bulk.models import BulkOperation
from bulk.services.jobs import BulkItem, bulk_job_create
from companies import services as company_services
from companies.models import Company
from config.kernel.actors import Actor
from logistics.choices import MovementStatus
from logistics.models import MovementRequest
from orders.choices import OrderStatus
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
# Records opened from each list, from its top: the first two, and then the first of each kind
# (model and status: each status has its own moves on the page) not opened yet. The demo's orders
# and movements are one in each status: all of them are opened. A page already checked from
# another list (the audit log's links) is not opened again.
RECORDS_PER_LIST = 2


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

    checked, kinds = set(), set()
    for url in lists:
        page.goto(url)
        name = url.removeprefix("/admin/").strip("/").replace("/", "-")
        assert_fits(page, f"fit-{name}")
        rows = page.eval_on_selector_all(
            "#result_list tbody tr a[href*='/change/']",
            "links => [...new Set(links.map(link => link.getAttribute('href')))]",
        )
        assert rows, f"{url} lists no record to open"
        shot = f"fit-{name}-record"
        for number, record in enumerate(rows):
            kind = kind_of(record)
            if record in checked or (number >= RECORDS_PER_LIST and kind in kinds):
                continue
            page.goto(record)
            assert_fits(page, shot)
            shot = None
            checked.add(record)
            kinds.add(kind)
    statuses = {model: {status for kind, status in kinds if kind == model} for model, _ in kinds}
    assert statuses["orders.order"] == set(OrderStatus.values)
    assert statuses["logistics.movementrequest"] == set(MovementStatus.values)


def kind_of(record_page: str) -> tuple[str, str | None]:
    """The model of the record whose admin page is `record_page`, and its status if it has one."""
    app_label, model_name, pk = record_page.removesuffix("/change/").split("/")[-3:]
    model = apps.get_model(app_label, model_name)
    status = None
    if any(field.name == "status" for field in model._meta.concrete_fields):
        status = model.objects.values_list("status", flat=True).get(pk=unquote(pk))
    return model._meta.label_lower, status


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
