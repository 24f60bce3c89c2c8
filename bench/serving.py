"""What the benchmarks share: the two gunicorn servers (the service and the limit app), the
timed GETs from client threads taking turns between them, and the comparison of their rows.

Used by bench/lists.py and bench/pages.py. Traffic goes to 127.0.0.1 only.
"""

import http.client
import itertools
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from datetime import datetime
from pathlib import Path

import orjson

from bench.seed import COMPANY_CODE, BenchError

BENCH_DIR = Path(__file__).resolve().parent
REPO = BENCH_DIR.parent
# One client thread per gunicorn worker: the servers are measured at the load they can
# serve without queueing, so rows/s is the throughput of both workers and the latency is
# that of a request that never waits for a worker.
WORKERS = 2
CLIENTS = WORKERS
# Measurements are split in rounds, alternating between the servers.
ROUNDS = 4
# Keys whose values are datetimes; compared as instants (the limit app writes note times in
# SQL, which prints microseconds even when they are zero).
DATETIME_KEYS = frozenset({"createdAt", "updatedAt", "dateBought", "dateCompleted"})


def stop_on_signals() -> None:
    """Ctrl-C and SIGTERM raise KeyboardInterrupt, so a `finally` stops the servers, even when
    started from a shell that ignores SIGINT in background jobs."""
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, signal.default_int_handler)


def run_script(main, name: str) -> None:
    """Run a benchmark's `main` and exit with its status: 1 after a BenchError (its message
    printed), 130 when interrupted."""
    try:
        sys.exit(main())
    except BenchError as error:
        print(f"{name}: {error}", file=sys.stderr)
        sys.exit(1)
    except KeyboardInterrupt:
        print(f"{name}: interrupted", file=sys.stderr)
        sys.exit(130)


def queries_per_request(raw_key: str, path: str, params: dict | None = None) -> int:
    """SQL queries of one request to the service (in process), after a first one (which
    records the key's use)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from rest_framework.test import APIClient

    client = APIClient()
    client.credentials(HTTP_X_API_KEY=raw_key)
    params = {"companyCode": COMPANY_CODE, **(params or {})}
    client.get(path, params)
    with CaptureQueriesContext(connection) as queries:
        response = client.get(path, params)
    if response.status_code != 200:
        raise BenchError(f"{path} answered {response.status_code} in process")
    return len(queries)


# --- servers ------------------------------------------------------------------------------


class Server:
    """gunicorn serving `app` on `port` of 127.0.0.1 (a free one if None), stopped by `stop`."""

    def __init__(
        self,
        label: str,
        app: str,
        environment: dict[str, str],
        port: int | None = None,
        worker_class: str = "sync",
    ):
        self.label = label
        if port is None:
            with socket.socket() as probe:
                probe.bind(("127.0.0.1", 0))
                port = probe.getsockname()[1]
        self.port = port
        self.log = tempfile.TemporaryFile()  # noqa: SIM115 (open while it runs; closed by stop)
        command = [sys.executable, "-m", "gunicorn", "--workers", str(WORKERS)]
        command += ["--worker-class", worker_class, "--bind", f"127.0.0.1:{self.port}"]
        if worker_class == "sync":
            # gunicorn.conf.py asks for 8 threads, and gunicorn serves a sync worker with more
            # than one thread as a gthread one.
            command += ["--threads", "1"]
        command += ["--timeout", "120", "--log-level", "warning"]
        # The repository's gunicorn settings (and hooks) whatever the working directory; the
        # options above and below take precedence over the file's.
        command += ["--config", str(REPO / "gunicorn.conf.py")]
        command += ["--chdir", str(REPO), app]
        # bench/ (the limit app) after the repository on the path, never before it: there a
        # bench script named as an app (scim.py) would stand for the app.
        paths = [environment.get("PYTHONPATH"), str(BENCH_DIR)]
        environment = {**environment, "PYTHONPATH": os.pathsep.join(filter(None, paths))}
        # A session of its own: Ctrl-C reaches this script, which stops the server itself.
        self.process = subprocess.Popen(
            command,
            env=environment,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def wait_until_up(self, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise BenchError(f"{self.label} server exited:\n{self.log_tail()}")
            connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
            try:
                connection.request("GET", "/")
                connection.getresponse().read()
                return
            except OSError:
                time.sleep(0.1)
            finally:
                connection.close()
        raise BenchError(f"{self.label} server did not answer in {timeout}s:\n{self.log_tail()}")

    def log_tail(self) -> str:
        self.log.seek(0)
        return self.log.read().decode(errors="replace")[-3000:]

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        self.log.close()


def workers_of(pid: int) -> list[int]:
    """The worker processes of the gunicorn master `pid` (Linux: /proc)."""
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    return [int(child) for child in children]


def start_servers(environment: dict[str, str], ports=(None, None)) -> dict[str, Server]:
    """The service ("ours") and the limit app ("limit"), both answering."""
    servers = {}
    try:
        servers["ours"] = Server("service", "config.wsgi:application", environment, ports[0])
        servers["limit"] = Server("limit", "limit_app:application", environment, ports[1])
        for server in servers.values():
            server.wait_until_up()
    except BaseException:
        stop_servers(servers)
        raise
    return servers


def stop_servers(servers: dict[str, Server]) -> None:
    for server in servers.values():
        server.stop()


# --- measuring ----------------------------------------------------------------------------


def fetch_answer(port: int, url: str, headers: dict) -> tuple[bytes, http.client.HTTPMessage]:
    """The body and headers of a GET that must answer 200."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    try:
        connection.request("GET", url, headers=headers)
        response = connection.getresponse()
        body = response.read()
    finally:
        connection.close()
    if response.status != 200:
        raise BenchError(f"GET {url} on port {port} answered {response.status}: {body[:300]!r}")
    return body, response.headers


def fetch(port: int, url: str, headers: dict) -> bytes:
    return fetch_answer(port, url, headers)[0]


def comparable(value, key=None):
    """The JSON value with datetimes as instants, for comparing the two servers' rows."""
    if isinstance(value, dict):
        return {name: comparable(item, name) for name, item in value.items()}
    if isinstance(value, list):
        return [comparable(item) for item in value]
    if key in DATETIME_KEYS and isinstance(value, str):
        return datetime.fromisoformat(value)
    return value


def check_same_rows(ours: bytes, limit: bytes, path: str) -> int:
    """The number of rows both serve; the limit must serve what the service serves."""
    our_rows = orjson.loads(ours)["envelop"]
    limit_rows = orjson.loads(limit)["envelop"]
    for index, (our_row, limit_row) in enumerate(
        itertools.zip_longest(comparable(our_rows), comparable(limit_rows))
    ):
        if our_row != limit_row:
            keys = sorted(
                key
                for key in set(our_row or {}) | set(limit_row or {})
                if (our_row or {}).get(key) != (limit_row or {}).get(key)
            )
            raise BenchError(f"{path}: row {index} differs between the servers in {keys}")
    return len(our_rows)


def measure(port: int, url: str, headers: dict, requests: int, seconds: float, length: int):
    """`requests` GETs of `url` (fewer if `seconds` run out) from CLIENTS threads, each
    through one http.client connection asking for keep-alive. gunicorn's sync workers close
    it after every answer and http.client reconnects, so each request pays a TCP connect to
    127.0.0.1 (well under a millisecond) on both servers alike. Returns the latencies in seconds
    and the wall time."""
    counter = itertools.count()
    deadline = time.perf_counter() + seconds

    def get(connection: http.client.HTTPConnection) -> None:
        connection.request("GET", url, headers=headers)
        response = connection.getresponse()
        body = response.read()
        if response.status != 200 or len(body) != length:
            raise BenchError(f"GET {url} answered {response.status}, {len(body)} bytes")

    def more() -> bool:
        return next(counter) < requests and time.perf_counter() < deadline

    return timed_in_threads(port, CLIENTS, get, more)


def timed_in_threads(port: int, clients: int, send, more) -> tuple[list[float], float]:
    """`send(connection)` (one request, raising on a wrong answer) from `clients` threads, each
    on one connection to `port`, while `more()`: the latencies in seconds and the wall time.
    The first error any thread met is raised."""
    latencies: list[float] = []
    errors: list[BaseException] = []
    lock = threading.Lock()

    def client():
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        try:
            while more():
                began = time.perf_counter()
                send(connection)
                elapsed = time.perf_counter() - began
                with lock:
                    latencies.append(elapsed)
        except BaseException as error:
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=client, daemon=True) for _ in range(clients)]
    began = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    wall = time.perf_counter() - began
    if errors:
        raise BenchError(f"port {port}: {errors[0]!r}")
    return latencies, wall


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def measure_turns(
    servers: dict, urls: dict, headers: dict, lengths: dict, requests, seconds, warmup=4 * WORKERS
):
    """Each server's requests/s (of wall time), p50/p99 latency (ms) and request count for
    `urls[label]`, after `warmup` requests. `requests` (or `seconds`) are split in ROUNDS rounds in
    which the servers take turns, so a change in the machine's load (other processes) weighs
    on both alike."""
    for label, server in servers.items():
        # Warm-up: every worker has imported, connected and answered once or more.
        measure(server.port, urls[label], headers, warmup, seconds, lengths[label])
    latencies = {label: [] for label in servers}
    walls = dict.fromkeys(servers, 0.0)
    for _ in range(ROUNDS):
        for label, server in servers.items():
            round_latencies, wall = measure(
                server.port,
                urls[label],
                headers,
                max(1, requests // ROUNDS),
                seconds / ROUNDS,
                lengths[label],
            )
            latencies[label] += round_latencies
            walls[label] += wall
    return {
        label: {
            "requests": len(latencies[label]),
            "per_second": len(latencies[label]) / walls[label],
            "p50": percentile(latencies[label], 0.50) * 1000,
            "p99": percentile(latencies[label], 0.99) * 1000,
        }
        for label in servers
    }


# --- report -------------------------------------------------------------------------------


def figures_header(rate: str) -> str:
    """The columns of `figures_cells` for a `rate` such as "rows/s"."""
    server = f"{'p50 ms':>8} {'p99 ms':>8} {'reqs':>4}"
    return f"| {'ours ' + rate:>13} {server} | {'limit ' + rate:>13} {server} | {'ours/limit':>10}"


def figures_cells(result: dict, rate_key: str, decimals: int) -> str:
    """Each server's rate (`result[label][rate_key]`), p50/p99 latency and requests, and the
    service's rate as a percentage of the limit's."""
    ours, limit = result["ours"], result["limit"]
    cells = [
        f"| {figures[rate_key]:>13,.{decimals}f} {figures['p50']:>8.1f} {figures['p99']:>8.1f} "
        f"{figures['requests']:>4} "
        for figures in (ours, limit)
    ]
    return "".join(cells) + f"| {ours[rate_key] / limit[rate_key]:>10.1%}"
