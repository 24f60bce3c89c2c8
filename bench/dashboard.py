"""The admin dashboard's figures at scale (issue 13): each figure's COUNT, timed and explained
over N orders (one line each), N movement requests and N webhook events of one company, and the
whole index page, through Django's test client.

`.venv/bin/python bench/dashboard.py [--size 100000]
[--database-url postgres://postgres@127.0.0.1:5432/hlos_bench_dashboard]`: drops and makes its
database anew (the name must contain `bench`), seeds by SQL (about a minute at 100,000), and
prints per figure its count, its median time over 5 runs and the scans of its plan; a
sequential scan of a table of more than 10,000 rows is flagged. Statuses are spread as a
service's would be: most records finished, a tenth or so waiting."""

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.seed import fresh_company

RUNS = 5
# A table this large read whole is a figure that will not stay fast.
LARGE_TABLE_ROWS = 10_000
ORDER_STATUSES = ["PENDING", "QUOTED", "ACCEPTED", "CANCELLED"] + ["DELIVERED"] * 16
MOVEMENT_STATUSES = ["PROCESSING", "COORDINATED"] + ["DONE"] * 8
EVENT_STATES = ["FAILED", "PENDING"] + ["DELIVERED"] * 8
CATALOG_ITEMS = 2000


def seed(size: int) -> None:
    from django.db import connection

    from companies.models import Company

    company = str(Company.objects.get().pk)
    statements = [
        f"""INSERT INTO orders_order (id, order_number, created_at, updated_at, status,
            country_code, send_to, currency, local_invoice, is_external_order,
            extra_service_type, comments, company_id)
        SELECT gen_random_uuid(), 1000000 + g, now() - g * interval '1 minute', now(),
            (%(orders)s::text[])[1 + g %% {len(ORDER_STATUSES)}], 'US', 'STORAGE', 'USD',
            false, false, '[]', '[]', %(company)s
        FROM generate_series(1, %(size)s) g""",
        """INSERT INTO catalog_catalogitem (id, created_at, updated_at, country_code, name,
            brand, hardware_type, price, stock, image, deprecated, ram, disk_space,
            display_size, processor)
        SELECT gen_random_uuid(), now(), now(), 'US', 'Bench item ' || g, 'DELL', 'PC', 100,
            CASE WHEN g %% 10 = 0 THEN 0 ELSE 5 END, '', false, '', '', '', ''
        FROM generate_series(0, %(items)s - 1) g""",
        """INSERT INTO orders_hardwarerequest (id, created_at, amount, hardware_type, image,
            serial_numbers, order_id, catalog_item_id, brand, model)
        SELECT gen_random_uuid(), now(), 1, 'PC', '', '[]', o.id, c.id, 'DELL', 'X'
        FROM orders_order o
        JOIN catalog_catalogitem c ON c.name = 'Bench item ' || (o.order_number %% %(items)s)""",
        f"""INSERT INTO logistics_movementrequest (id, movement_request_number, created_at,
            updated_at, type, status, send_to, handled_by, expected_date, eta, company_id)
        SELECT gen_random_uuid(), 1000000 + g, now() - g * interval '1 minute', now(),
            'ONBOARDING', (%(movements)s::text[])[1 + g %% {len(MOVEMENT_STATUSES)}],
            'EMPLOYEE', 'PROVIDER', current_date + g %% 60 - 30, current_date + g %% 40 - 20,
            %(company)s
        FROM generate_series(1, %(size)s) g""",
        f"""INSERT INTO companies_event (id, company_id, kind, payload, created_at, state,
            attempts)
        SELECT gen_random_uuid(), %(company)s, 'order.updated',
            jsonb_build_object('data', jsonb_build_object('orderNumber', 1000000 + g)), now(),
            (%(events)s::text[])[1 + g %% {len(EVENT_STATES)}], g %% 3
        FROM generate_series(1, %(size)s) g""",
        "ANALYZE",
    ]
    params = {
        "company": company,
        "size": size,
        "items": CATALOG_ITEMS,
        "orders": ORDER_STATUSES,
        "movements": MOVEMENT_STATUSES,
        "events": EVENT_STATES,
    }
    with connection.cursor() as cursor:
        for statement in statements:
            cursor.execute(statement, params)


def scans(plan: dict) -> list[str]:
    """The plan's scans, `Bitmap Index Scan companies_event_state_...`, flagging a sequential
    scan of a large table."""
    found = []
    if "Scan" in plan["Node Type"]:
        target = plan.get("Index Name") or plan.get("Relation Name", "")
        large = plan["Node Type"] == "Seq Scan" and plan.get("Actual Rows", 0) > LARGE_TABLE_ROWS
        found.append(f"{plan['Node Type']} {target}{'  <-- reads the table' if large else ''}")
    for child in plan.get("Plans", []):
        found += scans(child)
    return found


def measure_figures() -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from bench.explain import explain
    from config.backoffice.dashboard import _counts

    for figure in sorted(_counts.values(), key=lambda figure: figure.position):
        timings = []
        for _ in range(RUNS):
            with CaptureQueriesContext(connection) as queries:
                start = time.perf_counter()
                count = figure.count()
                timings.append((time.perf_counter() - start) * 1000)
        (query,) = queries.captured_queries  # one query a figure
        _, plan = explain(query["sql"], None)
        print(f"{figure.group}: {figure.label}: {count} in {statistics.median(timings):.1f} ms")
        for scan in scans(plan):
            print(f"    {scan}")


def measure_index() -> None:
    from django.contrib.auth import get_user_model
    from django.test import Client

    user = get_user_model().objects.create_superuser("bench", "bench@example.com", "bench")
    client = Client()
    client.force_login(user)
    client.get("/admin/")
    timings = []
    for _ in range(RUNS):
        start = time.perf_counter()
        assert client.get("/admin/").status_code == 200
        timings.append((time.perf_counter() - start) * 1000)
    print(f"The admin index, logged in: {statistics.median(timings):.0f} ms (median of {RUNS})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=100_000)
    parser.add_argument(
        "--database-url", default="postgres://postgres@127.0.0.1:5432/hlos_bench_dashboard"
    )
    arguments = parser.parse_args()
    fresh_company(arguments.database_url)
    start = time.perf_counter()
    seed(arguments.size)
    print(f"Seeded {arguments.size:,} of each in {time.perf_counter() - start:.0f} s")
    measure_figures()
    measure_index()


if __name__ == "__main__":
    main()
