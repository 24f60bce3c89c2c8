"""POST /bulk-jobs and GET /bulk-jobs/{id}: each item answered as its single call would be, run
once, on the trail of the request that made the job, for one request of the budget; cancel."""

import pytest
from django.test import Client, override_settings

from bulk.api.runner import Run
from bulk.models import BulkJob, BulkJobItem
from companies.models import Event
from employees.models import Employee
from hardware.models import Hardware
from logistics.models import MovementRequest
from tests.bulk.conftest import run_once, run_to_the_end
from tests.config.test_rate_limits import budget, spend_nothing
from tests.factories import EmployeeFactory, HardwareFactory
from tests.support import events_recorded, iso, success

pytestmark = pytest.mark.django_db

COMPLETED = "bulk_job.completed"


def create_job(caller, operation, items, code="BLK", **headers):
    body = {"companyCode": code, "operation": operation, "items": items}
    return caller.post("/bulk-jobs", body, format="json", **headers)


def created(response) -> str:
    """The id of the job the 202 answered."""
    assert response.status_code == 202, response.json()
    return response.json()["envelop"]["id"]


def read_job(caller, job_id, code="BLK") -> dict:
    response = caller.get(f"/bulk-jobs/{job_id}", {"companyCode": code})
    assert response.status_code == 200, response.json()
    return response.json()["envelop"]


def results(caller, job_id, **criteria) -> list[dict]:
    response = caller.get(f"/bulk-jobs/{job_id}/results", {"companyCode": "BLK", **criteria})
    assert response.status_code == 200, response.json()
    return response.json()["envelop"]


def counts(total, succeeded=0, failed=0) -> dict:
    return {
        "total": total,
        "succeeded": succeeded,
        "failed": failed,
        "pending": total - succeeded - failed,
    }


def single(caller, path, body):
    """The single call an item stands for, for the job's company."""
    return caller.post(path, {"companyCode": "BLK", **body}, format="json")


def refused_as(index, direct, reference=None) -> dict:
    """The result of item `index`, failed exactly as the single call `direct` was refused."""
    assert direct.status_code >= 400, direct.json()
    answer = direct.json()
    return {
        "index": index,
        "clientReference": reference,
        "status": "FAILED",
        "statusCode": direct.status_code,
        "resourceId": None,
        "error": {"message": answer["message"], "details": answer.get("details")},
    }


def made(index, record, status_code, reference=None) -> dict:
    """The result of item `index`, which made or changed `record`."""
    return {
        "index": index,
        "clientReference": reference,
        "status": "SUCCEEDED",
        "statusCode": status_code,
        "resourceId": str(record.pk),
        "error": None,
    }


def cancel(caller, job_id, code="BLK", **headers):
    return caller.post(
        f"/bulk-jobs/{job_id}/cancel", {"companyCode": code}, format="json", **headers
    )


def employee_item(**changes) -> dict:
    item = {
        "firstName": "Ana",
        "lastName": "Silva",
        "email": "ana@example.com",
        "governmentDNI": "12.345.678-9",
        "address": "5th Avenue 1",
        "city": "New York",
        "postCode": "10001",
        "countryCode": "US",
    }
    return {**item, **changes}


def hardware_item(**changes) -> dict:
    return {"hardwareType": "MONITOR", "countryCode": "US", **changes}


def events_data(kind) -> list[dict]:
    """The data (the job as the API shows it) of every event of `kind`, oldest first."""
    return [
        event.payload["data"] for event in Event.objects.filter(kind=kind).order_by("created_at")
    ]


def single_onboarding(caller, **fields):
    return single(caller, "/movement_requests/onboarding", fields)


# --- outcomes, item by item, as the single calls answer -------------------------------------


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


def test_the_creation_answers_202_with_the_queued_job_as_its_read_shows_it(caller, company):
    response = create_job(caller, "HARDWARES_CREATE", [hardware_item(), hardware_item()])

    stored = BulkJob.objects.get()
    expected = {
        "id": str(stored.id),
        "operation": "HARDWARES_CREATE",
        "status": "QUEUED",
        "counts": counts(2),
        "createdAt": iso(stored.created_at),
        "startedAt": None,
        "finishedAt": None,
        "resultsUrl": f"http://testserver/bulk-jobs/{stored.id}/results?companyCode=BLK",
    }
    assert (response.status_code, response.json()) == (202, success(expected, 202))
    assert response["Location"] == f"/bulk-jobs/{stored.id}"
    assert read_job(caller, stored.id) == expected
    assert results(caller, stored.id) == []
    # Nothing of an item runs before the workers take the job.
    assert not Hardware.objects.exists()


def test_employee_upserts_answer_each_bad_item_as_the_single_call_does(caller, company):
    existing = EmployeeFactory(company=company, email="bea@example.com", first_name="Bea")
    EmployeeFactory(company=company, email="cy@example.com", external_reference_id="HR-9")
    EmployeeFactory(company=company, email="dee@example.com")
    bad_email = employee_item(email="ana@")
    unknown_city = employee_item(email="eve@example.com", city="Qwxzv")
    # By its reference HR-9, to the e-mail another employee has.
    taken_email = employee_item(email="dee@example.com", externalReferenceId="HR-9")
    directs = [
        single(caller, "/employees", body) for body in (bad_email, unknown_city, taken_email)
    ]

    job_id = created(
        create_job(
            caller,
            "EMPLOYEES_UPSERT",
            [
                {**employee_item(), "clientReference": "new"},
                bad_email,
                {
                    **employee_item(email="BEA@example.com", firstName="Beatrix"),
                    "clientReference": "u",
                },
                unknown_city,
                taken_email,
            ],
        )
    )
    run_to_the_end(job_id)

    job = read_job(caller, job_id)
    assert (job["status"], job["counts"]) == ("PARTIALLY_FAILED", counts(5, 2, 3))
    assert job["startedAt"] is not None and job["finishedAt"] is not None
    ana = Employee.objects.get(email="ana@example.com")
    assert (ana.company_id, ana.first_name, ana.city) == (company.id, "Ana", "New York City")
    existing.refresh_from_db()
    assert existing.first_name == "Beatrix"
    assert [direct.status_code for direct in directs] == [400, 400, 400]
    assert results(caller, job_id) == [
        made(0, ana, 200, "new"),
        refused_as(1, directs[0]),
        made(2, existing, 200, "u"),
        refused_as(3, directs[1]),
        refused_as(4, directs[2]),
    ]
    assert Employee.objects.filter(company=company).count() == 4


def test_hardware_creations_answer_each_bad_item_as_the_single_call_does(caller, company):
    grace = EmployeeFactory(company=company, email="grace@example.com")
    HardwareFactory(company=company, serial_number="DUP-1")
    stranger = EmployeeFactory()
    duplicate = hardware_item(serialNumber="DUP-1")
    foreign_employee = hardware_item(employeeProfileId=str(stranger.id))
    no_type = {"countryCode": "US", "serialNumber": "SN-X"}
    directs = [
        single(caller, "/hardwares", body) for body in (duplicate, foreign_employee, no_type)
    ]

    job_id = created(
        create_job(
            caller,
            "HARDWARES_CREATE",
            [
                duplicate,
                {**hardware_item(serialNumber="SN-1"), "clientReference": "one"},
                foreign_employee,
                hardware_item(serialNumber="SN-2", employeeEmail="grace@example.com"),
                no_type,
            ],
        )
    )
    run_to_the_end(job_id)

    assert [direct.status_code for direct in directs] == [400, 404, 400]
    stored = Hardware.objects.get(serial_number="SN-1")
    assigned = Hardware.objects.get(serial_number="SN-2")
    assert (stored.status, stored.company_id) == ("STORAGE", company.id)
    assert (assigned.status, assigned.employee_id) == ("EMPLOYEE", grace.id)
    assert results(caller, job_id) == [
        refused_as(0, directs[0]),
        made(1, stored, 201, "one"),
        refused_as(2, directs[1]),
        made(3, assigned, 201),
        refused_as(4, directs[2]),
    ]
    assert read_job(caller, job_id)["status"] == "PARTIALLY_FAILED"
    assert Hardware.objects.filter(company=company).count() == 3


def test_offboardings_answer_each_bad_item_as_the_single_call_does(caller, company):
    ada = EmployeeFactory(company=company, email="ada@example.com")
    bob = EmployeeFactory(company=company, email="bob@example.com")
    adas = HardwareFactory(company=company, on_employee=True, employee=ada)
    bobs = HardwareFactory(company=company, on_employee=True, employee=bob)
    good = {"handledBy": "PROVIDER", "employeeEmail": "ada@example.com"}
    unknown_employee = {
        "handledBy": "PROVIDER",
        "employeeEmail": "nobody@example.com",
        "hardwares": {"hardwareIds": [str(adas.id)]},
    }
    not_hers = {**good, "hardwares": {"hardwareIds": [str(bobs.id)]}}
    no_route = {"employeeEmail": "ada@example.com", "hardwares": {"hardwareIds": []}}
    directs = [
        single(caller, "/movement_requests/offboarding", body)
        for body in (unknown_employee, not_hers, no_route)
    ]

    job_id = created(
        create_job(
            caller,
            "MOVEMENT_REQUESTS_OFFBOARDING",
            [
                unknown_employee,
                not_hers,
                # Wrapped as the single call takes it too, its reference beside `data`.
                {
                    "data": {**good, "hardwares": {"hardwareIds": [str(adas.id)]}},
                    "clientReference": "w",
                },
                no_route,
            ],
        )
    )
    run_to_the_end(job_id)

    assert [direct.status_code for direct in directs] == [404, 400, 400]
    movement = MovementRequest.objects.get()
    assert (movement.type, movement.from_employee_id) == ("OFFBOARDING", ada.id)
    assert results(caller, job_id) == [
        refused_as(0, directs[0]),
        refused_as(1, directs[1]),
        made(2, movement, 201, "w"),
        refused_as(3, directs[2]),
    ]
    adas.refresh_from_db()
    bobs.refresh_from_db()
    assert (adas.in_movement, bobs.in_movement) == (True, False)


def test_a_job_whose_items_all_fail_ends_failed_and_makes_nothing(caller, company):
    job_id = created(
        create_job(caller, "HARDWARES_CREATE", [{"countryCode": "XX"}, {}, {"hardwareType": 5}])
    )

    run_to_the_end(job_id)

    job = read_job(caller, job_id)
    assert (job["status"], job["counts"]) == ("FAILED", counts(3, 0, 3))
    assert {(r["status"], r["statusCode"], r["resourceId"]) for r in results(caller, job_id)} == {
        ("FAILED", 400, None)
    }
    assert not Hardware.objects.exists()


def test_a_job_whose_items_all_succeed_ends_succeeded_each_naming_its_record(caller, company):
    job_id = created(
        create_job(
            caller,
            "HARDWARES_CREATE",
            [
                {**hardware_item(serialNumber=f"OK-{n}"), "clientReference": f"r{n}"}
                for n in range(3)
            ],
        )
    )

    run_to_the_end(job_id)

    job = read_job(caller, job_id)
    assert (job["status"], job["counts"]) == ("SUCCEEDED", counts(3, 3))
    items = [Hardware.objects.get(serial_number=f"OK-{n}") for n in range(3)]
    assert results(caller, job_id) == [made(n, item, 201, f"r{n}") for n, item in enumerate(items)]


def test_a_finished_job_is_told_by_a_bulk_job_completed_event_showing_it(caller, company):
    job_id = created(create_job(caller, "HARDWARES_CREATE", [hardware_item(), {}]))
    assert events_recorded(COMPLETED) == []

    run_to_the_end(job_id)

    job = read_job(caller, job_id)
    assert events_recorded(COMPLETED) == [(company.id, job_id, "PARTIALLY_FAILED")]
    # The event is made for no request: its results URL is a path (no PUBLIC_BASE_URL here).
    assert events_data(COMPLETED) == [
        {**job, "resultsUrl": f"/bulk-jobs/{job_id}/results?companyCode=BLK"}
    ]


# --- the trail, the key, the budget -------------------------------------------------------------


def test_an_items_write_is_on_the_trail_of_the_request_that_made_the_job(caller, company):
    response = create_job(
        caller,
        "EMPLOYEES_UPSERT",
        [employee_item()],
        HTTP_X_CHANGE_REASON="Spring hires",
        HTTP_IDEMPOTENCY_KEY="hires-1",
    )
    job_id = created(response)

    run_to_the_end(job_id)

    ana = Employee.objects.get()
    trail = caller.get("/audit-events", {"companyCode": "BLK", "targetType": "EMPLOYEE"})
    [event] = trail.json()["envelop"]
    assert (event["action"], event["target"]["id"]) == ("CREATED", str(ana.id))
    assert {
        key: event[key] for key in ("actor", "source", "requestId", "idempotencyKey", "reason")
    } == {
        "actor": {"type": "API_CLIENT", "name": caller.api_client.name},
        "source": "API",
        "requestId": response["X-Request-ID"],
        "idempotencyKey": "hires-1",
        "reason": "Spring hires",
    }
    assert event["changes"]["email"] == {"old": None, "new": "ana@example.com"}


def test_a_replayed_creation_answers_the_same_job_with_its_location(caller, company):
    items = [hardware_item(serialNumber=f"IK-{n}") for n in range(3)]
    first = create_job(caller, "HARDWARES_CREATE", items, HTTP_IDEMPOTENCY_KEY="job-1")
    created(first)

    replay = create_job(caller, "HARDWARES_CREATE", items, HTTP_IDEMPOTENCY_KEY="job-1")

    assert (replay.status_code, replay.content) == (202, first.content)
    assert replay["Idempotent-Replayed"] == "true"
    assert "Idempotent-Replayed" not in first
    assert replay.get("Location") == first["Location"]


def test_a_replayed_creation_stores_no_second_job_and_runs_each_item_once(caller, company):
    items = [hardware_item(serialNumber=f"IK-{n}") for n in range(3)]
    first = create_job(caller, "HARDWARES_CREATE", items, HTTP_IDEMPOTENCY_KEY="job-1")
    job_id = created(first)
    # The replays by a client the schema check does not watch: the replayed 202 lacks its
    # Location header, which the test above is about; this one is about what is stored and run.
    unchecked = Client(HTTP_AUTHORIZATION=f"Bearer {caller.raw_key}")

    def replay():
        body = {"companyCode": "BLK", "operation": "HARDWARES_CREATE", "items": items}
        return unchecked.post(
            "/bulk-jobs", body, content_type="application/json", HTTP_IDEMPOTENCY_KEY="job-1"
        )

    before_the_run = replay()
    assert (before_the_run.status_code, before_the_run.content) == (202, first.content)
    assert (BulkJob.objects.count(), BulkJobItem.objects.count()) == (1, 3)
    run_to_the_end(job_id)
    after_the_run = replay()

    assert (after_the_run.status_code, after_the_run.content) == (202, first.content)
    assert after_the_run["Idempotent-Replayed"] == "true"
    assert (BulkJob.objects.count(), BulkJobItem.objects.count()) == (1, 3)
    assert run_once(job_id) is Run.NOTHING
    # Each item ran once: a second run would have refused its serial number as taken.
    assert [(r["status"], r["statusCode"]) for r in results(caller, job_id)] == [
        ("SUCCEEDED", 201)
    ] * 3
    assert Hardware.objects.count() == 3


def test_a_job_costs_one_request_of_the_budget_whatever_its_items(caller, company):
    spend_nothing(caller)
    with override_settings(API_THROTTLE_RATE="5/min"):
        response = create_job(caller, "HARDWARES_CREATE", [hardware_item() for _ in range(20)])
        run_to_the_end(created(response))
        read = caller.get(f"/bulk-jobs/{response.json()['envelop']['id']}", {"companyCode": "BLK"})

    assert budget(response)[:2] == (5, 4)
    assert read.json()["envelop"]["counts"] == counts(20, 20)
    # Twenty items ran between the two requests and spent none of it.
    assert budget(read)[:2] == (5, 3)


# --- cancel -----------------------------------------------------------------------------------


def test_cancel_of_a_queued_job_ends_it_at_once_and_none_of_its_items_runs(caller, company):
    job_id = created(create_job(caller, "HARDWARES_CREATE", [hardware_item() for _ in range(3)]))

    response = cancel(caller, job_id)

    assert response.status_code == 200
    job = response.json()["envelop"]
    assert (job["status"], job["counts"], job["startedAt"]) == ("CANCELLED", counts(3), None)
    assert job["finishedAt"] is not None
    assert read_job(caller, job_id) == job
    assert events_recorded(COMPLETED) == [(company.id, job_id, "CANCELLED")]
    assert events_data(COMPLETED)[0]["counts"] == counts(3)

    assert run_once(job_id) is Run.NOTHING
    assert results(caller, job_id) == []
    assert not Hardware.objects.exists()


def test_cancel_of_a_running_job_stops_it_once_the_items_being_run_end(caller, company, settings):
    total = 6
    job_id = created(
        create_job(
            caller,
            "HARDWARES_CREATE",
            [hardware_item(serialNumber=f"C-{n}") for n in range(total)],
        )
    )
    # A run's time is up after about an item: the job goes back to the queue with items left.
    settings.BULK_JOB_RUN_SECONDS = 0.001
    while read_job(caller, job_id)["counts"]["pending"] == total:
        assert run_once(job_id) is Run.MORE
    ran = read_job(caller, job_id)["counts"]["succeeded"]
    assert 0 < ran < total

    response = cancel(caller, job_id)

    # Still RUNNING for the client: the worker ends it when it takes the next item.
    assert response.status_code == 200
    assert (response.json()["envelop"]["status"], response.json()["envelop"]["counts"]) == (
        "RUNNING",
        counts(total, ran),
    )
    run_to_the_end(job_id)
    job = read_job(caller, job_id)
    assert (job["status"], job["counts"]) == ("CANCELLED", counts(total, ran))
    assert [r["index"] for r in results(caller, job_id)] == list(range(ran))
    assert sorted(Hardware.objects.values_list("serial_number", flat=True)) == sorted(
        f"C-{n}" for n in range(ran)
    )
    assert events_recorded(COMPLETED) == [(company.id, job_id, "CANCELLED")]


def test_cancel_of_a_finished_job_answers_it_unchanged(caller, company):
    job_id = created(create_job(caller, "HARDWARES_CREATE", [hardware_item()]))
    run_to_the_end(job_id)
    before = read_job(caller, job_id)

    response = cancel(caller, job_id)

    assert (response.status_code, response.json()) == (200, success(before))
    assert read_job(caller, job_id) == before
    assert events_recorded(COMPLETED) == [(company.id, job_id, "SUCCEEDED")]
