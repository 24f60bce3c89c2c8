"""Benchmark of the lists: GET /hardwares, GET /hardwares/storages and GET /orders.

For each size N it seeds N hardware items and N/10 orders (5 lines each, every line offered in
3 candidates; a quarter of the orders delivered, with items) for one company in its own
PostgreSQL database, serves them with gunicorn (2 sync workers) from the service and from the
limit app (bench/limit_app.py: one SQL query + orjson, the same gunicorn settings), checks that
both serve the same rows, and prints rows per second (items, or orders), p50/p99 latency, the
service's rows/s as a percentage of the limit's, and the service's SQL queries per request.

    .venv/bin/python bench/lists.py [--sizes 100,1000,10000] [--requests 200]
                                    [--database-url postgres://postgres@127.0.0.1:5432/hlos_bench]

The database is dropped and made anew at the start (its name must contain "bench"). Traffic
goes to 127.0.0.1 only.
"""

import argparse
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

BENCH_DIR = Path(__file__).resolve().parent
REPO = BENCH_DIR.parent
sys.path.insert(0, str(REPO))

from bench.seed import (  # noqa: E402 (after the path is set)
    COMPANY_CODE,
    ORDERS_PER_ITEM,
    BenchError,
    recreate_database,
    seed_company,
    seed_hardware,
    seed_orders,
    service_environment,
    setup_django,
)

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/hlos_bench"
PATHS = ("/hardwares", "/hardwares/storages", "/orders")
# One client thread per gunicorn worker: the servers are measured at the load they can
# serve without queueing, so rows/s is the throughput of both workers and the latency is
# that of a request that never waits for a worker.
WORKERS = 2
CLIENTS = WORKERS
# Measurements are split in rounds, alternating between the servers.
ROUNDS = 4
TARGET_SIZE, TARGET_RATIO = 1000, 0.30
# Keys whose values are datetimes; compared as instants (the limit app writes note times in
# SQL, which prints microseconds even when they are zero).
DATETIME_KEYS = frozenset({"createdAt", "updatedAt", "dateBought", "dateCompleted"})


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--sizes",
        default="100,1000,10000",
        type=lambda text: [int(size) for size in text.split(",")],
        help="numbers of hardware items to seed, comma-separated; a tenth as many orders "
        "(default: 100,1000,10000)",
    )
    parser.add_argument(
        "--requests",
        type=int,
        default=200,
        help="timed requests per endpoint and server, across all clients (default: 200)",
    )
    parser.add_argument(
        "--seconds",
        type=float,
        default=10.0,
        help="stop a measurement after this long even if fewer requests were made (default: 10)",
    )
    parser.add_argument("--database-url", default=DEFAULT_DATABASE_URL)
    args = parser.parse_args()
    if args.requests < ROUNDS:
        parser.error(f"--requests must be {ROUNDS} or more")
    return args


def queries_per_request(raw_key: str, path: str) -> int:
    """SQL queries of one request to the service, after a first one (which records the
    key's use)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from rest_framework.test import APIClient

    client = APIClient()
    client.credentials(HTTP_X_API_KEY=raw_key)
    client.get(path, {"companyCode": COMPANY_CODE})
    with CaptureQueriesContext(connection) as queries:
        response = client.get(path, {"companyCode": COMPANY_CODE})
    if response.status_code != 200:
        raise BenchError(f"{path} answered {response.status_code} in process")
    return len(queries)


# --- servers ------------------------------------------------------------------------------


class Server:
    """gunicorn serving `app` on a free port of 127.0.0.1, stopped by `stop`."""

    def __init__(self, label: str, app: str, environment: dict[str, str]):
        self.label = label
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.log = tempfile.TemporaryFile()  # noqa: SIM115 (open while it runs; closed by stop)
        command = [sys.executable, "-m", "gunicorn", "--workers", str(WORKERS)]
        command += ["--worker-class", "sync", "--bind", f"127.0.0.1:{self.port}"]
        command += ["--timeout", "120", "--log-level", "warning"]
        command += ["--chdir", str(REPO), "--pythonpath", str(BENCH_DIR), app]
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


# --- measuring ----------------------------------------------------------------------------


def fetch(port: int, url: str, headers: dict) -> bytes:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    try:
        connection.request("GET", url, headers=headers)
        response = connection.getresponse()
        body = response.read()
    finally:
        connection.close()
    if response.status != 200:
        raise BenchError(f"GET {url} on port {port} answered {response.status}: {body[:300]!r}")
    return body


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
    latencies: list[float] = []
    errors: list[BaseException] = []
    lock = threading.Lock()

    def client():
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        try:
            while next(counter) < requests and time.perf_counter() < deadline:
                began = time.perf_counter()
                connection.request("GET", url, headers=headers)
                response = connection.getresponse()
                body = response.read()
                elapsed = time.perf_counter() - began
                if response.status != 200 or len(body) != length:
                    raise BenchError(f"GET {url} answered {response.status}, {len(body)} bytes")
                with lock:
                    latencies.append(elapsed)
        except BaseException as error:
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=client, daemon=True) for _ in range(CLIENTS)]
    began = time.perf_counter()
    deadline = began + seconds
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    wall = time.perf_counter() - began
    if errors:
        raise BenchError(f"{url} on port {port}: {errors[0]!r}")
    return latencies, wall


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def run_endpoint(servers: dict, raw_key: str, path: str, args) -> dict:
    url = f"{path}?companyCode={COMPANY_CODE}"
    # One Host for both servers (they listen on different ports): images are absolute URLs
    # made from the request's host, so the rows compare equal.
    headers = {"X-API-Key": raw_key, "Host": "127.0.0.1"}
    bodies = {label: fetch(server.port, url, headers) for label, server in servers.items()}
    rows = check_same_rows(bodies["ours"], bodies["limit"], path)
    for label, server in servers.items():
        # Warm-up: every worker has imported, connected and answered once or more.
        measure(server.port, url, headers, 4 * WORKERS, args.seconds, len(bodies[label]))
    latencies = {label: [] for label in servers}
    walls = dict.fromkeys(servers, 0.0)
    # The servers take turns, so a change in the machine's load (other processes) weighs
    # on both alike.
    for _ in range(ROUNDS):
        for label, server in servers.items():
            round_latencies, wall = measure(
                server.port,
                url,
                headers,
                args.requests // ROUNDS,
                args.seconds / ROUNDS,
                len(bodies[label]),
            )
            latencies[label] += round_latencies
            walls[label] += wall
    result = {"rows": rows}
    for label in servers:
        result[label] = {
            "requests": len(latencies[label]),
            "rows_per_second": rows * len(latencies[label]) / walls[label],
            "p50": percentile(latencies[label], 0.50) * 1000,
            "p99": percentile(latencies[label], 0.99) * 1000,
        }
    return result


# --- report -------------------------------------------------------------------------------

HEADER = (
    f"{'N':>6}  {'endpoint':<19} {'rows':>5} {'queries':>7} | "
    f"{'ours rows/s':>11} {'p50 ms':>7} {'p99 ms':>7} {'reqs':>4} | "
    f"{'limit rows/s':>12} {'p50 ms':>7} {'p99 ms':>7} {'reqs':>4} | {'ours/limit':>10}"
)


def table_line(size: int, path: str, queries: int, result: dict) -> str:
    ours, limit = result["ours"], result["limit"]
    ratio = ours["rows_per_second"] / limit["rows_per_second"]
    return (
        f"{size:>6}  {path:<19} {result['rows']:>5} {queries:>7} | "
        f"{ours['rows_per_second']:>11,.0f} {ours['p50']:>7.1f} {ours['p99']:>7.1f} "
        f"{ours['requests']:>4} | "
        f"{limit['rows_per_second']:>12,.0f} {limit['p50']:>7.1f} {limit['p99']:>7.1f} "
        f"{limit['requests']:>4} | {ratio:>10.1%}"
    )


def main() -> int:
    args = parse_args()
    # Ctrl-C and SIGTERM stop the servers (see the `finally` below), even when started
    # from a shell that ignores SIGINT in background jobs.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    started = time.perf_counter()
    recreate_database(args.database_url)
    setup_django(args.database_url)
    raw_key, base = seed_company()
    environment = service_environment(args.database_url, "127.0.0.1")
    servers = {}
    try:
        servers["ours"] = Server("service", "config.wsgi:application", environment)
        servers["limit"] = Server("limit", "limit_app:application", environment)
        for server in servers.values():
            server.wait_until_up()
        print(
            f"gunicorn: {WORKERS} sync workers per server, {CLIENTS} client threads, "
            f"{args.requests} requests (or {args.seconds:g}s) per endpoint and server",
            flush=True,
        )
        print(HEADER, flush=True)
        ratios = {}
        for size in args.sizes:
            seed_began = time.perf_counter()
            seed_hardware(size, base)
            seed_orders(size // ORDERS_PER_ITEM, base)
            seed_time = time.perf_counter() - seed_began
            for path in PATHS:
                queries = queries_per_request(raw_key, path)
                result = run_endpoint(servers, raw_key, path, args)
                ratios[size, path] = (
                    result["ours"]["rows_per_second"] / result["limit"]["rows_per_second"]
                )
                print(table_line(size, path, queries, result), flush=True)
            print(
                f"{'':>6}  (seeded {size:,} items and {size // ORDERS_PER_ITEM:,} orders "
                f"in {seed_time:.1f}s)",
                flush=True,
            )
    finally:
        for server in servers.values():
            server.stop()
    if TARGET_SIZE in args.sizes:
        worst = min(ratios[TARGET_SIZE, path] for path in PATHS)
        verdict = "met" if worst >= TARGET_RATIO else "NOT met"
        print(
            f"Target >= {TARGET_RATIO:.0%} of the limit at N={TARGET_SIZE:,}: {verdict} "
            f"(lowest {worst:.1%})"
        )
    print(f"Done in {time.perf_counter() - started:.0f}s")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BenchError as error:
        print(f"bench/lists.py: {error}", file=sys.stderr)
        sys.exit(1)
    except KeyboardInterrupt:
        print("bench/lists.py: interrupted", file=sys.stderr)
        sys.exit(130)
