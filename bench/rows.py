"""Benchmark of the cost per row at two sizes measured in the same minutes: GET /hardwares and
GET /hardwares/storages of a company of 1,000 items and of one of 30,000, in one database.

bench/lists.py seeds and measures its sizes one after another, minutes apart, and the box's
speed drifts between them: on one run the limit app, in which nothing grows with N, served a
row at 30,000 1.60x slower than at 1,000. Here both companies are seeded first, beside the other
companies a deployment holds (bench/seed.py's OTHER_COMPANIES), and every request of both
sizes to both servers takes its turn in the same rounds. It prints each list's p50 per row at
30,000 over that at 1,000, the service's (issue 15's goal: 1.2x or less) and the limit app's.

    .venv/bin/python bench/rows.py [--requests 200] [--seconds 40]
        [--database-url postgres://postgres@127.0.0.1:5432/hlos_bench_rows]

Like bench/lists.py, it drops and makes anew its database (whose name must contain "bench")
and sends its traffic to 127.0.0.1 only.
"""

import argparse
import sys
import time
from pathlib import Path
from urllib.parse import urlencode

# The bench package is imported from this tree, wherever the script is started.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import serving
from bench.seed import (
    COMPANY_CODE,
    BenchError,
    analyze,
    fresh_company,
    seed_employees,
    seed_hardware,
    seed_other_companies,
    service_environment,
)

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/hlos_bench_rows"
PATHS = ("/hardwares", "/hardwares/storages")
# The sizes of issue 15's goal, and the code of the smaller company (the bench's is the larger).
SMALL, LARGE, SMALL_CODE = 1000, 30000, "SML"
TARGET_ROW_COST_GROWTH = 1.2


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--requests",
        type=int,
        default=200,
        help="timed requests per list, size and server, across all clients (default: 200)",
    )
    parser.add_argument(
        "--seconds",
        type=float,
        default=40.0,
        help="stop each list, size and server's measurement after this long (default: 40)",
    )
    parser.add_argument("--database-url", default=DEFAULT_DATABASE_URL)
    args = parser.parse_args()
    if args.requests < serving.ROUNDS:
        parser.error(f"--requests must be {serving.ROUNDS} or more")
    return args


def seed(base: dict) -> None:
    """The bench company's LARGE items, a company of SMALL beside it, and the others."""
    from companies.services import company_create
    from hardware.models import Hardware

    seed_hardware(LARGE, base)
    small = company_create(
        api_client=base["company"].api_client,
        name="Small Company",
        code=SMALL_CODE,
        country_code="US",
    )
    employees = seed_employees(small, 20)
    seed_hardware(SMALL, base | {"company": small, "employees": employees}, replace=False)
    seed_other_companies(base)
    analyze(Hardware)


def main() -> int:
    args = parse_args()
    serving.stop_on_signals()
    started = time.perf_counter()
    raw_key, base = fresh_company(args.database_url)
    seed_began = time.perf_counter()
    seed(base)
    print(
        f"Seeded {LARGE:,} and {SMALL:,} items of two companies, beside 199 others, in "
        f"{time.perf_counter() - seed_began:.1f}s",
        flush=True,
    )
    headers = {"X-API-Key": raw_key, "Host": "127.0.0.1"}
    servers = serving.start_servers(service_environment(args.database_url, "127.0.0.1"))
    growth = {}
    try:
        print(
            f"gunicorn: {serving.WORKERS} sync workers per server, {serving.CLIENTS} client "
            f"threads; {args.requests} requests (or {args.seconds:g}s) per list, size and "
            f"server, all four in turns in {serving.ROUNDS} rounds",
            flush=True,
        )
        print(f"{'list':<20} {'server':<6} {'p50 us/row 1,000':>17} {'30,000':>8} {'growth':>7}")
        for path in PATHS:
            sizes = {"1k": (SMALL_CODE, SMALL), "30k": (COMPANY_CODE, LARGE)}
            urls, lengths, turns = {}, {}, {}
            for size, (code, rows) in sizes.items():
                url = f"{path}?{urlencode({'companyCode': code})}"
                bodies = {
                    label: serving.fetch(server.port, url, headers)
                    for label, server in servers.items()
                }
                answered = serving.check_same_rows(bodies["ours"], bodies["limit"], url)
                if path == "/hardwares" and answered != rows:
                    raise BenchError(f"{url}: {answered} items, not {rows}")
                for label, server in servers.items():
                    turns[label, size] = server
                    urls[label, size] = url
                    lengths[label, size] = len(bodies[label])
                sizes[size] = answered
            result = serving.measure_turns(
                turns, urls, headers, lengths, args.requests, args.seconds, serving.WORKERS
            )
            for label in servers:
                per_row = {size: result[label, size]["p50"] * 1000 / sizes[size] for size in sizes}
                growth[path, label] = per_row["30k"] / per_row["1k"]
                print(
                    f"{path:<20} {label:<6} {per_row['1k']:>17.1f} {per_row['30k']:>8.1f} "
                    f"{growth[path, label]:>6.2f}x",
                    flush=True,
                )
    finally:
        serving.stop_servers(servers)
    for path in PATHS:
        verdict = "met" if growth[path, "ours"] <= TARGET_ROW_COST_GROWTH else "NOT met"
        print(
            f"{path}: p50 per row at {LARGE:,} is {growth[path, 'ours']:.2f}x that at "
            f"{SMALL:,} (target <= {TARGET_ROW_COST_GROWTH:g}x: {verdict}); the limit app's "
            f"own {growth[path, 'limit']:.2f}x"
        )
    print(f"Done in {time.perf_counter() - started:.0f}s")
    return 0


if __name__ == "__main__":
    serving.run_script(main, "bench/rows.py")
