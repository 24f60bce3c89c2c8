"""The generated Python client (clients/python, `make clients`) against a live server: the whole
flow an integrator runs (companies, catalog, employee, hardware, quote, read, cancel, onboarding,
movements), through the client's typed functions only, every answer parsed into its models.

Parsing must be complete: a field the server sends that the schema does not declare, or a nested
object the client could not parse (it then keeps the raw dict), fails the step that got it.
The success envelopes' classes are not named here: their names follow the schema's components,
which may change; the fields reached through them (`parsed.envelop[0].id`) are the interface's.
"""

import re
from collections.abc import Iterator
from typing import NamedTuple
from uuid import uuid4

import attrs
import pytest
from django.conf import settings
from hlos_client import AuthenticatedClient
from hlos_client.api.catalog import catalog_list
from hlos_client.api.companies import companies_create, companies_list
from hlos_client.api.employees import employees_upsert
from hlos_client.api.hardwares import hardwares_create
from hlos_client.api.movement_requests import (
    movement_requests_list,
    movement_requests_onboarding,
    movement_requests_retrieve,
)
from hlos_client.api.orders import orders_cancel, orders_quote, orders_retrieve
from hlos_client.models import (
    CompanyCreateRequest,
    EmployeeUpsertRequest,
    ErrorEnvelope,
    HardwareCreateRequest,
    OnboardingRequest,
    OrderRefRequest,
    OrderSendToEnum,
    QuoteLineRequest,
    QuoteRequest,
)
from hlos_client.types import Response

from companies.models import ApiClient
from tests.factories import ApiClientFactory, CatalogItemFactory, CompanyFactory, issue_key
from tests.servers import REPO, Gunicorn

CODE = "FLO"


def unparsed(value, path: str = "answer") -> list[str]:
    """Where the generated models did not take in an answer: fields the schema does not declare
    (kept in `additional_properties`) and nested objects left as raw dicts."""
    if isinstance(value, list):
        return [found for i, item in enumerate(value) for found in unparsed(item, f"{path}[{i}]")]
    if isinstance(value, dict):
        return [f"{path} (not parsed)"]
    if not attrs.has(type(value)):
        return []
    found = [f"{path}.{key} (not declared)" for key in value.additional_properties]
    for field in attrs.fields(type(value)):
        if field.name != "additional_properties":
            found += unparsed(getattr(value, field.name), f"{path}.{field.name}")
    return found


def envelope(response: Response, status: int):
    """The answer of a step that succeeds with `status`: parsed, in the success envelope."""
    assert response.status_code == status, response.content
    parsed = response.parsed
    assert parsed is not None and not isinstance(parsed, ErrorEnvelope), response.content
    assert (parsed.status_code, parsed.message) == (status, "Request successful")
    assert parsed.additional_properties == {}  # the envelope's own keys are all declared
    return parsed


def one(response: Response, status: int = 200):
    """The only record of a step's `envelop`, taken in whole by the client's models."""
    records = envelope(response, status).envelop
    assert len(records) == 1, response.content
    assert unparsed(records[0]) == []
    return records[0]


class Served(NamedTuple):
    base_url: str
    api_client: ApiClient
    key: str


@pytest.fixture
def served() -> Iterator[Served]:
    """A live server on the test database, and a new API client with its key."""
    api_client = ApiClientFactory()
    server = Gunicorn(settings.DATABASES["default"], GUNICORN_WORKERS="1")
    try:
        server.wait_until_up()
        yield Served(f"http://127.0.0.1:{server.port}", api_client, issue_key(api_client))
    finally:
        server.stop()


@pytest.fixture
def live(served):
    """The generated client, calling the live server with the key."""
    # A status the schema does not list for an operation fails the call.
    with AuthenticatedClient(
        base_url=served.base_url, token=served.key, raise_on_unexpected_status=True
    ) as client:
        yield client


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_the_whole_flow_with_the_generated_python_client(live):
    laptop = CatalogItemFactory(country_code="US", brand="DELL", hardware_type="PC", stock=5)

    # Companies: create one, then find it among this API client's.
    company = one(
        companies_create.sync_detailed(
            client=live,
            body=CompanyCreateRequest(name="Flow Co", company_code=CODE, country_code="US"),
        ),
        201,
    )
    assert (company.company_code, company.name, company.country_code) == (CODE, "Flow Co", "US")
    listed = envelope(companies_list.sync_detailed(client=live), 200).envelop
    assert [found.company_code for found in listed] == [CODE]
    assert unparsed(listed) == []

    # The catalog: one object per country code, its items under the code (a map, so its keys are
    # no undeclared fields; its items are checked).
    [by_country] = envelope(catalog_list.sync_detailed(client=live, country_code="US"), 200).envelop
    assert by_country.additional_keys == ["US"]
    assert [item.id for item in by_country["US"]] == [laptop.id]
    assert unparsed(by_country["US"]) == []

    # An employee, created by the upsert and geocoded; its envelop is the object itself.
    employee = envelope(
        employees_upsert.sync_detailed(
            client=live,
            body=EmployeeUpsertRequest(
                first_name="Ada",
                last_name="Flow",
                email="Ada.Flow@example.com",
                address="2 Main Street",
                city="new york",
                post_code="10001",
                country_code="US",
                company_code=CODE,
                government_dni="A-1",
            ),
        ),
        200,
    ).envelop
    assert unparsed(employee) == []
    assert (employee.email, employee.city, employee.status) == (
        "ada.flow@example.com",
        "New York City",  # the geocoder's name for it
        "ACTIVE",
    )

    # A hardware item made from the catalog item, in the company's US storage.
    item = one(
        hardwares_create.sync_detailed(
            client=live,
            body=HardwareCreateRequest(
                company_code=CODE,
                country_code="US",
                common_model_id=laptop.id,
                serial_number="SN-1",
            ),
        ),
        201,
    )
    assert (item.status, item.serial_number, item.name) == ("STORAGE", "SN-1", laptop.name)
    assert item.hardware_type.name == "PC" and item.employee_profile is None

    # A quote of two catalog laptops for the employee; read back; cancelled.
    order = one(
        orders_quote.sync_detailed(
            client=live,
            body=QuoteRequest(
                company_code=CODE,
                country_code="US",
                send_to=OrderSendToEnum.EMPLOYEE,
                employee_email=employee.email,
                hardwares=[QuoteLineRequest(amount=2, catalog_model_id=laptop.id)],
            ),
        ),
        201,
    )
    assert (order.status, order.company_name, order.employee_profile.email) == (
        "PENDING",
        "Flow Co",
        employee.email,
    )
    [line] = order.hardwares
    assert (line.catalog_model_id, line.amount, line.alternative_group) == (laptop.id, 2, None)
    read = one(orders_retrieve.sync_detailed(order.id, client=live, company_code=CODE))
    assert read.to_dict() == order.to_dict()
    cancelled = one(
        orders_cancel.sync_detailed(
            client=live, body=OrderRefRequest(id=order.id, company_code=CODE)
        )
    )
    assert (cancelled.id, cancelled.status) == (order.id, "CANCELLED")

    # A refusal, parsed as the error envelope.
    missing = orders_retrieve.sync_detailed(uuid4(), client=live, company_code=CODE)
    assert missing.status_code == 404
    assert isinstance(missing.parsed, ErrorEnvelope)
    assert (missing.parsed.error, missing.parsed.message) == ("Not Found", "Order not found")

    # The item onboarded to the employee; the movement request read back and listed.
    movement = one(
        movement_requests_onboarding.sync_detailed(
            client=live,
            body=OnboardingRequest(
                company_code=CODE, hardware_ids=[item.id], employee_email=employee.email
            ),
        ),
        201,
    )
    assert (movement.type_, movement.status, movement.send_to) == (
        "ONBOARDING",
        "PROCESSING",
        "EMPLOYEE",
    )
    assert movement.to_employee_id == employee.id and movement.from_employee is None
    assert [carried.id for carried in movement.hardwares] == [item.id]
    shown = one(
        movement_requests_retrieve.sync_detailed(movement.id, client=live, company_code=CODE)
    )
    assert shown.to_dict() == movement.to_dict()
    page = envelope(movement_requests_list.sync_detailed(client=live, company_code=CODE), 200)
    assert [listed.id for listed in page.envelop] == [movement.id]
    assert unparsed(page.envelop) == []


def readme_python_lines() -> str:
    """The Python block of the README's "A taste of the API"."""
    readme = (REPO / "README.md").read_text()
    section = readme.split("\n## A taste of the API\n", 1)[1].split("\n## ", 1)[0]
    [block] = re.findall(r"```python\n(.*?)```", section, flags=re.DOTALL)
    return block


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_the_readmes_five_lines_list_the_companies(served, capsys):
    CompanyFactory(api_client=served.api_client, code="RDM")
    lines = readme_python_lines()
    assert len(lines.splitlines()) == 5
    lines = lines.replace('"http://127.0.0.1:8000"', repr(served.base_url))
    lines = lines.replace('"hlos_…"', repr(served.key))

    exec(lines, {})  # the README's own lines, as a reader pastes them

    assert capsys.readouterr().out == "['RDM']\n"
