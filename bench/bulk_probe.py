"""What bench/bulk.py measures in its own process, one at a time, before the servers start: the
wall and CPU time and the statements of a single call (Django's test client) and of a job's item
(the job's runs taken from the in-memory broker and run here as a worker runs them)."""

import time

from bench.bulk_stack import SINGLE_PATH, own_backend
from bench.cpu import cpu_seconds
from bench.seed import COMPANY_CODE, BenchError
from bench.writes import queries_per_write

# The probe's job whose statements are counted (apart from the one timed).
PROBE_COUNTED = 20


def probe(raw_key: str, company, single_bodies: list[dict], job_bodies: list[dict], show_sql: bool):
    """In this process, one at a time: a single call's statements (after a first call) and its
    wall and CPU time over `single_bodies`; a job's wall and CPU time over all but PROBE_COUNTED
    of `job_bodies`, its runs taken from the in-memory broker and run here as a worker runs them
    (`published_runs`), then the statements of a job of the other PROBE_COUNTED (counted apart:
    Django's capture of statements costs CPU of its own) and those of one item's transaction."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from rest_framework.test import APIClient

    from config.celery import app

    backend = own_backend()
    statements_single = queries_per_write(
        raw_key, SINGLE_PATH, {"companyCode": COMPANY_CODE, **single_bodies[0]}
    )
    client = APIClient()
    client.credentials(HTTP_X_API_KEY=raw_key)
    began, cpu, postgres = time.perf_counter(), time.process_time(), cpu_seconds([backend])
    for body in single_bodies[1:]:
        response = client.post(
            SINGLE_PATH, {"data": {"companyCode": COMPANY_CODE, **body}}, format="json"
        )
        if response.status_code != 201:
            raise BenchError(f"{SINGLE_PATH} answered {response.status_code} in process")
    calls = len(single_bodies) - 1
    single = {
        "statements": statements_single,
        "wall": (time.perf_counter() - began) / calls,
        "cpu": (time.process_time() - cpu) / calls,
        "postgres": (cpu_seconds([backend]) - postgres) / calls,
    }

    # The hand-over publishes to the in-memory broker (as with workers), not to a thread; the
    # runs are taken from there and run here.
    app.conf.task_always_eager = False
    timed, counted = job_bodies[:-PROBE_COUNTED], job_bodies[-PROBE_COUNTED:]
    job = job_made(company, timed)
    began, cpu, postgres = time.perf_counter(), time.process_time(), cpu_seconds([backend])
    job_ran_here(job)
    in_job = {
        "wall": (time.perf_counter() - began) / len(timed),
        "cpu": (time.process_time() - cpu) / len(timed),
        "postgres": (cpu_seconds([backend]) - postgres) / len(timed),
    }
    job = job_made(company, counted)
    with CaptureQueriesContext(connection) as queries:
        job_ran_here(job)
    claims = [
        index
        for index, query in enumerate(queries.captured_queries)
        if "SKIP LOCKED" in query["sql"] and "bulk_bulkjobitem" in query["sql"]
    ]
    # One item: from its claim to the next item's claim (the second item: warm).
    one_item = queries.captured_queries[claims[1] : claims[2]]
    in_job |= {
        "statements": len(queries) / len(counted),
        "statements_one": len(one_item),
        "sql": [query["sql"] for query in one_item] if show_sql else [],
    }
    return {"single": single, "job": in_job}


def job_made(company, bodies: list[dict]):
    """A job of onboardings of `bodies`, made in this process as the API makes one."""
    from bulk.choices import BulkOperation
    from bulk.services.jobs import BulkItem, bulk_job_create
    from config.kernel.actors import Actor

    api_client = company.api_client
    return bulk_job_create(
        company=company,
        operation=BulkOperation.MOVEMENT_REQUESTS_ONBOARDING,
        items=[BulkItem(body=body) for body in bodies],
        actor=Actor.api_client(api_client),
        api_client=api_client,
    )


def job_ran_here(job) -> None:
    """`job` run to its end in this process (`published_runs`), every item SUCCEEDED."""
    from django.conf import settings

    published_runs(settings.BULK_JOB_QUEUE)
    job.refresh_from_db()
    if job.status != "SUCCEEDED":
        raise BenchError(f"the probe's job ended {job.status}")


def published_runs(queue: str) -> int:
    """The tasks published to `queue` (on this process's in-memory broker) run here as a
    worker runs them (`apply`: the task's signals included), those they publish in turn too,
    until none is left: how many ran."""
    from config.celery import app

    ran = 0
    with app.connection_for_read() as connection:
        messages = connection.SimpleQueue(queue, no_ack=True)
        try:
            while True:
                try:
                    message = messages.get(block=False)
                except messages.Empty:
                    return ran
                args, kwargs, _ = message.payload
                app.tasks[message.headers["task"]].apply(args=args, kwargs=kwargs, throw=True)
                ran += 1
        finally:
            messages.close()
