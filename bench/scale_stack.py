"""The processes of bench/scale.py and bench/load.py, as deployed (docs/deploying.md): HAProxy
with deploy/haproxy.cfg in front of two gunicorn instances (tests.servers.Gunicorn, with the
repository's gunicorn.conf.py), two Celery workers and beat, every one of them reaching
PostgreSQL through PgBouncer with deploy/pgbouncer.ini (transaction pooling), on one Redis
database (cache, heartbeats, and the broker unless CELERY_BROKER_URL names RabbitMQ); and the
API calls that drive them.

Each process runs in a session of its own, so a worker is killed whole (its main process and
its pool's children) with one `killpg`, as when its machine or container dies. A restart is a
process manager's: SIGTERM to the main process only (systemd's KillMode=mixed, Kubernetes'
PID 1), wait for it to exit, start another in its place."""

import contextlib
import http.client
import itertools
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import orjson

from bench.seed import BenchError
from tests.servers import (
    GUNICORN_VARIABLES,
    HAPROXY_CHECK_HOST,
    Gunicorn,
    HAProxy,
    PgBouncer,
    database_url,
)

REPO = Path(__file__).resolve().parent.parent
# The bouncer's server connections (deploy/pgbouncer.ini's default_pool_size is sized for a
# database server of 8-12 cores; this one shares 2 with everything else).
BOUNCER_POOL_SIZE = 8


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

    def terminate(self, timeout: float = 60) -> int:
        """SIGTERM to the main process (a worker's warm shutdown: it finishes its tasks and gives
        back those it holds unstarted); its exit code once it has exited by itself."""
        os.kill(self.process.pid, signal.SIGTERM)
        try:
            return self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            raise BenchError(f"{self.label} did not stop within {timeout}s of SIGTERM") from None

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
    """Everything bench/scale.py runs, started together and stopped together: `balancer.port`
    is where clients call."""

    def __init__(
        self,
        database: dict,
        environment: dict,
        ports: list[int],
        concurrency: int,
        logs: Path,
        pool_size: int | None = BOUNCER_POOL_SIZE,
    ):
        """`ports` are the web instances' (the balancer's is a free one); `pool_size` is the
        bouncer's server connections; None: no bouncer, every process straight to PostgreSQL
        (to compare the connections each way)."""
        self.environment, self.concurrency, self.logs = environment, concurrency, logs
        self.ports = ports
        self.worker_numbers = itertools.count(1)
        self.servers: list[Gunicorn] = []
        self.workers: list[Celery] = []
        self.beat: Celery | None = None
        self.balancer: HAProxy | None = None
        self.bouncer = PgBouncer(database, pool_size=pool_size) if pool_size else None
        try:
            # Every process of the service through the bouncer; the script's own Django (seeding,
            # checks) straight to PostgreSQL.
            if self.bouncer:
                self.bouncer.wait_until_up()
                database = self.bouncer.database(database)
            self.database = database
            self.environment = environment | {
                "DATABASE_URL": database_url(database),
                "ALLOWED_HOSTS": f"{environment['ALLOWED_HOSTS']},{HAPROXY_CHECK_HOST}",
            }
            self.servers = [self.web(port) for port in ports]
            self.workers = [self.worker(), self.worker()]
            self.beat = beat(self.environment, logs)
            for server in self.servers:
                server.wait_until_up(timeout=60)
            self.balancer = HAProxy(self.backends())
            self.balancer.wait_until_up()
            self.wait_until_in_rotation(self.backends())
            for process in [*self.workers, self.beat]:
                process.wait_until_ready()
        except BaseException:
            self.stop()
            raise

    def backends(self) -> list[tuple[str, int]]:
        return [(f"web{number}", port) for number, port in enumerate(self.ports, 1)]

    def web(self, port: int) -> Gunicorn:
        # gunicorn.conf.py's defaults (gthread, 8 threads, drain on SIGTERM) with two processes,
        # as deploy/haproxy.cfg asks of the instances behind it: idle connections kept longer
        # than the balancer keeps them, the client's address from the PROXY protocol.
        return Gunicorn(
            self.database,
            port,
            **self.environment,
            GUNICORN_WORKERS="2",
            GUNICORN_KEEPALIVE="75",
            GUNICORN_PROXY_PROTOCOL="v2",
        )

    def worker(self) -> Celery:
        """A new worker, numbered after every one started before (its name and log are its own)."""
        return worker(next(self.worker_numbers), self.environment, self.concurrency, self.logs)

    def wait_until_in_rotation(self, backends: list[tuple[str, int]], timeout: float = 30) -> None:
        """Until the balancer sends traffic to each of `backends` (its health checks passed)."""
        names = {name for name, _ in backends}
        deadline = time.monotonic() + timeout
        while (states := self.balancer.states()) and any(
            states.get(name) != "UP" for name in names
        ):
            if time.monotonic() > deadline:
                raise BenchError(f"not in the balancer's rotation after {timeout}s: {states}")
            time.sleep(0.2)

    def restart_web(self, index: int) -> str:
        """A deploy's step: SIGTERM to instance `index`'s master; it drains (the balancer takes
        it out), stops by itself, and a new one on its port comes back into rotation. Answers
        what happened, for the log."""
        old, began = self.servers[index], time.monotonic()
        os.kill(old.process.pid, signal.SIGTERM)
        try:
            code = old.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            raise BenchError(f"web{index + 1} did not stop within 60s of SIGTERM") from None
        stopped = time.monotonic() - began
        old.stop()  # its log
        if code != 0:
            raise BenchError(f"web{index + 1} exited {code} after SIGTERM:\n{old.log_tail()}")
        self.servers[index] = self.web(self.ports[index])
        self.servers[index].wait_until_up(timeout=60)
        self.wait_until_in_rotation([self.backends()[index]])
        back = time.monotonic() - began
        return (
            f"web{index + 1} restarted: stopped {stopped:.1f}s after SIGTERM, back in {back:.1f}s"
        )

    def restart_worker(self, index: int, kill: bool = False) -> str:
        """A new worker in place of the one at `index`, under the next number: the old one is
        stopped with SIGTERM (warm shutdown), or SIGKILLed with its pool (`kill`), or found dead."""
        old, began = self.workers[index], time.monotonic()
        if kill:
            old.kill()
        elif old.process.poll() is None and (code := old.terminate()):
            raise BenchError(f"{old.label} exited {code} after SIGTERM:\n{old.log_text()}")
        old.log.close()
        stopped = time.monotonic() - began
        new = self.workers[index] = self.worker()
        new.wait_until_ready()
        how = "SIGKILLed" if kill else f"stopped {stopped:.1f}s after SIGTERM"
        return f"{old.label} {how}; {new.label} ready in {time.monotonic() - began:.1f}s"

    def restart_beat(self) -> str:
        began = time.monotonic()
        if code := self.beat.terminate():
            raise BenchError(f"beat exited {code} after SIGTERM:\n{self.beat.log_text()}")
        self.beat.log.close()
        self.beat = beat(self.environment, self.logs)
        self.beat.wait_until_ready()
        return f"beat restarted in {time.monotonic() - began:.1f}s"

    def stop(self) -> None:
        for process in [*self.workers, *([self.beat] if self.beat else [])]:
            process.stop()
        if self.balancer:
            # Its log (a line per request, each check that changed a state) beside the others'.
            (self.logs / "haproxy.log").write_text(self.balancer.output())
            self.balancer.stop()
        for server in self.servers:
            server.stop()
        if self.bouncer:
            self.bouncer.stop()  # last: its clients go first


def process_environment(base: dict, redis_url: str, broker_url: str | None = None) -> dict:
    """The settings of every process of the stack: the benchmark's (bench.seed), with Redis as
    cache and broker (or `broker_url`'s broker), webhooks allowed to the local receiver,
    connections kept as deployed."""
    kept = {key: value for key, value in base.items() if not key.startswith(GUNICORN_VARIABLES)}
    return (
        kept
        | ({"CELERY_BROKER_URL": broker_url} if broker_url else {})
        | {
            "REDIS_URL": redis_url,
            "WEBHOOK_ALLOW_PRIVATE_NETWORKS": "true",
            "DB_CONN_MAX_AGE": "60",
            "LOG_LEVEL": "WARNING",
        }
    )


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
