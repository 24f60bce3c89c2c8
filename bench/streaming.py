"""Benchmark of a whole list's memory and first byte (issue 15): `GET /hardwares` of 100,000
items from the service (streamed in chunks, config/api/streaming.py) and from the limit app
(bench/limit_app.py: one query, the whole body made in memory), under the same gunicorn, and
a page of 100 (`limit=100`) from both.

For each server, once each worker has answered the full list (its first long answer settles
what it keeps for good), the full list is fetched `--full-requests` times, taking turns;
meanwhile the RSS of every worker process is sampled (/proc) every 10 ms. Printed per server:
time to the first body byte and to the last (p50), the body's size, and the RSS of the worker
that answered before, at its peak and 2 s after the answers (growth and growth kept, in MB),
and what its first full list (the warm-up) kept; then the page's p50 as a multiple of the
limit's (goal: under 2x), and the service's first byte and growth against the goals (200 ms,
50 MB, given back).

    .venv/bin/python bench/streaming.py [--size 100000] [--full-requests 4] [--requests 200]
        [--database-url postgres://postgres@127.0.0.1:5432/hlos_bench_streaming]

The database is dropped and made anew (its name must contain "bench"). Traffic goes to
127.0.0.1 only.
"""

import argparse
import http.client
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.seed import COMPANY_CODE, BenchError, fresh_company, seed_hardware, service_environment
from bench.serving import (
    ROUNDS,
    WORKERS,
    check_same_rows,
    fetch,
    measure_turns,
    percentile,
    run_script,
    start_servers,
    stop_on_signals,
    stop_servers,
    workers_of,
)

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/hlos_bench_streaming"
FULL = f"/hardwares?companyCode={COMPANY_CODE}"
PAGE = f"/hardwares?companyCode={COMPANY_CODE}&limit=100"
MB = 1024 * 1024
FIRST_BYTE_GOAL_MS, GROWTH_GOAL_MB, PAGE_GOAL = 200, 50, 2.0


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=100_000, help="items (default 100000)")
    parser.add_argument("--full-requests", type=int, default=4, help="per server (default 4)")
    parser.add_argument("--requests", type=int, default=200, help="pages per server")
    parser.add_argument("--database-url", default=DEFAULT_DATABASE_URL)
    args = parser.parse_args()
    if args.requests < ROUNDS:
        parser.error(f"--requests must be {ROUNDS} or more")
    return args


def rss(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise BenchError(f"no RSS for process {pid}")


class RssSampler:
    """The peak RSS of each worker while it runs."""

    def __init__(self, workers: list[int]):
        self.peaks = {pid: rss(pid) for pid in workers}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)
        self._thread.start()

    def _sample(self):
        while not self._stop.wait(0.01):
            for pid in self.peaks:
                self.peaks[pid] = max(self.peaks[pid], rss(pid))

    def stop(self) -> dict[int, int]:
        self._stop.set()
        self._thread.join()
        return self.peaks


def timed_full_list(port: int, headers: dict) -> tuple[float, float, int]:
    """Seconds to the first body byte and to the last, and the body's length."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
    try:
        began = time.perf_counter()
        connection.request("GET", FULL, headers=headers)
        response = connection.getresponse()
        if response.status != 200:
            raise BenchError(f"GET {FULL} on port {port} answered {response.status}")
        length = len(response.read(1))
        first = time.perf_counter() - began
        while block := response.read(1 << 20):
            length += len(block)
        return first, time.perf_counter() - began, length
    finally:
        connection.close()


def warm_every_worker(servers: dict, headers: dict) -> None:
    """Each worker answers the full list once before the measure: what a worker's first long
    answer keeps for good (its one-time caches, the allocator's pools it settles into) is not
    counted as kept by the answers measured. One request per worker at once: a busy sync
    worker accepts no other."""
    threads = [
        threading.Thread(target=timed_full_list, args=(server.port, headers))
        for server in servers.values()
        for _ in range(WORKERS)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def measure_full_lists(servers: dict, headers: dict, requests: int) -> dict:
    workers = {label: workers_of(server.process.pid) for label, server in servers.items()}
    cold = {label: {pid: rss(pid) for pid in pids} for label, pids in workers.items()}
    warm_every_worker(servers, headers)
    time.sleep(2)
    before = {label: {pid: rss(pid) for pid in pids} for label, pids in workers.items()}
    samplers = {label: RssSampler(pids) for label, pids in workers.items()}
    times = {label: [] for label in servers}
    for _ in range(requests):
        for label, server in servers.items():
            times[label].append(timed_full_list(server.port, headers))
    peaks = {label: sampler.stop() for label, sampler in samplers.items()}
    time.sleep(2)
    results = {}
    for label, pids in workers.items():
        grown = {pid: peaks[label][pid] - before[label][pid] for pid in pids}
        worker = max(grown, key=grown.get)  # the one that answered (or answered most)
        results[label] = {
            "first_ms": percentile([first for first, _, _ in times[label]], 0.5) * 1000,
            "last_ms": percentile([last for _, last, _ in times[label]], 0.5) * 1000,
            "bytes": times[label][0][2],
            "before_mb": before[label][worker] / MB,
            "first_kept_mb": (before[label][worker] - cold[label][worker]) / MB,
            "growth_mb": grown[worker] / MB,
            "kept_mb": (rss(worker) - before[label][worker]) / MB,
        }
    return results


def main() -> int:
    args = parse_args()
    stop_on_signals()
    started = time.perf_counter()
    raw_key, base = fresh_company(args.database_url)
    seed_began = time.perf_counter()
    seed_hardware(args.size, base)
    print(f"Seeded {args.size:,} items in {time.perf_counter() - seed_began:.1f}s", flush=True)
    servers = start_servers(service_environment(args.database_url, "127.0.0.1"))
    headers = {"X-API-Key": raw_key, "Host": "127.0.0.1"}
    try:
        bodies = {label: fetch(server.port, FULL, headers) for label, server in servers.items()}
        rows = check_same_rows(bodies["ours"], bodies["limit"], FULL)
        del bodies
        full = measure_full_lists(servers, headers, args.full_requests)
        lengths = {
            label: len(fetch(server.port, PAGE, headers)) for label, server in servers.items()
        }
        page = measure_turns(
            servers, dict.fromkeys(servers, PAGE), headers, lengths, args.requests, 60
        )
    finally:
        stop_servers(servers)
    print(f"full list of {rows:,} items, {args.full_requests} requests per server, taking turns")
    print(
        f"{'server':<6} {'first byte ms':>13} {'last byte ms':>12} {'MB':>6} "
        f"{'RSS before':>10} {'growth':>7} {'kept':>6} {'kept by its first':>17}"
    )
    for label, figures in full.items():
        print(
            f"{label:<6} {figures['first_ms']:>13.0f} {figures['last_ms']:>12.0f} "
            f"{figures['bytes'] / MB:>6.1f} {figures['before_mb']:>10.0f} "
            f"{figures['growth_mb']:>7.1f} {figures['kept_mb']:>6.1f} "
            f"{figures['first_kept_mb']:>17.1f}"
        )
    ours = full["ours"]
    print(
        f"service: first byte {ours['first_ms']:.0f} ms (goal < {FIRST_BYTE_GOAL_MS}), worker "
        f"RSS +{ours['growth_mb']:.1f} MB (goal < {GROWTH_GOAL_MB}), +{ours['kept_mb']:.1f} MB "
        f"kept; last byte {ours['last_ms'] / full['limit']['last_ms']:.2f}x the limit's"
    )
    multiple = page["ours"]["p50"] / page["limit"]["p50"]
    print(
        f"page of 100: p50 {page['ours']['p50']:.1f} ms against {page['limit']['p50']:.1f} ms, "
        f"{multiple:.2f}x the limit's (goal < {PAGE_GOAL:g}x)"
    )
    print(f"Done in {time.perf_counter() - started:.0f}s")
    return 0


if __name__ == "__main__":
    run_script(main, "bench/streaming.py")
