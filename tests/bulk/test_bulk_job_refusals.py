"""What POST /bulk-jobs refuses of the job itself (its shape, its size, its company), what an
item may not carry (another company, an inline company: its result's refusal, not the job's),
and whose jobs a client may read or cancel: another client's are an unknown company or job."""

import orjson
import pytest
from django.conf import settings

from bulk.models import BulkJob
from hardware.models import Hardware
from logistics.models import MovementRequest
from tests.bulk.conftest import run_to_the_end
from tests.bulk.test_bulk_jobs_api import (
    cancel,
    create_job,
    created,
    hardware_item,
    read_job,
    results,
)
from tests.conftest import make_caller
from tests.factories import CompanyFactory, EmployeeFactory, HardwareFactory
from tests.servers import Gunicorn
from tests.support import assert_refused

pytestmark = pytest.mark.django_db

INVALID = "Invalid request data"
ONE_TO_MAX = "A bulk job takes 1 to 10000 items"
NOT_AN_OBJECT = "An item is an object: the body of the operation's single call"
BAD_REFERENCE = "clientReference is text of 1 to 255 characters"
UNKNOWN_OPERATION = (
    '"HARDWARE_DELETE" is not a valid choice; expected one of: EMPLOYEES_UPSERT, '
    "HARDWARES_CREATE, MOVEMENT_REQUESTS_ONBOARDING, MOVEMENT_REQUESTS_OFFBOARDING"
)


def post_raw(caller, body: bytes):
    return caller.post("/bulk-jobs", body, content_type="application/json")


def body_of(items, operation="HARDWARES_CREATE") -> bytes:
    return orjson.dumps({"companyCode": "BLK", "operation": operation, "items": items})


# --- the job's own shape --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "details"),
    [
        (
            {"operation": "HARDWARE_DELETE"},
            [{"field": "operation", "message": UNKNOWN_OPERATION}],
        ),
        ({"operation": None}, [{"field": "operation", "message": "operation should not be empty"}]),
        ({"items": None}, [{"field": "items", "message": "items should not be empty"}]),
        ({"items": []}, [{"field": "items", "message": ONE_TO_MAX}]),
        (
            {"items": "all of them"},
            [{"field": "items", "message": 'Expected a list of items but got type "str".'}],
        ),
        (
            {"items": {"serialNumber": "S"}},
            [{"field": "items", "message": 'Expected a list of items but got type "dict".'}],
        ),
        (
            {"items": [hardware_item(), 7, "x", [hardware_item()]]},
            [{"field": f"items[{n}]", "message": NOT_AN_OBJECT} for n in (1, 2, 3)],
        ),
        (
            {
                "items": [
                    {**hardware_item(), "clientReference": 5},
                    {**hardware_item(), "clientReference": ""},
                    {**hardware_item(), "clientReference": "r" * 256},
                    {**hardware_item(), "clientReference": ["r"]},
                ]
            },
            [{"field": f"items[{n}].clientReference", "message": BAD_REFERENCE} for n in range(4)],
        ),
        (
            {
                "items": [
                    {**hardware_item(), "description": "a\x00b"},
                    {**hardware_item(), "x\x00": 1},
                    {**hardware_item(), "notes": [{"text": "\x00"}]},
                    {**hardware_item(), "clientReference": "r\x00"},
                ]
            },
            [
                {"field": f"items[{n}]", "message": "Null characters are not allowed."}
                for n in range(4)
            ],
        ),
    ],
    ids=[
        "unknown-operation",
        "null-operation",
        "null-items",
        "no-items",
        "items-a-string",
        "items-an-object",
        "an-item-not-an-object",
        "bad-client-references",
        "nul-characters-anywhere",
    ],
)
def test_a_job_of_the_wrong_shape_is_refused_with_each_problem_and_stores_nothing(
    caller, company, changes, details
):
    body = {"companyCode": "BLK", "operation": "HARDWARES_CREATE", "items": [hardware_item()]}
    body = {key: value for key, value in {**body, **changes}.items() if value is not None}

    response = caller.post("/bulk-jobs", body, format="json")

    assert_refused(response, 400, INVALID, details)
    assert not BulkJob.objects.exists()


def test_a_client_reference_of_255_characters_is_echoed_whole(caller, company):
    response = create_job(
        caller, "HARDWARES_CREATE", [{**hardware_item(), "clientReference": "r" * 255}]
    )

    assert response.status_code == 202, response.json()
    assert BulkJob.objects.get().items.get().client_reference == "r" * 255


def test_more_items_than_bulk_job_max_items_are_refused(caller, company, settings):
    settings.BULK_JOB_MAX_ITEMS = 2

    refused = create_job(caller, "HARDWARES_CREATE", [hardware_item()] * 3)
    accepted = create_job(caller, "HARDWARES_CREATE", [hardware_item()] * 2)

    assert_refused(
        refused, 400, INVALID, [{"field": "items", "message": "A bulk job takes 1 to 2 items"}]
    )
    assert accepted.status_code == 202
    assert BulkJob.objects.get().total == 2


def test_an_item_is_not_judged_before_it_runs(caller, company):
    # Bodies its single call would refuse: the job takes them, each fails when it runs.
    response = create_job(caller, "HARDWARES_CREATE", [{}, {"serialNumber": 5}])

    assert response.status_code == 202, response.json()
    assert BulkJob.objects.get().total == 2


@pytest.mark.parametrize(
    "body",
    [
        b'{"operation": "HARDWARES_CREATE", "items": [{}]}',
        b'{"companyCode": " ", "operation": "HARDWARES_CREATE", "items": [{}]}',
        b'[{"companyCode": "BLK"}]',
        b"",
    ],
    ids=["left-out", "blank", "an-array", "no-body"],
)
def test_a_job_without_a_company_code_is_refused(caller, company, body):
    assert_refused(post_raw(caller, body), 400, "Missing required field: companyCode")
    assert not BulkJob.objects.exists()


@pytest.mark.parametrize(
    ("body", "why", "column"),
    [
        (b'{"companyCode": "BLK", "items": [', "Expecting value", 34),
        (b"\xff", "Invalid UTF-8 byte 0xFF", 1),
        (b"{'a': 1}", "Expecting property name enclosed in double quotes", 2),
    ],
)
def test_a_body_that_is_no_json_is_refused_saying_why_and_where(caller, company, body, why, column):
    details = [
        {
            "field": "data",
            "message": f"{why} at line 1, column {column}",
            "line": 1,
            "column": column,
        }
    ]
    assert_refused(post_raw(caller, body), 400, "Invalid JSON body", details)
    assert not BulkJob.objects.exists()


def test_a_wrapped_body_is_taken_as_the_plain_one(caller, company):
    body = {"companyCode": "BLK", "operation": "HARDWARES_CREATE", "items": [hardware_item()]}

    response = caller.post("/bulk-jobs", {"data": body, "vendor": "hlos"}, format="json")

    assert response.status_code == 202, response.json()
    assert BulkJob.objects.get().total == 1


# --- what an item may not carry ---------------------------------------------------------------


def refused_field(index, status_code, field, message) -> dict:
    """The result of item `index`, refused for this one field."""
    return {
        "index": index,
        "clientReference": None,
        "status": "FAILED",
        "statusCode": status_code,
        "resourceId": None,
        "error": {
            "message": "Invalid request data",
            "details": [{"field": field, "message": message}],
        },
    }


def test_an_item_naming_another_company_fails_and_makes_nothing(caller, company):
    CompanyFactory(api_client=caller.api_client, code="OTH")
    job_id = created(
        create_job(caller, "HARDWARES_CREATE", [hardware_item(companyCode="OTH", serialNumber="O")])
    )

    run_to_the_end(job_id)

    assert results(caller, job_id) == [
        refused_field(
            0,
            400,
            "companyCode",
            "Leave companyCode out of an item: every item is for the job's company (BLK)",
        )
    ]
    assert not Hardware.objects.exists()


@pytest.mark.parametrize("code", ["BLK", "blk", " BLK "])
def test_an_item_naming_the_jobs_own_company_is_run_as_the_single_call_would(caller, company, code):
    # The single call reads a company code in any case, trimmed: the item names the job's.
    direct = caller.post("/hardwares", hardware_item(companyCode=code), format="json")
    assert direct.status_code == 201
    job_id = created(
        create_job(caller, "HARDWARES_CREATE", [hardware_item(companyCode=code, serialNumber="S")])
    )

    run_to_the_end(job_id)

    [result] = results(caller, job_id)
    assert (result["status"], result["statusCode"], result["error"]) == ("SUCCEEDED", 201, None)
    assert result["resourceId"] == str(Hardware.objects.get(serial_number="S").id)


def test_an_offboarding_item_cannot_make_or_change_a_company_inline(caller, company):
    ada = EmployeeFactory(company=company, email="ada@example.com")
    item = HardwareFactory(company=company, on_employee=True, employee=ada)
    inline = {"name": "Renamed Co", "companyCode": "BLK"}
    job_id = created(
        create_job(
            caller,
            "MOVEMENT_REQUESTS_OFFBOARDING",
            [
                {
                    "company": inline,
                    "handledBy": "PROVIDER",
                    "employeeEmail": "ada@example.com",
                    "hardwares": {"hardwareIds": [str(item.id)]},
                }
            ],
        )
    )

    run_to_the_end(job_id)

    assert results(caller, job_id) == [
        refused_field(
            0,
            400,
            "company",
            "An item cannot create or change a company: the job's companyCode names it",
        )
    ]
    company.refresh_from_db()
    assert company.name == "Bulk Co"
    assert not MovementRequest.objects.exists()


INLINE = {"company": {"name": "Renamed Co", "companyCode": "BLK"}}


def test_an_onboarding_items_inline_company_is_refused_with_the_single_calls_message(
    caller, company
):
    # Only an offboarding makes or changes a company inline; an onboarding refuses the field
    # with its own message.
    EmployeeFactory(company=company, email="ada@example.com")
    free = HardwareFactory(company=company)
    body = {"employeeEmail": "ada@example.com", "hardwareIds": [str(free.id)], **INLINE}
    direct = caller.post(
        "/movement_requests/onboarding", {"companyCode": "BLK", **body}, format="json"
    )
    job_id = created(create_job(caller, "MOVEMENT_REQUESTS_ONBOARDING", [body]))

    run_to_the_end(job_id)

    assert direct.status_code == 400
    assert results(caller, job_id) == [
        refused_field(0, 400, "company", direct.json()["details"][0]["message"])
    ]
    assert direct.json()["details"] == [
        {"field": "company", "message": "Onboarding takes companyCode only, not an inline company"}
    ]


def test_an_employee_items_company_field_is_of_no_account_as_in_the_single_call(caller, company):
    body = {
        "firstName": "Ada",
        "lastName": "Lovelace",
        "email": "ada@example.com",
        "governmentDNI": "1",
        "address": "1 Main Street",
        "city": "New York",
        "postCode": "10001",
        "countryCode": "US",
        **INLINE,
    }
    direct = caller.post("/employees", {"companyCode": "BLK", **body}, format="json")
    job_id = created(create_job(caller, "EMPLOYEES_UPSERT", [body]))

    run_to_the_end(job_id)

    assert direct.status_code == 200
    [result] = results(caller, job_id)
    assert (result["status"], result["statusCode"], result["error"]) == ("SUCCEEDED", 200, None)
    assert result["resourceId"] == direct.json()["envelop"]["id"]
    company.refresh_from_db()
    assert company.name == "Bulk Co"


# --- the body's size ----------------------------------------------------------------------------


def test_a_body_over_bulk_job_max_body_bytes_is_413_and_one_at_the_limit_is_taken(
    caller, company, settings
):
    body = body_of([hardware_item(description="d" * 500)])
    settings.BULK_JOB_MAX_BODY_BYTES = len(body) - 1

    refused = post_raw(caller, body)
    settings.BULK_JOB_MAX_BODY_BYTES = len(body)
    taken = post_raw(caller, body)

    assert_refused(refused, 413, "Request body too large")
    assert taken.status_code == 202, taken.json()
    assert BulkJob.objects.count() == 1


def test_the_bulk_limit_is_this_endpoints_alone(caller, company, settings):
    # A body too large for a bulk job is no concern of another endpoint, and the other way round.
    settings.BULK_JOB_MAX_BODY_BYTES = 1_000
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 5_000
    description = "d" * 2_000
    hardware = caller.post(
        "/hardwares",
        {"companyCode": "BLK", **hardware_item(description=description)},
        format="json",
    )
    too_large_job = create_job(caller, "HARDWARES_CREATE", [hardware_item(description=description)])

    settings.BULK_JOB_MAX_BODY_BYTES = 20_000
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1_000
    description = "d" * 10_000
    too_large_hardware = caller.post(
        "/hardwares",
        {"companyCode": "BLK", **hardware_item(description=description)},
        format="json",
    )
    job = create_job(caller, "HARDWARES_CREATE", [hardware_item(description=description)])

    assert hardware.status_code == 201, hardware.json()
    assert_refused(too_large_job, 413, "Request body too large")
    assert_refused(too_large_hardware, 413, "Request body too large")
    assert job.status_code == 202, job.json()
    assert (Hardware.objects.count(), BulkJob.objects.count()) == (1, 1)


@pytest.fixture(scope="module")
def server(django_db_setup):
    served = Gunicorn(settings.DATABASES["default"], GUNICORN_WORKERS="1")
    try:
        served.wait_until_up()
        yield served
    finally:
        served.stop()


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_a_chunked_body_past_djangos_upload_limit_is_judged_by_the_bulk_limit(server):
    # Clients stream large bodies chunked, with no Content-Length: one of 3 MB, past
    # DATA_UPLOAD_MAX_MEMORY_SIZE (2.5 MB) and well within BULK_JOB_MAX_BODY_BYTES (16 MiB).
    caller = make_caller()
    CompanyFactory(api_client=caller.api_client, code="BLK")
    body = body_of([hardware_item(description="d" * 1_000) for _ in range(3_000)])
    assert settings.DATA_UPLOAD_MAX_MEMORY_SIZE < len(body) < settings.BULK_JOB_MAX_BODY_BYTES
    connection = server.connection(timeout=30)
    try:
        connection.request(
            "POST",
            "/bulk-jobs",
            body=(body[start : start + 65_536] for start in range(0, len(body), 65_536)),
            headers={
                "Authorization": f"Bearer {caller.raw_key}",
                "Content-Type": "application/json",
                "Transfer-Encoding": "chunked",
            },
            encode_chunked=True,
        )
        response = connection.getresponse()
        answer = orjson.loads(response.read())
    finally:
        connection.close()

    assert response.status == 202, answer
    assert BulkJob.objects.get().total == 3_000


# --- whose jobs -------------------------------------------------------------------------------


@pytest.fixture
def theirs(other_caller):
    """Another API client's company."""
    return CompanyFactory(api_client=other_caller.api_client, code="OTH")


@pytest.fixture
def job_id(caller, company) -> str:
    """A job of BLK, the caller's company."""
    return created(create_job(caller, "HARDWARES_CREATE", [hardware_item()]))


def every_call(client, job, code):
    """Each endpoint's answer to `client` naming company `code` and job `job`."""
    query = {"companyCode": code}
    return {
        "list": client.get("/bulk-jobs", query),
        "retrieve": client.get(f"/bulk-jobs/{job}", query),
        "results": client.get(f"/bulk-jobs/{job}/results", query),
        "cancel": cancel(client, job, code),
        "create": create_job(client, "HARDWARES_CREATE", [hardware_item()], code=code),
    }


def test_another_client_naming_the_company_is_refused_as_an_unknown_company_everywhere(
    caller, other_caller, job_id, theirs
):
    answers = every_call(other_caller, job_id, "BLK")

    for answer in answers.values():
        assert_refused(answer, 400, "Invalid company code")
    assert BulkJob.objects.count() == 1
    assert read_job(caller, job_id)["status"] == "QUEUED"


def test_another_client_naming_its_own_company_does_not_find_the_job(
    caller, other_caller, job_id, theirs
):
    answers = every_call(other_caller, job_id, "OTH")

    for endpoint in ("retrieve", "results", "cancel"):
        assert_refused(answers[endpoint], 404, "Bulk job not found")
    # Its own list and job are its own.
    assert answers["list"].json()["envelop"] == []
    assert answers["create"].status_code == 202
    assert read_job(caller, job_id)["status"] == "QUEUED"


def test_a_job_of_another_company_of_the_same_client_is_not_found_through_this_one(caller, job_id):
    CompanyFactory(api_client=caller.api_client, code="BL2")

    assert_refused(
        caller.get(f"/bulk-jobs/{job_id}", {"companyCode": "BL2"}), 404, "Bulk job not found"
    )


@pytest.mark.parametrize("bad_id", ["42", "not-a-uuid", "0" * 33])
def test_a_malformed_job_id_is_refused_before_anything_is_read(caller, company, bad_id):
    query = {"companyCode": "BLK"}
    answers = [
        caller.get(f"/bulk-jobs/{bad_id}", query),
        caller.get(f"/bulk-jobs/{bad_id}/results", query),
        cancel(caller, bad_id),
    ]

    for answer in answers:
        assert_refused(answer, 400, "Invalid bulk job ID format")


def test_an_unknown_job_is_404(caller, company):
    unknown = "00000000-0000-4000-8000-000000000000"

    assert_refused(
        caller.get(f"/bulk-jobs/{unknown}", {"companyCode": "BLK"}), 404, "Bulk job not found"
    )
    assert_refused(cancel(caller, unknown), 404, "Bulk job not found")


def test_a_call_without_a_key_is_401_everywhere(anonymous, caller, job_id):
    for answer in every_call(anonymous, job_id, "BLK").values():
        assert_refused(answer, 401, "Unauthorized access")
    assert BulkJob.objects.count() == 1
