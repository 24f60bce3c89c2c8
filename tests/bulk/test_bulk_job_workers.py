"""Bulk jobs as the workers run them: a real Celery worker killed mid-job and another taking
over after the lease, two workers sharing a job, a company's jobs one at a time, the in-process
mode of `make run`, the sweep, and a deadlock or an outage met by an item."""

import threading
import time
import uuid
from collections import Counter
from datetime import timedelta

import pytest
from django.db import OperationalError
from django.utils import timezone

from bulk import tasks
from bulk.api import runner
from bulk.api.runner import Run
from bulk.choices import FINISHED, BulkOperation
from bulk.models import BulkJob, BulkJobItem
from bulk.services.jobs import BulkItem, bulk_job_create
from companies.models import Event
from config.celery import app
from config.kernel.actors import Actor
from config.kernel.database import DEADLOCK_DETECTED
from hardware.models import Hardware
from tests.bulk.conftest import run_once, run_to_the_end
from tests.factories import CompanyFactory
from tests.support.threads import run_together
from tests.workers import CeleryProcess, queue_delete, wait_for

TRANSACTIONAL = pytest.mark.django_db(transaction=True, serialized_rollback=True)
COMPLETED = "bulk_job.completed"
LEASE_SECONDS = 2


def monitors(count: int, prefix: str = "K") -> list[dict]:
    return [
        {"hardwareType": "MONITOR", "serialNumber": f"{prefix}-{n}", "countryCode": "US"}
        for n in range(count)
    ]


def job_posted(caller, items: list[dict]) -> str:
    body = {"companyCode": "BLK", "operation": "HARDWARES_CREATE", "items": items}
    response = caller.post("/bulk-jobs", body, format="json")
    assert response.status_code == 202, response.json()
    return response.json()["envelop"]["id"]


def job_made(company, caller, count: int, prefix: str) -> BulkJob:
    return bulk_job_create(
        company=company,
        operation=BulkOperation.HARDWARES_CREATE,
        items=[BulkItem(body=body) for body in monitors(count, prefix)],
        actor=Actor.api_client(caller.api_client),
        api_client=caller.api_client,
    )


def results_written(job_id) -> int:
    return BulkJobItem.objects.filter(job_id=job_id).exclude(status="PENDING").count()


def history(job_id) -> list[tuple]:
    return list(
        BulkJob.objects.get(pk=job_id).status_history.values_list("status_from", "status_to")
    )


def assert_run_once(job_id, company, count: int) -> None:
    """Every item of the job has one result, SUCCEEDED, naming the hardware made for it, and
    that hardware exists once; the job moved to SUCCEEDED once, with one completion event."""
    items = BulkJobItem.objects.filter(job_id=job_id).order_by("index")
    results = list(items.values_list("index", "status", "status_code", "resource_id"))
    assert [index for index, *_ in results] == list(range(count))
    assert {(status, code) for _, status, code, _ in results} == {("SUCCEEDED", 201)}
    made = dict(Hardware.objects.filter(company=company).values_list("id", "serial_number"))
    assert len(made) == count
    assert {made[resource]: index for index, *_, resource in results} == {
        f"K-{index}": index for index in range(count)
    }
    assert history(job_id) == [(None, "QUEUED"), ("QUEUED", "RUNNING"), ("RUNNING", "SUCCEEDED")]
    [event] = Event.objects.filter(kind=COMPLETED)
    assert (event.payload["data"]["id"], event.payload["data"]["status"]) == (
        str(job_id),
        "SUCCEEDED",
    )
    assert event.payload["data"]["counts"] == {
        "total": count,
        "succeeded": count,
        "failed": 0,
        "pending": 0,
    }


@pytest.fixture
def bulk_queue(settings):
    """The bulk runs the test queues go to a queue of its own, deleted at its end: other test
    runs share the Redis server, and nothing must be left on theirs."""
    queue = f"test-bulk-{uuid.uuid4().hex}"
    settings.BULK_JOB_QUEUE = queue
    yield queue
    queue_delete(queue)


@pytest.fixture
def published(monkeypatch) -> list[str]:
    """The ids of the jobs handed to the workers (a run queued for each), instead of queued."""
    queued: list[str] = []
    monkeypatch.setattr(
        tasks, "publish_after_commit", lambda task, job_id, generation: queued.append(job_id)
    )
    return queued


# --- a real worker killed mid-job ---------------------------------------------------------------


def wait_on(worker: CeleryProcess, condition, timeout: float = 30.0) -> None:
    """Until `condition()`, failing with the worker's log if it exits or time runs out."""
    deadline = time.monotonic() + timeout
    while not condition():
        if worker.process.poll() is not None:
            raise RuntimeError(f"{worker.name} exited:\n{worker.log_tail()}")
        assert time.monotonic() < deadline, f"timed out; the worker's log:\n{worker.log_tail()}"
        time.sleep(0.05)


@TRANSACTIONAL
def test_a_worker_killed_mid_job_leaves_every_item_run_exactly_once_and_another_finishes_it(
    caller, company, bulk_queue, settings, tmp_path
):
    settings.BULK_JOB_LEASE_SECONDS = LEASE_SECONDS
    environment = {
        "BULK_JOB_QUEUE": bulk_queue,
        "BULK_JOB_LEASE_SECONDS": str(LEASE_SECONDS),
        "BULK_JOB_RUN_SECONDS": "1",
    }
    workers: list[CeleryProcess] = []

    def worker() -> CeleryProcess:
        workers.append(CeleryProcess("worker", tmp_path, queue=bulk_queue, **environment))
        return workers[-1]

    total = 200
    try:
        first = worker()
        job_id = job_posted(caller, monitors(total))
        wait_on(first, lambda: results_written(job_id) >= 10)
        first.stop()

        assert 10 <= results_written(job_id) < total
        assert BulkJob.objects.get(pk=job_id).status == "RUNNING"
        # Its runs queued meanwhile are dropped, as a lost message would be (the one it held,
        # unacknowledged, comes back only after the broker's visibility timeout, an hour): the
        # job is the sweep's to resume.
        with app.connection_for_write() as connection:
            connection.default_channel.queue_purge(bulk_queue)
        second = worker()
        wait_for(
            lambda: BulkJob.objects.filter(pk=job_id, lease_expires_at__lt=timezone.now()).exists(),
            timeout=LEASE_SECONDS + 5,
        )
        assert tasks.resume_bulk_jobs() == 1
        wait_on(second, lambda: BulkJob.objects.get(pk=job_id).status in FINISHED)
    finally:
        for process in workers:
            process.stop()

    read = caller.get(f"/bulk-jobs/{job_id}", {"companyCode": "BLK"}).json()["envelop"]
    assert (read["status"], read["counts"]) == (
        "SUCCEEDED",
        {"total": total, "succeeded": total, "failed": 0, "pending": 0},
    )
    assert_run_once(job_id, company, total)


# --- workers sharing a job, and a company's jobs one at a time ----------------------------------


@TRANSACTIONAL
def test_two_workers_share_a_job_each_running_some_items_and_every_item_once(
    caller, company, bulk_queue, monkeypatch
):
    job_id = job_posted(caller, monitors(60))
    runs_by_thread: Counter = Counter()
    claim = runner._next_item_run

    def counted(job, operation) -> bool:
        ran = claim(job, operation)
        runs_by_thread[threading.get_ident()] += ran
        return ran

    monkeypatch.setattr(runner, "_next_item_run", counted)

    def worker() -> Run:
        while (outcome := run_once(uuid.UUID(job_id))) is Run.MORE:
            pass
        return outcome

    outcomes = run_together(worker, worker)

    # One of them finishes the job, the other finds nothing left.
    assert sorted(outcome.value for outcome in outcomes) == ["finished", "nothing"]
    assert sum(runs_by_thread.values()) == 60
    assert all(runs_by_thread.values()), runs_by_thread
    assert_run_once(job_id, company, 60)


def test_a_companys_jobs_run_one_at_a_time_oldest_first_and_other_companies_are_not_held_back(
    caller, company, settings, published
):
    first = job_made(company, caller, 3, "A")
    second = job_made(company, caller, 2, "B")
    other = job_made(CompanyFactory(api_client=caller.api_client), caller, 2, "C")

    assert run_once(second.pk) is Run.NOTHING
    settings.BULK_JOB_RUN_SECONDS = 0
    assert run_once(first.pk) is Run.MORE  # started, no time left for an item
    settings.BULK_JOB_RUN_SECONDS = 5
    assert run_once(second.pk) is Run.NOTHING
    second.refresh_from_db()
    assert (second.status, second.started_at, results_written(second.pk)) == ("QUEUED", None, 0)
    assert run_to_the_end(other.pk).status == "SUCCEEDED"

    # The run that finishes the first job hands the company's next one to the workers.
    published.clear()
    first.refresh_from_db()
    tasks.run_bulk_job(str(first.pk), first.generation)
    first.refresh_from_db()
    assert first.status == "SUCCEEDED"
    assert published == [str(second.pk)] * settings.BULK_JOB_PARALLELISM
    second = run_to_the_end(second.pk)
    assert second.status == "SUCCEEDED"
    assert first.finished_at <= second.started_at


# --- without a broker (`make run`) ----------------------------------------------------------------


@TRANSACTIONAL
def test_without_a_broker_a_job_is_answered_queued_at_once_and_runs_in_a_thread_to_the_end(
    caller, company, eager_tasks, monkeypatch
):
    started, threads = threading.Event(), []
    run = tasks.bulk_job_run

    def held(job_id, generation):
        # The run waits for the answer to have been read: the answer never waits for it.
        threads.append(threading.current_thread())
        assert started.wait(timeout=10)
        return run(job_id, generation)

    monkeypatch.setattr(tasks, "bulk_job_run", held)
    body = {"companyCode": "BLK", "operation": "HARDWARES_CREATE", "items": monitors(20)}
    response = caller.post("/bulk-jobs", body, format="json")

    assert response.status_code == 202, response.json()
    job = response.json()["envelop"]
    assert (job["status"], job["counts"]) == (
        "QUEUED",
        {"total": 20, "succeeded": 0, "failed": 0, "pending": 20},
    )
    started.set()
    try:
        wait_for(lambda: BulkJob.objects.get(pk=job["id"]).status in FINISHED, timeout=20)
    finally:
        for thread in threads:
            thread.join(timeout=10)
    read = caller.get(f"/bulk-jobs/{job['id']}", {"companyCode": "BLK"}).json()["envelop"]
    assert (read["status"], read["counts"]) == (
        "SUCCEEDED",
        {"total": 20, "succeeded": 20, "failed": 0, "pending": 0},
    )
    assert_run_once(job["id"], company, 20)


# --- the sweep ------------------------------------------------------------------------------------


def test_the_sweep_resumes_a_companys_oldest_job_out_of_its_lease_and_leaves_leased_ones_alone(
    caller, company, settings, published
):
    lapsed = job_made(company, caller, 1, "A")
    waiting = job_made(company, caller, 1, "B")
    other_company = CompanyFactory(api_client=caller.api_client)
    finished = job_made(other_company, caller, 1, "C")
    run_to_the_end(finished.pk)
    leased = job_made(other_company, caller, 1, "D")
    past = timezone.now() - timedelta(seconds=1)
    BulkJob.objects.filter(pk__in=[lapsed.pk, waiting.pk, finished.pk]).update(
        lease_expires_at=past
    )
    leases = dict(BulkJob.objects.values_list("pk", "lease_expires_at"))
    published.clear()
    before = timezone.now()

    assert tasks.resume_bulk_jobs() == 1

    assert published == [str(lapsed.pk)] * settings.BULK_JOB_PARALLELISM
    lapsed.refresh_from_db()
    assert lapsed.lease_expires_at >= before + timedelta(seconds=settings.BULK_JOB_LEASE_SECONDS)
    after = dict(BulkJob.objects.exclude(pk=lapsed.pk).values_list("pk", "lease_expires_at"))
    assert after == {pk: lease for pk, lease in leases.items() if pk != lapsed.pk}
    assert leases[leased.pk] > timezone.now()
    # The new lease is the workers' time to take it up: the next sweep leaves it.
    assert tasks.resume_bulk_jobs() == 0


# --- a deadlock or an outage met by an item -------------------------------------------------------


class DatabaseSaid(Exception):
    """What psycopg raises, as far as the runner reads it: its SQLSTATE."""

    def __init__(self, sqlstate: str):
        super().__init__(sqlstate)
        self.sqlstate = sqlstate


def failing_once(monkeypatch, index: int, sqlstate: str) -> list[int]:
    """The item `index`'s first make fails as the database would with `sqlstate` (the list
    has the index once it has)."""
    made = runner._made
    failed = []

    def make(job, operation, body):
        if body["serialNumber"] == f"K-{index}" and not failed:
            failed.append(index)
            raise OperationalError(sqlstate) from DatabaseSaid(sqlstate)
        return made(job, operation, body)

    monkeypatch.setattr(runner, "_made", make)
    return failed


def test_an_item_ended_by_a_deadlock_is_run_again_and_made_once(caller, company, monkeypatch):
    job = job_made(company, caller, 3, "K")
    deadlocked = failing_once(monkeypatch, 1, DEADLOCK_DETECTED)

    assert run_to_the_end(job.pk).status == "SUCCEEDED"
    assert deadlocked == [1]
    assert_run_once(job.pk, company, 3)


def test_an_item_that_meets_a_database_outage_is_left_to_run_again_and_made_once(
    caller, company, monkeypatch
):
    job = job_made(company, caller, 3, "K")
    failing_once(monkeypatch, 1, "08006")  # connection failure

    # The run stops with the error (the task fails; the sweep resumes the job after its lease).
    with pytest.raises(OperationalError):
        run_once(job.pk)
    assert list(
        BulkJobItem.objects.filter(job=job).order_by("index").values_list("status", flat=True)
    ) == ["SUCCEEDED", "PENDING", "PENDING"]
    assert not Hardware.objects.filter(serial_number="K-1").exists()

    assert run_to_the_end(job.pk).status == "SUCCEEDED"
    assert_run_once(job.pk, company, 3)
