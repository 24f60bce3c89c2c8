"""The reads: GET /bulk-jobs/{id}/results, one row a run item, in item order, the same whether
read whole, page after page, or streamed as JSON Lines, only the succeeded or only the failed
ones; and GET /bulk-jobs, a company's jobs newest first with their counts."""

import re
from urllib.parse import parse_qs, urlsplit

import orjson
import pytest

from bulk.api.runner import Run
from tests.bulk.conftest import run_once, run_to_the_end
from tests.bulk.test_bulk_jobs_api import (
    counts,
    create_job,
    created,
    employee_item,
    hardware_item,
    read_job,
    results,
)
from tests.factories import CompanyFactory
from tests.support import assert_refused, success

pytestmark = pytest.mark.django_db

NEXT_LINK = re.compile(r'^<http://testserver(?P<url>[^>]+)>; rel="next"$')
JSON_LINES = "application/x-ndjson"


def walk(caller, path, query) -> list:
    """Every page of a list, walking the Link headers from the first."""
    answers = [caller.get(path, query)]
    while "Link" in answers[-1]:
        link = NEXT_LINK.match(answers[-1]["Link"])
        assert link, answers[-1]["Link"]
        answers.append(caller.get(link["url"]))
    for answer in answers:
        assert answer.status_code == 200, answer.json()
    return answers


def pages(caller, job_id, limit, **criteria) -> list:
    """Every page of the job's results."""
    query = {"companyCode": "BLK", "limit": limit, **criteria}
    return walk(caller, f"/bulk-jobs/{job_id}/results", query)


def streamed(caller, job_id, **criteria) -> list[dict]:
    response = caller.get(
        f"/bulk-jobs/{job_id}/results", {"companyCode": "BLK", **criteria}, HTTP_ACCEPT=JSON_LINES
    )
    assert response.status_code == 200
    assert response["Content-Type"] == JSON_LINES
    body = b"".join(response.streaming_content)
    assert body == b"" or body.endswith(b"\n")
    return [orjson.loads(line) for line in body.splitlines()]


@pytest.fixture
def job_id(caller, company) -> str:
    """A run job of 7 hardware items, the 2nd, 5th and 6th refused (no hardwareType)."""
    items = [
        {**hardware_item(serialNumber=f"R-{n}"), "clientReference": f"ref-{n}"} for n in range(7)
    ]
    for n in (1, 4, 5):
        del items[n]["hardwareType"]
    job = created(create_job(caller, "HARDWARES_CREATE", items))
    run_to_the_end(job)
    return job


def test_results_are_in_item_order_each_with_its_client_reference(caller, job_id):
    rows = results(caller, job_id)

    assert [(r["index"], r["clientReference"], r["status"]) for r in rows] == [
        (n, f"ref-{n}", "FAILED" if n in (1, 4, 5) else "SUCCEEDED") for n in range(7)
    ]
    assert {(r["statusCode"], r["error"]["message"]) for r in rows if r["error"]} == {
        (400, "Invalid request data")
    }


def test_paging_walks_the_same_rows_as_one_read_and_the_stream(caller, job_id):
    whole = results(caller, job_id)

    walked = pages(caller, job_id, limit=3)

    assert [len(page.json()["envelop"]) for page in walked] == [3, 3, 1]
    assert [row for page in walked for row in page.json()["envelop"]] == whole
    assert streamed(caller, job_id) == whole
    assert len(whole) == 7


@pytest.mark.parametrize(
    ("status", "indexes"), [("FAILED", [1, 4, 5]), ("succeeded", [0, 2, 3, 6])]
)
def test_the_status_filter_keeps_one_outcome_in_every_form(caller, job_id, status, indexes):
    kept = results(caller, job_id, status=status)

    assert [row["index"] for row in kept] == indexes
    assert {row["status"] for row in kept} == {status.upper()}
    walked = pages(caller, job_id, limit=2, status=status)
    assert [row for page in walked for row in page.json()["envelop"]] == kept
    assert streamed(caller, job_id, status=status) == kept


@pytest.mark.parametrize("status", ["PENDING", "DONE", "SUCCEEDED,FAILED"])
def test_an_unknown_status_is_refused(caller, job_id, status):
    response = caller.get(f"/bulk-jobs/{job_id}/results", {"companyCode": "BLK", "status": status})

    assert_refused(response, 400, "Invalid status: expected SUCCEEDED or FAILED")


def test_a_cursor_of_another_list_is_refused(caller, company, job_id):
    created(create_job(caller, "HARDWARES_CREATE", [hardware_item()]))
    jobs_page = caller.get("/bulk-jobs", {"companyCode": "BLK", "limit": 1})
    [cursor] = parse_qs(urlsplit(NEXT_LINK.match(jobs_page["Link"])["url"]).query)["cursor"]

    response = caller.get(f"/bulk-jobs/{job_id}/results", {"companyCode": "BLK", "cursor": cursor})

    assert_refused(response, 400, "Invalid cursor")


def test_a_job_not_run_yet_has_no_results_in_either_form(caller, company):
    job_id = created(create_job(caller, "HARDWARES_CREATE", [hardware_item()] * 3))

    assert results(caller, job_id) == []
    assert streamed(caller, job_id) == []


def test_a_job_part_run_shows_the_results_of_its_run_items_only(caller, company, settings):
    job_id = created(create_job(caller, "HARDWARES_CREATE", [hardware_item()] * 5))
    settings.BULK_JOB_RUN_SECONDS = 0.001
    while not results(caller, job_id):
        assert run_once(job_id) is Run.MORE

    rows = results(caller, job_id)

    assert 0 < len(rows) < 5
    assert [row["index"] for row in rows] == list(range(len(rows)))
    assert streamed(caller, job_id) == rows


# --- the list ---------------------------------------------------------------------------------


def test_the_list_shows_the_companys_jobs_newest_first_with_their_counts(caller, company):
    CompanyFactory(api_client=caller.api_client, code="BL2")
    oldest = created(create_job(caller, "HARDWARES_CREATE", [hardware_item(), {}]))
    middle = created(create_job(caller, "EMPLOYEES_UPSERT", [employee_item()]))
    created(create_job(caller, "HARDWARES_CREATE", [hardware_item()], code="BL2"))
    newest = created(create_job(caller, "HARDWARES_CREATE", [hardware_item()] * 3))
    run_to_the_end(oldest)

    response = caller.get("/bulk-jobs", {"companyCode": "BLK"})

    assert response.status_code == 200, response.json()
    assert response.json() == success([read_job(caller, job) for job in (newest, middle, oldest)])
    listed = response.json()["envelop"]
    assert [(job["status"], job["counts"]) for job in listed] == [
        ("QUEUED", counts(3)),
        ("QUEUED", counts(1)),
        ("PARTIALLY_FAILED", counts(2, 1, 1)),
    ]


def test_the_list_pages_by_limit_and_cursor_newest_first(caller, company):
    jobs = [created(create_job(caller, "HARDWARES_CREATE", [hardware_item()])) for _ in range(5)]

    walked = walk(caller, "/bulk-jobs", {"companyCode": "BLK", "limit": 2})

    assert [[job["id"] for job in page.json()["envelop"]] for page in walked] == [
        jobs[4:2:-1],
        jobs[2:0:-1],
        jobs[:1],
    ]
    whole = caller.get("/bulk-jobs", {"companyCode": "BLK"}).json()["envelop"]
    assert [job for page in walked for job in page.json()["envelop"]] == whole
