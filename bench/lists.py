"""Benchmark of the lists: GET /hardwares, GET /hardwares/storages and GET /orders.

For each size N it seeds N hardware items and N/10 orders (5 lines each, every line offered in
3 candidates; a quarter of the orders delivered, with items) for one company in its own
PostgreSQL database, serves them with gunicorn (2 sync workers) from the service and from the
limit app (bench/limit_app.py: one SQL query + orjson, the same gunicorn settings), checks that
both serve the same rows, and prints rows per second (items, or orders), p50/p99 latency, the
service's rows/s as a percentage of the limit's, and the service's SQL queries per request;
then issue 15's targets: 60% of the limit at N = 1,000 and 10,000, and the service's p50 per
row at the largest N within 1.2x of that at the smallest (measured minutes apart: bench/rows.py
measures the item lists' growth with both sizes in the same rounds).

    .venv/bin/python bench/lists.py [--sizes 1000,10000,30000] [--requests 200]
                                    [--database-url postgres://postgres@127.0.0.1:5432/hlos_bench]

The database is dropped and made anew at the start (its name must contain "bench"). Traffic
goes to 127.0.0.1 only.
"""

import argparse
import sys
import time
from pathlib import Path

# The bench package is imported from this tree, wherever the script is started.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.seed import (
    COMPANY_CODE,
    ORDERS_PER_ITEM,
    fresh_company,
    seed_hardware,
    seed_orders,
    service_environment,
)
from bench.serving import (
    CLIENTS,
    ROUNDS,
    WORKERS,
    check_same_rows,
    fetch,
    figures_cells,
    figures_header,
    measure_turns,
    queries_per_request,
    run_script,
    start_servers,
    stop_on_signals,
    stop_servers,
)

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/hlos_bench"
PATHS = ("/hardwares", "/hardwares/storages", "/orders")
# Issue 15's goals: 60% of the limit's rows/s at these sizes, and a row's cost at the largest
# size within 1.2x of its cost at the smallest.
TARGET_SIZES, TARGET_RATIO, TARGET_ROW_COST_GROWTH = (1000, 10000), 0.60, 1.2


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--sizes",
        default="1000,10000,30000",
        type=lambda text: [int(size) for size in text.split(",")],
        help="numbers of hardware items to seed, comma-separated; a tenth as many orders "
        "(default: 1000,10000,30000)",
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


def run_endpoint(servers: dict, raw_key: str, path: str, args) -> dict:
    url = f"{path}?companyCode={COMPANY_CODE}"
    # One Host for both servers (they listen on different ports): images are absolute URLs
    # made from the request's host, so the rows compare equal.
    headers = {"X-API-Key": raw_key, "Host": "127.0.0.1"}
    bodies = {label: fetch(server.port, url, headers) for label, server in servers.items()}
    rows = check_same_rows(bodies["ours"], bodies["limit"], path)
    lengths = {label: len(body) for label, body in bodies.items()}
    urls = dict.fromkeys(servers, url)
    result = {"rows": rows}
    measured = measure_turns(servers, urls, headers, lengths, args.requests, args.seconds)
    for label, figures in measured.items():
        result[label] = figures | {"rows_per_second": rows * figures["per_second"]}
    return result


# --- report -------------------------------------------------------------------------------

HEADER = f"{'N':>6}  {'endpoint':<19} {'rows':>5} {'queries':>7} {figures_header('rows/s')}"


def table_line(size: int, path: str, queries: int, result: dict) -> str:
    figures = figures_cells(result, "rows_per_second", 0)
    return f"{size:>6}  {path:<19} {result['rows']:>5} {queries:>7} {figures}"


def report_targets(sizes: list[int], ratios: dict, row_costs: dict, limit_row_costs: dict) -> None:
    for size in TARGET_SIZES:
        if size in sizes:
            worst = min(ratios[size, path] for path in PATHS)
            verdict = "met" if worst >= TARGET_RATIO else "NOT met"
            print(
                f"Target >= {TARGET_RATIO:.0%} of the limit at N={size:,}: {verdict} "
                f"(lowest {worst:.1%})"
            )
    smallest, largest = min(sizes), max(sizes)
    if smallest == largest:
        return
    for path in PATHS:
        growth = row_costs[largest, path] / row_costs[smallest, path]
        verdict = "met" if growth <= TARGET_ROW_COST_GROWTH else "NOT met"
        # The sizes are measured minutes apart, and the box's speed drifts between them: the
        # limit app's own growth, which nothing in it makes grow, shows by how much.
        # bench/rows.py measures the item lists' growth with both sizes in turns.
        limit_growth = limit_row_costs[largest, path] / limit_row_costs[smallest, path]
        print(
            f"{path}: p50 per row at N={largest:,} is {growth:.2f}x that at N={smallest:,} "
            f"(target <= {TARGET_ROW_COST_GROWTH:g}x: {verdict}); the limit app's own "
            f"{limit_growth:.2f}x"
        )


def main() -> int:
    args = parse_args()
    stop_on_signals()
    started = time.perf_counter()
    raw_key, base = fresh_company(args.database_url)
    environment = service_environment(args.database_url, "127.0.0.1")
    servers = start_servers(environment)
    try:
        print(
            f"gunicorn: {WORKERS} sync workers per server, {CLIENTS} client threads, "
            f"{args.requests} requests (or {args.seconds:g}s) per endpoint and server",
            flush=True,
        )
        print(HEADER, flush=True)
        ratios, row_costs, limit_row_costs = {}, {}, {}
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
                row_costs[size, path] = result["ours"]["p50"] / result["rows"]
                limit_row_costs[size, path] = result["limit"]["p50"] / result["rows"]
                print(table_line(size, path, queries, result), flush=True)
            print(
                f"{'':>6}  (seeded {size:,} items and {size // ORDERS_PER_ITEM:,} orders "
                f"in {seed_time:.1f}s)",
                flush=True,
            )
    finally:
        stop_servers(servers)
    report_targets(args.sizes, ratios, row_costs, limit_row_costs)
    print(f"Done in {time.perf_counter() - started:.0f}s")
    return 0


if __name__ == "__main__":
    run_script(main, "bench/lists.py")
