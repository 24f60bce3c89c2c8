"""The processes of bench/bulk.py, the calls that drive them and what it reads of them: its two
Celery workers (prefork, one child each, consuming BULK_JOB_QUEUE alone), Celery's remote control
that stops one of them consuming for the one-worker arm, the two ways an arm sends its items
(single calls from concurrent clients; one job, posted, then read until it finishes), and the
CPU seconds of every process an arm keeps busy (gunicorn, the workers, the bench database's
PostgreSQL backends, the bench itself), sampled from /proc while the arm runs."""

import http.client
import os
import threading
import time
from datetime import datetime
from pathlib import Path

import orjson
import psutil

from bench.cpu import cpu_seconds
from bench.scale_stack import Celery
from bench.seed import COMPANY_CODE, BenchError
from bench.serving import Server, percentile, workers_of
from bench.tracking import cpu_used
from bench.writes import run as sent_by_clients

SINGLE_PATH = "/movement_requests/onboarding"
OPERATION = "MOVEMENT_REQUESTS_ONBOARDING"


# --- the workers -------------------------------------------------------------------------


def bulk_worker(number: int, environment: dict, queue: str, logs: Path) -> Celery:
    """A worker of one prefork child (the production pool) consuming `queue` alone."""
    arguments = ["worker", "--loglevel", "info", "--hostname", worker_name(number)]
    arguments += ["--pool", "prefork", "--concurrency", "1", "--queues", queue]
    arguments += ["--without-gossip", "--without-mingle"]
    return Celery(
        f"worker {number}", arguments, environment, " ready.", logs / f"worker{number}.log"
    )


def worker_name(number: int) -> str:
    return f"bulk{number}@bench"


class Control:
    """Celery's remote control of the workers, through the bench's broker: a worker told to stop
    consuming the queue, or to take it up again, and asked what it consumes."""

    def __init__(self, redis_url: str, queue: str):
        import celery

        self.app = celery.Celery("bench-bulk-control", broker=redis_url)
        self.queue = queue

    def consuming(self, worker: str) -> bool:
        answers = self.app.control.inspect(destination=[worker], timeout=5).active_queues() or {}
        return any(each["name"] == self.queue for each in answers.get(worker, []))

    def set_consuming(self, worker: str, consume: bool) -> None:
        command = self.app.control.add_consumer if consume else self.app.control.cancel_consumer
        command(self.queue, destination=[worker], reply=True, timeout=5)
        if self.consuming(worker) != consume:
            raise BenchError(
                f"{worker} {'does not consume' if consume else 'still consumes'} {self.queue}"
            )

    def close(self) -> None:
        self.app.close()


# --- the arms' calls ---------------------------------------------------------------------


def singles_sent(port: int, key: str, bodies: list[dict], clients: int) -> dict:
    """`bodies` sent one a call by `clients` concurrent clients on kept-alive connections: the wall
    time from the first request to the last answer, and the calls' p50 and p99."""
    headers = {"X-API-Key": key, "Host": "127.0.0.1", "Content-Type": "application/json"}
    supply = iter([{"companyCode": COMPANY_CODE, **body} for body in bodies])
    began = time.perf_counter()
    latencies = sent_by_clients(port, SINGLE_PATH, supply, headers, len(bodies), clients)
    wall = time.perf_counter() - began
    return {"wall": wall, "p50": percentile(latencies, 0.5), "p99": percentile(latencies, 0.99)}


def job_run(port: int, key: str, bodies: list[dict], poll: float, timeout: float) -> dict:
    """One job of `bodies`, posted, then read until it finishes: the wall time from the POST to
    its `finishedAt`, to the POST's answer and to its `startedAt`, and its final answer."""
    from bulk.choices import FINISHED

    headers = {"X-API-Key": key, "Host": "127.0.0.1", "Content-Type": "application/json"}
    body = orjson.dumps(
        {"data": {"companyCode": COMPANY_CODE, "operation": OPERATION, "items": bodies}}
    )
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    try:
        began = time.time()
        connection.request("POST", "/bulk-jobs", body=body, headers=headers)
        response = connection.getresponse()
        answer = response.read()
        answered = time.time() - began
        if response.status != 202:
            raise BenchError(f"POST /bulk-jobs: {response.status} {answer[:300]!r}")
        job = orjson.loads(answer)["envelop"]
        url = f"/bulk-jobs/{job['id']}?companyCode={COMPANY_CODE}"
        while job["status"] not in FINISHED:
            if time.time() - began > timeout:
                raise BenchError(f"job {job['id']} not finished in {timeout:.0f}s: {job}")
            time.sleep(poll)
            connection.request("GET", url, headers=headers)
            response = connection.getresponse()
            answer = response.read()
            if response.status != 200:
                raise BenchError(f"GET {url}: {response.status} {answer[:300]!r}")
            job = orjson.loads(answer)["envelop"]
    finally:
        connection.close()
    started = datetime.fromisoformat(job["startedAt"]).timestamp()
    finished = datetime.fromisoformat(job["finishedAt"]).timestamp()
    return {
        "wall": finished - began,
        "answered": answered,
        "started": started - began,
        "job": job,
        "pace": pace(job["id"]),
    }


def pace(job_id: str) -> tuple[float, float]:
    """Items a second over the first and over the last tenth of the job's items, in the order
    they finished."""
    from bulk.models import BulkJobItem

    times = sorted(
        stamp.timestamp()
        for stamp in BulkJobItem.objects.filter(job_id=job_id).values_list("finished_at", flat=True)
    )
    tenth = max(2, len(times) // 10)
    first, last = times[:tenth], times[-tenth:]
    return (
        (tenth - 1) / max(first[-1] - first[0], 1e-6),
        (tenth - 1) / max(last[-1] - last[0], 1e-6),
    )


# --- CPU ---------------------------------------------------------------------------------


class CpuSampler:
    """CPU seconds used while it runs by the web processes (gunicorn's master and workers), the
    Celery workers (main processes and pool children), the bench database's PostgreSQL
    backends but this process's own, and this process (the single calls' clients, the job's
    reads, the sampling), read from /proc every SAMPLE_SECONDS by a thread: a
    worker's task closes its database connection when it ends (Celery's Django fixup), so a job's
    backends come and go, and each is counted up to its last sample (a process started while it
    runs counted from nothing)."""

    SAMPLE_SECONDS = 0.25

    def __init__(self, server: Server, workers: list[Celery], database: str, own_backend: int):
        web = [server.process.pid, *workers_of(server.process.pid)]
        celery = []
        for each in workers:
            main = psutil.Process(each.process.pid)
            celery += [main.pid, *(child.pid for child in main.children(recursive=True))]
        self.fixed = {"web": web, "workers": celery, "bench": [os.getpid()]}
        self.title = f" {database} "
        self.own_backend = own_backend
        self.postmaster = postmaster()
        self.baseline = self.sample()
        self.last = {part: dict(pids) for part, pids in self.baseline.items()}
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._run, name="cpu-sampler", daemon=True)
        self.thread.start()

    def sample(self) -> dict[str, dict[int, float]]:
        backends = []
        for child in self.postmaster.children():
            try:
                if child.pid != self.own_backend and self.title in " ".join(child.cmdline()):
                    backends.append(child.pid)
            except psutil.NoSuchProcess:
                continue
        pids = self.fixed | {"postgres": backends}
        # A process gone between listing and reading reads as nothing (cpu_seconds) and is left
        # out of the sample, keeping its last; so is one yet to use a tick, which adds nothing.
        return {
            part: {pid: seconds for pid in each if (seconds := cpu_seconds([pid]))}
            for part, each in pids.items()
        }

    def _run(self) -> None:
        while not self.stopping.wait(self.SAMPLE_SECONDS):
            for part, pids in self.sample().items():
                self.last[part].update(pids)

    def stop(self) -> dict[str, float]:
        self.stopping.set()
        self.thread.join()
        for part, pids in self.sample().items():
            self.last[part].update(pids)
        return cpu_used(self.baseline, self.last)


def own_backend() -> int:
    """The PostgreSQL backend of this process's connection."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return cursor.fetchone()[0]


def postmaster() -> psutil.Process:
    """PostgreSQL's main process on this machine (the parent of the backends)."""
    return psutil.Process(own_backend()).parent()
