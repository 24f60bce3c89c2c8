"""Every `image` of every answer is an absolute URL: against PUBLIC_BASE_URL when set, else
the request's own scheme and host. Stored values stay relative; events, made for no request,
use PUBLIC_BASE_URL, or keep the relative path (config.kernel.links)."""

import pytest
from django.test import override_settings

from companies.models import Event
from config.kernel.links import absolute_url
from hardware.models import Hardware
from tests import factories as made

pytestmark = pytest.mark.django_db

PUBLIC = "https://hlos.example.com"


def images(value) -> list:
    """Every value under an `image` key, at any depth."""
    if isinstance(value, dict):
        return [
            found
            for key, item in value.items()
            for found in ([item] if key == "image" else images(item))
        ]
    if isinstance(value, list):
        return [found for item in value for found in images(item)]
    return []


@pytest.fixture
def world(caller):
    """A company with an item on an employee (of a catalog model), one in storage carried by a
    movement request, and an order with an alternative and an item it created."""
    company = made.CompanyFactory(api_client=caller.api_client)
    model = made.CatalogItemFactory(image="/static/hardware/types/pc.svg", country_code="US")
    employee = made.EmployeeFactory(company=company)
    held = made.HardwareFactory(
        company=company, status="EMPLOYEE", storage=None, employee=employee, common_model=model
    )
    stored = made.HardwareFactory(company=company)
    movement = made.MovementRequestFactory(company=company, hardwares=[stored])
    order = made.OrderFactory(company=company)
    line = made.HardwareRequestFactory(order=order)
    made.alternatives(line, made.HardwareRequestFactory(order=order))
    made.HardwareFactory(company=company, created_order_id=order.id, created_through="ORDER")
    code = company.code
    return {
        "hardwares": f"/hardwares?companyCode={code}",
        "storage": f"/hardwares/storages?companyCode={code}",
        "hardware": f"/hardwares/{held.id}?companyCode={code}",
        "employee": f"/employees/{employee.id}?companyCode={code}",
        "movements": f"/movement_requests?companyCode={code}",
        "movement": f"/movement_requests/{movement.id}?companyCode={code}",
        "orders": f"/orders?companyCode={code}",
        "order": f"/orders/{order.id}?companyCode={code}",
        "catalog": "/catalog?countryCode=US",
    }


# What each answer shows: items with their type and model; an order's lines, candidates
# and created items; a movement's items; an employee's items; catalog items.
IMAGES_SHOWN = {
    "hardwares": 7,
    "storage": 4,
    "hardware": 3,
    "employee": 1,
    "movements": 1,
    "movement": 1,
    "orders": 4,
    "order": 4,
    "catalog": 1,
}


def answered_images(caller, path: str) -> list:
    response = caller.get(path)
    assert response.status_code == 200, response.json()
    return images(response.json()["envelop"])


@pytest.mark.parametrize("answer", IMAGES_SHOWN)
def test_every_image_of_an_answer_is_a_url_on_the_requests_host(caller, world, answer):
    shown = answered_images(caller, world[answer])

    assert len(shown) == IMAGES_SHOWN[answer]
    assert all(image.startswith("http://testserver/static/hardware/types/") for image in shown)


@pytest.mark.parametrize("answer", IMAGES_SHOWN)
def test_with_public_base_url_set_every_image_uses_it(caller, world, answer):
    with override_settings(PUBLIC_BASE_URL=PUBLIC):
        shown = answered_images(caller, world[answer])

    assert len(shown) == IMAGES_SHOWN[answer]
    assert all(image.startswith(f"{PUBLIC}/static/hardware/types/") for image in shown)


def test_the_host_the_client_called_is_the_one_in_the_urls(caller, world):
    response = caller.get(world["hardware"], HTTP_HOST="localhost:8000", secure=True)

    assert set(images(response.json()["envelop"])) == {
        "https://localhost:8000/static/hardware/types/monitor.svg",
        "https://localhost:8000/static/hardware/types/pc.svg",
    }


@pytest.mark.parametrize("answer", ["hardware", "order", "movement", "employee", "catalog"])
def test_the_gateway_answers_the_urls_of_the_direct_call(caller, world, answer):
    path, _, query = world[answer].partition("?")
    gateway = caller.post(
        "/gateway",
        {"verb": "GET", "request": f"{path.lstrip('/')}?{query}", "vendor": "hlos"},
        format="json",
    )

    assert gateway.json() == caller.get(world[answer]).json()
    assert images(gateway.json()["envelop"])[0].startswith("http://testserver/static/")


def quote_body(code: str) -> dict:
    return {
        "companyCode": code,
        "countryCode": "US",
        "sendTo": "STORAGE",
        "hardwares": [{"hardwareType": "MONITOR", "amount": 1}],
    }


def test_writes_answer_absolute_urls_and_store_relative_paths(caller):
    code = made.CompanyFactory(api_client=caller.api_client).code
    created = caller.post(
        "/hardwares",
        {"companyCode": code, "countryCode": "US", "hardwareType": "MONITOR"},
        format="json",
    )
    quoted = caller.post("/orders/quote", quote_body(code), format="json")

    monitor = "/static/hardware/types/monitor.svg"
    assert images(created.json()["envelop"]) == [f"http://testserver{monitor}"] * 2
    assert images(quoted.json()["envelop"]) == [f"http://testserver{monitor}"]
    assert Hardware.objects.get().image == monitor


def test_an_events_images_use_public_base_url(caller):
    code = made.CompanyFactory(api_client=caller.api_client).code

    with override_settings(PUBLIC_BASE_URL=PUBLIC):
        caller.post("/orders/quote", quote_body(code), format="json")

    [event] = Event.objects.all()
    assert images(event.payload["data"]) == [f"{PUBLIC}/static/hardware/types/monitor.svg"]


def test_without_public_base_url_an_events_images_stay_relative_paths(caller):
    """An event is read by a receiver that sent no request: the host of the request that
    made the change is not the service's address for it."""
    code = made.CompanyFactory(api_client=caller.api_client).code

    answer = caller.post("/orders/quote", quote_body(code), format="json")

    [event] = Event.objects.all()
    assert images(event.payload["data"]) == ["/static/hardware/types/monitor.svg"]
    assert images(answer.json()["envelop"]) == [
        "http://testserver/static/hardware/types/monitor.svg"
    ]


@pytest.mark.parametrize(
    ("stored", "answered"),
    [
        ("/static/a.svg", "https://h.example/static/a.svg"),
        ("https://images.example.com/1.png", "https://images.example.com/1.png"),
        ("//cdn.example.com/1.png", "https://cdn.example.com/1.png"),
        ("pictures/1.png", "https://h.example/pictures/1.png"),
        ("data:image/png;base64,iVBORw0KGgo=", "data:image/png;base64,iVBORw0KGgo="),
        ("", ""),
        (None, None),
    ],
)
def test_a_stored_reference_is_resolved_against_the_base(stored, answered):
    assert absolute_url(stored, "https://h.example") == answered


def test_without_a_base_a_reference_is_kept_as_stored():
    assert absolute_url("/static/a.svg", "") == "/static/a.svg"
