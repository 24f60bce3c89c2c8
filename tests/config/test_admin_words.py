"""The back office in the service's words (issue 35): its name in the header and titles, "View
site" opening the API docs, the apps as operators name them in the order of the day, and every
time written one way in the operators' zone, while the API keeps UTC."""

import datetime
import os
import subprocess
import sys

import pytest
from django.urls import reverse

from orders.models import Order
from tests.factories import CompanyFactory, OrderFactory

pytestmark = pytest.mark.django_db

INDEX = reverse("admin:index")


def test_the_header_and_titles_name_the_service_and_view_site_opens_the_api_docs(admin_client):
    page = admin_client.get(INDEX).content.decode()

    assert "<title>Work waiting | Hardware Logistics back office</title>" in page
    assert "Hardware Logistics · Back office</a>" in page
    assert "Django administration" not in page
    assert f'<a href="{reverse("docs")}">View site</a>' in page


def test_the_index_lists_the_apps_by_the_operators_names_the_days_lists_first(admin_client):
    app_list = admin_client.get(INDEX).context["app_list"]

    names = [app["name"] for app in app_list]
    assert names[:4] == ["Purchasing", "Logistics", "Inventory", "People"]
    assert (
        names.index("Customers")
        < names.index("Audit")
        < names.index("Authentication and Authorization")
    )
    models = {app["name"]: [model["name"] for model in app["models"]] for app in app_list}
    assert models["Purchasing"] == ["Orders", "Resellers"]
    assert models["Inventory"] == ["Hardware", "Hardware types", "Storage locations"]
    assert "Webhook events" in models["Customers"]


def test_times_are_written_one_way_in_the_operators_zone_and_the_api_keeps_utc(
    admin_client, caller, settings
):
    settings.BACK_OFFICE_TIME_ZONE = "Europe/Berlin"
    order = OrderFactory(company=CompanyFactory(api_client=caller.api_client))
    made = datetime.datetime(2026, 11, 27, 9, 50, 29, tzinfo=datetime.UTC)
    Order.objects.filter(pk=order.pk).update(created_at=made)

    page = admin_client.get(reverse("admin:orders_order_change", args=[order.pk]))
    answer = caller.get(f"/orders/{order.id}", {"companyCode": order.company.code})

    assert '<div class="readonly">2026-11-27 10:50</div>' in page.content.decode()  # CET
    assert answer.json()["envelop"][0]["createdAt"].startswith("2026-11-27T09:50:29")


def test_a_time_zone_python_does_not_know_stops_the_start_with_its_name():
    result = subprocess.run(
        [sys.executable, "-c", "import django; django.setup()"],
        env={
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "BACK_OFFICE_TIME_ZONE": "Mars/Olympus",
        },
        capture_output=True,
        text=True,
    )

    assert result.returncode != 0
    assert (
        "BACK_OFFICE_TIME_ZONE must be an IANA time zone such as Europe/Berlin, not 'Mars/Olympus'"
        in result.stderr
    )
