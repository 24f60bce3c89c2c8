"""A list criterion sent empty (`?status=`) is what its parameter's schema says: no criterion
where the schema allows it empty (`allowEmptyValue`), else a value outside its enum, refused as
any other is, with the values it takes. Every enum criterion of every list, against the demo."""

from io import StringIO

import pytest
from django.core.management import call_command

from bulk.choices import BulkOperation
from bulk.services.jobs import BulkItem, bulk_job_create
from companies.models import Company
from companies.services import api_key_issue
from config.api.docs import DEMO_COMPANY, DEMO_EMPLOYEE
from config.kernel.actors import Actor
from tests.conftest import CallerClient
from tests.support import assert_refused

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo() -> CallerClient:
    call_command("seed_demo", stdout=StringIO())
    client = Company.objects.get(code=DEMO_COMPANY).api_client
    return CallerClient(client, api_key_issue(client=client)[1])


def enum_criteria(schema: dict) -> list[tuple[str, dict]]:
    """(path, parameter) of every enum query parameter of a list read."""
    return [
        (path, parameter)
        for path, operations in schema["paths"].items()
        for parameter in operations.get("get", {}).get("parameters", [])
        if parameter["in"] == "query" and "enum" in parameter["schema"]
    ]


def test_every_enum_criterion_sent_empty_is_what_its_schema_says(anonymous, demo):
    schema = anonymous.get("/schema/", {"format": "json"}).json()
    job = bulk_job_create(
        company=Company.objects.get(code=DEMO_COMPANY),
        operation=BulkOperation.EMPLOYEES_UPSERT,
        items=[BulkItem(body=DEMO_EMPLOYEE)],
        actor=Actor.api_client(demo.api_client),
        api_client=demo.api_client,
    )
    criteria = enum_criteria(schema)
    allowed_empty, refused_empty = [], []

    for path, parameter in criteria:
        url = path.format(bulkJobId=job.id)
        name, base = parameter["name"], {"companyCode": DEMO_COMPANY}
        bogus = demo.get(url, {**base, name: "BOGUS"})
        assert bogus.status_code == 400, (path, name)
        for empty in ("", " "):
            answer = demo.get(url, {**base, name: empty})
            if parameter.get("allowEmptyValue"):
                assert answer.json() == demo.get(url, base).json(), (path, name)
            else:
                assert (answer.status_code, answer.json()) == (400, bogus.json()), (path, name)
        (allowed_empty if parameter.get("allowEmptyValue") else refused_empty).append((path, name))

    assert sorted(refused_empty) == [
        ("/bulk-jobs/{bulkJobId}/results", "status"),
        ("/employees", "status"),
        ("/hardwares", "lifecycle"),
        ("/hardwares/storages", "lifecycle"),
        ("/movement_requests", "status"),
    ]
    assert sorted(allowed_empty) == [
        ("/audit-events", "action"),
        ("/audit-events", "actorType"),
        ("/audit-events", "targetType"),
        ("/movement_requests", "type"),
    ]


@pytest.mark.parametrize(
    ("path", "query", "message"),
    [
        ("/employees", {"status": ""}, "Invalid status: expected ACTIVE or DEACTIVATED"),
        (
            "/hardwares",
            {"lifecycle": ""},
            "Invalid lifecycle: expected ACTIVE, AWAITING_WIPE or RETIRED",
        ),
        (
            "/hardwares/storages",
            {"lifecycle": " "},
            "Invalid lifecycle: expected ACTIVE, AWAITING_WIPE or RETIRED",
        ),
        (
            "/movement_requests",
            {"status": ""},
            "Invalid status: expected PROCESSING, COORDINATED, DONE or CANCELLED",
        ),
    ],
)
def test_an_empty_status_or_lifecycle_is_refused_naming_the_values_it_takes(
    demo, path, query, message
):
    response = demo.get(path, {"companyCode": DEMO_COMPANY, **query})

    assert_refused(response, 400, message)


def test_an_empty_movement_type_is_still_no_criterion(demo):
    every = demo.get("/movement_requests", {"companyCode": DEMO_COMPANY})

    response = demo.get("/movement_requests", {"companyCode": DEMO_COMPANY, "type": ""})

    assert response.status_code == 200
    assert response.json() == every.json()
    assert len(every.json()["envelop"]) == 4
