"""POST /bulk-jobs and the reads of a job and its results: each item answered as its single
call would be."""

import pytest

from hardware.models import Hardware
from tests.bulk.conftest import run_to_the_end
from tests.factories import EmployeeFactory, HardwareFactory

pytestmark = pytest.mark.django_db


def create_job(caller, operation, items, **headers):
    body = {"companyCode": "BLK", "operation": operation, "items": items}
    return caller.post("/bulk-jobs", body, format="json", **headers)


def single_onboarding(caller, **fields):
    return caller.post(
        "/movement_requests/onboarding", {"companyCode": "BLK", **fields}, format="json"
    )


def test_a_job_of_good_and_bad_onboardings_ends_partially_failed_with_the_single_calls_answers(
    caller, company
):
    EmployeeFactory(company=company, email="ada@example.com", country_code="US")
    free = HardwareFactory(company=company, country_code="US")
    taken = HardwareFactory(company=company, country_code="US")
    # The item the job's second onboarding asks for is already moving, as the direct call sees.
    assert (
        single_onboarding(
            caller, employeeEmail="ada@example.com", hardwareIds=[str(taken.id)]
        ).status_code
        == 201
    )
    direct = single_onboarding(caller, employeeEmail="ada@example.com", hardwareIds=[str(taken.id)])
    invalid = single_onboarding(caller, employeeEmail="ada@example.com")

    response = create_job(
        caller,
        "MOVEMENT_REQUESTS_ONBOARDING",
        [
            {
                "employeeEmail": "ada@example.com",
                "hardwareIds": [str(free.id)],
                "clientReference": "a",
            },
            {
                "employeeEmail": "ada@example.com",
                "hardwareIds": [str(taken.id)],
                "clientReference": "b",
            },
            {"employeeEmail": "ada@example.com"},
        ],
    )

    assert response.status_code == 202, response.json()
    job = response.json()["envelop"]
    assert response["Location"] == f"/bulk-jobs/{job['id']}"
    assert (job["status"], job["counts"]) == (
        "QUEUED",
        {"total": 3, "succeeded": 0, "failed": 0, "pending": 3},
    )
    run_to_the_end(job["id"])

    read = caller.get(f"/bulk-jobs/{job['id']}", {"companyCode": "BLK"}).json()["envelop"]
    assert (read["status"], read["counts"]) == (
        "PARTIALLY_FAILED",
        {"total": 3, "succeeded": 1, "failed": 2, "pending": 0},
    )
    results = caller.get(read["resultsUrl"]).json()["envelop"]
    assert [(r["index"], r["clientReference"], r["status"], r["statusCode"]) for r in results] == [
        (0, "a", "SUCCEEDED", 201),
        (1, "b", "FAILED", direct.status_code),
        (2, None, "FAILED", invalid.status_code),
    ]
    assert results[1]["error"] == {
        "message": direct.json()["message"],
        "details": direct.json().get("details"),
    }
    assert results[2]["error"] == {
        "message": invalid.json()["message"],
        "details": invalid.json().get("details"),
    }
    free.refresh_from_db()
    assert free.in_movement
    assert results[0]["resourceId"] == str(free.movement_requests.get().id)


def test_hardware_created_by_a_job_is_there_once(caller, company):
    response = create_job(
        caller,
        "HARDWARES_CREATE",
        [
            {"hardwareType": "MONITOR", "serialNumber": f"BULK-{n}", "countryCode": "US"}
            for n in range(5)
        ],
    )
    job = run_to_the_end(response.json()["envelop"]["id"])

    results = caller.get(f"/bulk-jobs/{job.id}/results", {"companyCode": "BLK"}).json()
    assert {r["error"] and r["error"]["message"] for r in results["envelop"]} == {None}
    assert job.status == "SUCCEEDED"
    assert sorted(Hardware.objects.values_list("serial_number", flat=True)) == [
        f"BULK-{n}" for n in range(5)
    ]
