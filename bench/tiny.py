"""Benchmark of a tiny request: `GET /companies` answering one company, against a bare WSGI app
(bench/bare_app.py) under the same gunicorn settings (2 sync workers, the repository's
gunicorn.conf.py), the servers taking turns (bench/serving.py). Prints each one's requests/s
and p50/p99 latency, and the service's p50 as a multiple of the bare app's (issue 15's goal:
3x or less), with the service's SQL queries per request.

    .venv/bin/python bench/tiny.py [--requests 2000] [--seconds 20]
                                   [--database-url postgres://postgres@127.0.0.1:5432/hlos_bench_tiny]

The database is dropped and made anew at the start (its name must contain "bench"). Traffic
goes to 127.0.0.1 only.
"""

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.seed import fresh_company, service_environment
from bench.serving import (
    ROUNDS,
    Server,
    fetch,
    figures_cells,
    figures_header,
    measure_turns,
    queries_per_request,
    run_script,
    stop_on_signals,
    stop_servers,
)

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/hlos_bench_tiny"
PATH = "/companies"
TARGET = 3.0


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=2000, help="per server (default 2000)")
    parser.add_argument("--seconds", type=float, default=20.0, help="per server at most")
    parser.add_argument("--database-url", default=DEFAULT_DATABASE_URL)
    args = parser.parse_args()
    if args.requests < ROUNDS:
        parser.error(f"--requests must be {ROUNDS} or more")
    return args


def main() -> int:
    args = parse_args()
    stop_on_signals()
    started = time.perf_counter()
    raw_key, _ = fresh_company(args.database_url)
    environment = service_environment(args.database_url, "127.0.0.1")
    servers = {}
    try:
        servers["ours"] = Server("service", "config.wsgi:application", environment)
        servers["limit"] = Server("bare", "bare_app:application", environment)
        for server in servers.values():
            server.wait_until_up()
        headers = {"X-API-Key": raw_key, "Host": "127.0.0.1"}
        lengths = {
            label: len(fetch(server.port, PATH, headers)) for label, server in servers.items()
        }
        queries = queries_per_request(raw_key, PATH)
        result = measure_turns(
            servers, dict.fromkeys(servers, PATH), headers, lengths, args.requests, args.seconds
        )
    finally:
        stop_servers(servers)
    print(f"{'request':<16} {'queries':>7} {figures_header('req/s')}")
    print(f"{'GET ' + PATH:<16} {queries:>7} {figures_cells(result, 'per_second', 0)}")
    multiple = result["ours"]["p50"] / result["limit"]["p50"]
    verdict = f"target {TARGET:g}x or less: " + ("met" if multiple <= TARGET else "NOT met")
    print(f"p50: the service {multiple:.1f}x the bare WSGI app ({verdict})")
    print(f"Done in {time.perf_counter() - started:.0f}s")
    return 0


if __name__ == "__main__":
    run_script(main, "bench/tiny.py")
