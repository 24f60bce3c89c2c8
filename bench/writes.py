"""Benchmark of the hot writes (issue 15): `POST /orders/quote` of 2 catalog lines and
`POST /movement_requests/onboarding` of 1 item, from 1 client and from 4 concurrent clients
taking turns, against the service under the repository's gunicorn settings (2 gthread workers
of 8 threads). Printed per write and number of clients: writes/s, p50/p99 latency and p99 as a
multiple of p50 (goal at 4 clients: under 2x), and the SQL queries of one write (in process).

Each turn runs twice, with the audit trail's triggers on and off (`pgtrigger.disable()`
between turns; the request's context is set either way), and the script prints each write's
p50 with the trail over its p50 without (issue 28's goal: 1.25x or less).

    .venv/bin/python bench/writes.py [--writes 1000]
        [--database-url postgres://postgres@127.0.0.1:5432/hlos_bench_writes]

A p99 is read from 1,000 writes by default, its tenth slowest: of 200 it was the second, and
moved by more than any change from one run to the next.

The database is dropped and made anew (its name must contain "bench"). Traffic goes to
127.0.0.1 only.
"""

import argparse
import http.client
import itertools
import sys
import threading
import time
from pathlib import Path

import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.seed import COMPANY_CODE, BenchError, fresh_company, seed_hardware, service_environment
from bench.serving import (
    ROUNDS,
    Server,
    percentile,
    run_script,
    stop_on_signals,
    timed_in_threads,
)

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/hlos_bench_writes"
CLIENT_COUNTS = (1, 4)
P99_GOAL = 2.0
# The audit trail's triggers, on and off by turns; its cost's goal, as p50 with over without.
TRAIL = ("on", "off")
TRAIL_GOAL = 1.25


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--writes", type=int, default=1000, help="per write and client count")
    parser.add_argument("--database-url", default=DEFAULT_DATABASE_URL)
    args = parser.parse_args()
    if args.writes < ROUNDS:
        parser.error(f"--writes must be {ROUNDS} or more")
    return args


def bodies(base: dict, writes: int) -> dict[str, tuple[str, itertools.count]]:
    """Each write's path and an endless supply of its bodies (onboardings: one storage item
    each, never twice)."""
    from hardware.models import Hardware

    laptop, monitor = base["models"][0], base["models"][3]
    quote = {
        "companyCode": COMPANY_CODE,
        "countryCode": "US",
        "sendTo": "STORAGE",
        "hardwares": [
            {"catalogModelId": str(laptop.id), "amount": 1},
            {"catalogModelId": str(monitor.id), "amount": 2},
        ],
    }
    items = Hardware.objects.filter(status="STORAGE", in_movement=False, country_code="US")
    needed = 2 * len(TRAIL) * writes + 32
    item_ids = [str(pk) for pk in items.values_list("id", flat=True)[:needed]]
    if len(item_ids) < needed:
        raise BenchError(f"only {len(item_ids)} items in storage: seed more")
    email = base["employees"][0].email
    onboardings = (
        {"companyCode": COMPANY_CODE, "employeeEmail": email, "hardwareIds": [item_id]}
        for item_id in item_ids
    )
    return {
        "quote": ("/orders/quote", itertools.repeat(quote)),
        "onboarding": ("/movement_requests/onboarding", onboardings),
    }


def queries_per_write(raw_key: str, path: str, body: dict) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from rest_framework.test import APIClient

    client = APIClient()
    client.credentials(HTTP_X_API_KEY=raw_key)
    client.get("/companies")  # the key's first use is read and recorded once
    with CaptureQueriesContext(connection) as queries:
        response = client.post(path, {"data": body}, format="json")
    if response.status_code != 201:
        raise BenchError(f"{path} answered {response.status_code} in process")
    return len(queries)


def trail_set(state: str) -> None:
    """The audit trail's triggers on or off, for the whole database (between turns)."""
    import pgtrigger

    (pgtrigger.enable if state == "on" else pgtrigger.disable)()


def run(port: int, path: str, supply, headers: dict, writes: int, clients: int) -> list[float]:
    """`writes` POSTs from `clients` threads, each on a kept-alive connection."""
    lock = threading.Lock()
    counter = itertools.count()

    def post(connection: http.client.HTTPConnection) -> None:
        with lock:
            body = orjson.dumps({"data": next(supply)})
        connection.request("POST", path, body=body, headers=headers)
        response = connection.getresponse()
        answer = response.read()
        if response.status != 201:
            raise BenchError(f"POST {path}: {response.status} {answer[:200]!r}")

    latencies, _ = timed_in_threads(port, clients, post, lambda: next(counter) < writes)
    return latencies


def main() -> int:
    args = parse_args()
    stop_on_signals()
    started = time.perf_counter()
    raw_key, base = fresh_company(args.database_url)
    # 40% of the items are in storage: enough for every onboarding, in process and served.
    seed_hardware(8 * len(TRAIL) * args.writes + 200, base)
    writes = bodies(base, args.writes)
    queries = {
        name: queries_per_write(raw_key, path, next(supply))
        for name, (path, supply) in writes.items()
    }
    environment = service_environment(args.database_url, "127.0.0.1")
    server = Server("service", "config.wsgi:application", environment, worker_class="gthread")
    headers = {"X-API-Key": raw_key, "Host": "127.0.0.1", "Content-Type": "application/json"}
    results = {}
    try:
        server.wait_until_up()
        for name, (path, supply) in writes.items():
            run(server.port, path, supply, headers, 8, 4)  # warm-up
            latencies = {(trail, c): [] for trail in TRAIL for c in CLIENT_COUNTS}
            walls = dict.fromkeys(latencies, 0.0)
            for _ in range(ROUNDS):
                for trail in TRAIL:
                    trail_set(trail)
                    for clients in CLIENT_COUNTS:
                        began = time.perf_counter()
                        latencies[trail, clients] += run(
                            server.port, path, supply, headers, args.writes // ROUNDS, clients
                        )
                        walls[trail, clients] += time.perf_counter() - began
            results[name] = {key: (latencies[key], walls[key]) for key in latencies}
    finally:
        trail_set("on")
        server.stop()
    print(
        f"{'write':<11} {'queries':>7} {'trail':>5} {'clients':>7} {'writes/s':>8} "
        f"{'p50 ms':>7} {'p99 ms':>7} {'p99/p50':>7}"
    )
    for name, by_key in results.items():
        for (trail, clients), (latencies, wall) in by_key.items():
            p50, p99 = percentile(latencies, 0.5), percentile(latencies, 0.99)
            print(
                f"{name:<11} {queries[name]:>7} {trail:>5} {clients:>7} "
                f"{len(latencies) / wall:>8.1f} {p50 * 1000:>7.1f} {p99 * 1000:>7.1f} "
                f"{p99 / p50:>7.2f}"
            )
        four = by_key["on", max(CLIENT_COUNTS)][0]
        ratio = percentile(four, 0.99) / percentile(four, 0.5)
        verdict = "met" if ratio < P99_GOAL else "NOT met"
        print(f"{name}: p99 {ratio:.2f}x p50 at 4 clients (goal < {P99_GOAL:g}x: {verdict})")
        for clients in CLIENT_COUNTS:
            with_trail = percentile(by_key["on", clients][0], 0.5)
            without = percentile(by_key["off", clients][0], 0.5)
            cost = with_trail / without
            verdict = "met" if cost <= TRAIL_GOAL else "NOT met"
            print(
                f"{name}: p50 with the audit trail {cost:.2f}x without at {clients} client(s) "
                f"(goal <= {TRAIL_GOAL:g}x: {verdict})"
            )
    print(f"Done in {time.perf_counter() - started:.0f}s")
    return 0


if __name__ == "__main__":
    run_script(main, "bench/writes.py")
