"""Benchmark of paging: a page of 100 out of 100,000 hardware items against the full list.

It seeds N hardware items (bench/seed.py) for one company in its own PostgreSQL database, serves
them with gunicorn (2 sync workers) from the service and from the limit app (bench/limit_app.py:
one SQL query + orjson; a page is that query with the same keyset condition and LIMIT 101), and
measures, the servers taking turns in rounds:

- the first page: GET /hardwares?companyCode=BEN&limit=100;
- a deep page: the one starting N - 200 items in (the next to last, so it is read as 101 rows
  and still names a next page), by a cursor made with the service's own `cursor_make`, checked
  against the one walking gives;
- the full list: GET /hardwares?companyCode=BEN (N items; fewer requests).

It checks that both servers answer the same items and name the same next page, prints per case
requests/s, p50/p99 latency, the service's requests/s as a percentage of the limit's, the SQL
queries per request, each page's p50 as a fraction of the full list's, and PostgreSQL's
EXPLAIN (ANALYZE, BUFFERS) of the SQL the service runs for the deep page, with the rows its
scan of the hardware table read.

    .venv/bin/python bench/pages.py [--size 100000] [--requests 200] [--seconds 20]
        [--full-requests 8] [--full-seconds 150] [--ports 8811,8812] [--companies]
        [--database-url postgres://postgres@127.0.0.1:5432/hlos_bench_pages]

With `--companies` the database holds the other companies a deployment has beside the measured
one (bench/seed.py's OTHER_COMPANIES: a few large, many small). PostgreSQL plans a company's
list by its share of the items, which they make far smaller than the measured company's: a
plan that reads that company whole for a page shows here, not with the company alone.

Like bench/lists.py, it drops and makes anew its database (whose name must contain "bench")
and sends its traffic to 127.0.0.1 only.
"""

import argparse
import sys
import time
from pathlib import Path
from urllib.parse import parse_qs, urlencode, urlsplit

import orjson

# The bench package is imported from this tree, wherever the script is started.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import serving
from bench.explain import explain_page
from bench.seed import (
    COMPANY_CODE,
    OTHER_COMPANIES,
    BenchError,
    fresh_company,
    seed_hardware,
    seed_other_companies,
    service_environment,
)

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/hlos_bench_pages"
PATH = "/hardwares"
LIMIT = 100


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--size", type=int, default=100_000, help="hardware items to seed (default: 100000)"
    )
    parser.add_argument(
        "--requests",
        type=int,
        default=200,
        help="timed requests per page case and server, across all clients (default: 200)",
    )
    parser.add_argument(
        "--seconds",
        type=float,
        default=20.0,
        help="stop a page case's measurement after this long (default: 20)",
    )
    parser.add_argument(
        "--full-requests",
        type=int,
        default=8,
        help="timed requests of the full list per server (default: 8)",
    )
    parser.add_argument(
        "--full-seconds",
        type=float,
        default=150.0,
        help="stop the full list's measurement after this long (default: 150)",
    )
    parser.add_argument(
        "--ports",
        default="8811,8812",
        type=lambda text: tuple(int(port) for port in text.split(",")),
        help="ports of the service and the limit app on 127.0.0.1 (default: 8811,8812)",
    )
    parser.add_argument(
        "--companies",
        action="store_true",
        help="also seed the other companies a deployment holds (bench/seed.py's "
        "OTHER_COMPANIES: 9 of 3,000 items, 190 of 30), beside the measured one",
    )
    parser.add_argument("--database-url", default=DEFAULT_DATABASE_URL)
    args = parser.parse_args()
    if args.size < 3 * LIMIT:
        parser.error(f"--size must be {3 * LIMIT} or more")
    if min(args.requests, args.full_requests) < serving.ROUNDS:
        parser.error(f"--requests and --full-requests must be {serving.ROUNDS} or more")
    return args


# --- the pages ----------------------------------------------------------------------------


def item_keys() -> list[tuple]:
    """The (created_at, id) of every item of the company, in the list's order."""
    from hardware.models import Hardware
    from hardware.selectors import HARDWARES

    items = Hardware.objects.filter(company__code=COMPANY_CODE).order_by(*HARDWARES.order)
    return list(items.values_list(*HARDWARES.fields))


def cursor_after(key: tuple) -> str:
    """The cursor of the page after the item of `key`, made as the service makes it."""
    from config.api.paging import cursor_make
    from hardware.selectors import HARDWARES

    return cursor_make(HARDWARES, key)


def read_cursor(cursor: str) -> tuple:
    from config.api.paging import cursor_read
    from hardware.selectors import HARDWARES

    return cursor_read(HARDWARES, cursor)


def page_url(cursor: str | None = None, limit: int | None = LIMIT) -> str:
    query = {"companyCode": COMPANY_CODE}
    if limit is not None:
        query["limit"] = limit
    if cursor is not None:
        query["cursor"] = cursor
    return f"{PATH}?{urlencode(query)}"


def next_cursor(headers) -> str | None:
    """The cursor of the `Link: <...>; rel="next"` header, None without one."""
    link = headers.get("Link")
    if link is None:
        return None
    url = link.split(";")[0].strip("<> ")
    return parse_qs(urlsplit(url).query)["cursor"][0]


def check_page(servers: dict, headers: dict, url: str, keys: list, start: int) -> bytes:
    """Both servers answer the items `keys[start:start + LIMIT]` alike, and name the page
    after them (the cursor of the last, as `cursor_make` makes it) unless they are the last.
    Returns the service's body."""
    answers = {
        label: serving.fetch_answer(server.port, url, headers) for label, server in servers.items()
    }
    serving.check_same_rows(answers["ours"][0], answers["limit"][0], url)
    ids = [row["id"] for row in orjson.loads(answers["ours"][0])["envelop"]]
    expected = keys[start : start + LIMIT]
    if ids != [str(item_id) for _, item_id in expected]:
        raise BenchError(f"{url}: not the items {start:,} to {start + len(expected):,}")
    more = start + LIMIT < len(keys)
    wanted = read_cursor(cursor_after(expected[-1])) if more else None
    for label, (_, answer_headers) in answers.items():
        cursor = next_cursor(answer_headers)
        if (cursor and read_cursor(cursor)) != wanted:
            raise BenchError(f"{url}: the {label} server names another next page")
    return answers["ours"][0]


def check_pages(servers: dict, headers: dict, keys: list, deep: int) -> None:
    """The first and the deep page are the items they should be on both servers, and the deep
    page's cursor is the one walking gives: the page before it names it in its Link, and that
    Link answers the deep page's body."""
    check_page(servers, headers, page_url(), keys, 0)
    deep_body = check_page(servers, headers, page_url(cursor_after(keys[deep - 1])), keys, deep)
    before = page_url(cursor_after(keys[deep - LIMIT - 1]))
    _, before_headers = serving.fetch_answer(servers["ours"].port, before, headers)
    walked = next_cursor(before_headers)
    if read_cursor(walked) != read_cursor(cursor_after(keys[deep - 1])):
        raise BenchError("the page before the deep one names another cursor than the made one")
    walked_body, _ = serving.fetch_answer(servers["ours"].port, page_url(walked), headers)
    if walked_body != deep_body:
        raise BenchError("walking to the deep page answers other items than its made cursor")


# --- report -------------------------------------------------------------------------------

HEADER = f"{'case':<10} {'items':>6} {'queries':>7} {serving.figures_header('req/s')}"


def main() -> int:
    args = parse_args()
    serving.stop_on_signals()
    started = time.perf_counter()
    raw_key, base = fresh_company(args.database_url)
    seed_began = time.perf_counter()
    seed_hardware(args.size, base)
    others = seed_other_companies(base) if args.companies else 0
    print(
        f"Seeded {args.size:,} items in {time.perf_counter() - seed_began:.1f}s"
        + (
            f", and {others:,} of {sum(n for n, _ in OTHER_COMPANIES)} other companies"
            if others
            else ""
        ),
        flush=True,
    )
    keys = item_keys()
    # The next to last page: read as LIMIT + 1 rows, and it still names the last one.
    deep = len(keys) - 2 * LIMIT
    deep_cursor = cursor_after(keys[deep - 1])
    cases = {
        "first page": (page_url(), {"limit": LIMIT}, LIMIT),
        "deep page": (page_url(deep_cursor), {"limit": LIMIT, "cursor": deep_cursor}, LIMIT),
        "full list": (page_url(limit=None), {}, len(keys)),
    }
    # One Host for both servers (they listen on different ports): images and next links are
    # absolute URLs made from the request's host, so the answers compare equal.
    headers = {"X-API-Key": raw_key, "Host": "127.0.0.1"}
    environment = service_environment(args.database_url, "127.0.0.1")
    servers = serving.start_servers(environment, args.ports)
    results = {}
    try:
        check_pages(servers, headers, keys, deep)
        print(
            f"Checked: both servers answer the same items and next page; the deep page starts "
            f"{deep:,} items in, and its made cursor is the one walking gives",
            flush=True,
        )
        deep_params, first_params = cases["deep page"][1], cases["first page"][1]
        explained = explain_page(raw_key, PATH, deep_params, "deep page", len(keys))
        explained += "\n" + explain_page(
            raw_key, PATH, first_params, "first page", len(keys), plan=False
        )
        print(
            f"gunicorn: {serving.WORKERS} sync workers per server, "
            f"{serving.CLIENTS} client threads; "
            f"{args.requests} requests (or {args.seconds:g}s) per page case and server, "
            f"{args.full_requests} (or {args.full_seconds:g}s) of the full list",
            flush=True,
        )
        print(HEADER, flush=True)
        for case, (url, params, items) in cases.items():
            full = case == "full list"
            bodies = {
                label: serving.fetch_answer(server.port, url, headers)[0]
                for label, server in servers.items()
            }
            rows = serving.check_same_rows(bodies["ours"], bodies["limit"], case)
            if rows != items:
                raise BenchError(f"{case}: {rows} items answered, not {items}")
            queries = serving.queries_per_request(raw_key, PATH, params)
            results[case] = serving.measure_turns(
                servers,
                dict.fromkeys(servers, url),
                headers,
                {label: len(body) for label, body in bodies.items()},
                args.full_requests if full else args.requests,
                args.full_seconds if full else args.seconds,
                warmup=serving.WORKERS if full else 4 * serving.WORKERS,
            )
            figures = serving.figures_cells(results[case], "per_second", 1)
            print(f"{case:<10} {items:>6} {queries:>7} {figures}", flush=True)
    finally:
        serving.stop_servers(servers)
    for case in ("first page", "deep page"):
        print(
            f"{case} p50 / full list p50: ours "
            f"{results[case]['ours']['p50'] / results['full list']['ours']['p50']:.2%}, limit "
            f"{results[case]['limit']['p50'] / results['full list']['limit']['p50']:.2%}"
        )
    print(explained)
    print(f"Done in {time.perf_counter() - started:.0f}s")
    return 0


if __name__ == "__main__":
    serving.run_script(main, "bench/pages.py")
