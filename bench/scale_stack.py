"""The processes of bench/scale.py: two gunicorn instances (tests.servers.Gunicorn, with the
repository's gunicorn.conf.py), two Celery workers and beat, all on one PostgreSQL database and
one Redis database, and the API calls that drive them.

Each process runs in a session of its own, so a worker is killed whole (its main process and
its pool's children) with one `killpg`, as when its machine or container dies."""

import contextlib
import http.client
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import orjson

from bench.seed import BenchError
from tests.servers import GUNICORN_VARIABLES, Gunicorn

REPO = Path(__file__).resolve().parent.parent


class Celery:
    """`celery -A config <role>` (a worker or beat) in a session of its own, its output kept in a
    temporary file; `ready_line` is what its log says once it serves."""

    def __init__(
        self, label: str, arguments: list[str], environment: dict, ready_line: str, log: Path
    ):
        self.label, self.ready_line = label, ready_line
        self.log = log.open("w+b")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "config", *arguments],
            cwd=REPO,
            env=environment,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def wait_until_ready(self, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while self.ready_line not in self.log_text():
            if self.process.poll() is not None:
                raise BenchError(f"{self.label} exited:\n{self.log_text()[-3000:]}")
            if time.monotonic() > deadline:
                raise BenchError(
                    f"{self.label} not ready in {timeout}s:\n{self.log_text()[-3000:]}"
                )
            time.sleep(0.2)

    def log_text(self) -> str:
        self.log.seek(0)
        return self.log.read().decode(errors="replace")

    def kill(self) -> None:
        """SIGKILL to the whole process group: no shutdown, no acknowledgement, no cleanup."""
        if self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        """A warm shutdown (SIGTERM), or a kill if it takes too long."""
        if self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.kill()
        self.log.close()


def worker(number: int, environment: dict, concurrency: int, logs: Path) -> Celery:
    """A prefork worker (the production pool) with `concurrency` children, named scale<number>,
    logging to `logs`/worker<number>.log."""
    arguments = ["worker", "--loglevel", "info", "--hostname", f"scale{number}@%h"]
    arguments += ["--pool", "prefork", "--concurrency", str(concurrency)]
    arguments += ["--without-gossip", "--without-mingle"]
    log = logs / f"worker{number}.log"
    return Celery(f"worker {number}", arguments, environment, " ready.", log)


def beat(environment: dict, logs: Path) -> Celery:
    """Beat, its schedule file and its log in `logs`."""
    arguments = ["beat", "--loglevel", "info", "--schedule", str(logs / "celerybeat-schedule")]
    return Celery("beat", arguments, environment, "beat: Starting...", logs / "beat.log")


class Stack:
    """Everything bench/scale.py runs, started together and stopped together."""

    def __init__(
        self, database: dict, environment: dict, ports: list[int], concurrency: int, logs: Path
    ):
        self.environment, self.concurrency, self.logs = environment, concurrency, logs
        self.servers: list[Gunicorn] = []
        self.workers: list[Celery] = []
        self.beat: Celery | None = None
        try:
            for port in ports:
                # gunicorn.conf.py's defaults (gthread, 8 threads) with two processes each.
                self.servers.append(Gunicorn(database, port, **environment, GUNICORN_WORKERS="2"))
            for number in (1, 2):
                self.workers.append(worker(number, environment, concurrency, logs))
            self.beat = beat(environment, logs)
            for server in self.servers:
                server.wait_until_up(timeout=60)
            for process in [*self.workers, self.beat]:
                process.wait_until_ready()
        except BaseException:
            self.stop()
            raise

    def restart_worker(self, index: int) -> Celery:
        """A new worker in place of the one at `index` (dead), under the next number."""
        number = len(self.workers) + 1
        replacement = worker(number, self.environment, self.concurrency, self.logs)
        self.workers[index].log.close()
        self.workers[index] = replacement
        replacement.wait_until_ready()
        return replacement

    def stop(self) -> None:
        for process in [*self.workers, *([self.beat] if self.beat else [])]:
            process.stop()
        for server in self.servers:
            server.stop()


def process_environment(base: dict, redis_url: str) -> dict:
    """The settings of every process of the stack: the benchmark's (bench.seed), with Redis as
    broker and cache, webhooks allowed to the local receiver, connections kept as deployed."""
    kept = {key: value for key, value in base.items() if not key.startswith(GUNICORN_VARIABLES)}
    return kept | {
        "REDIS_URL": redis_url,
        "WEBHOOK_ALLOW_PRIVATE_NETWORKS": "true",
        "DB_CONN_MAX_AGE": "60",
        "LOG_LEVEL": "WARNING",
    }


def call(port: int, method: str, path: str, key: str, body: dict | None = None):
    """One request on a new connection: (status, decoded body or None)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    headers = {"Authorization": f"Bearer {key}", "Content-Type": "application/json"}
    try:
        connection.request(method, path, body=orjson.dumps(body) if body else None, headers=headers)
        response = connection.getresponse()
        raw = response.read()
    finally:
        connection.close()
    try:
        return response.status, orjson.loads(raw)
    except orjson.JSONDecodeError:
        return response.status, None


def call_ok(port: int, method: str, path: str, key: str, body: dict | None = None):
    """The envelop of a call that must succeed."""
    status, answer = call(port, method, path, key, body)
    if status not in (200, 201):
        raise BenchError(f"{method} {path} answered {status}: {answer}")
    return answer["envelop"]
