"""What PostgreSQL does for one request to the service: its SQL, captured as Django runs it in
process, and EXPLAIN (ANALYZE, BUFFERS) of each query that reads the hardware table, with the
rows its scans of that table read (bench/pages.py shows a deep page reads about a page, not
the whole list). Needs Django set up (bench/seed.py's setup_django)."""

import json
import re

from bench.seed import COMPANY_CODE, BenchError

HARDWARE_TABLE = "hardware_hardware"
_FROM = re.compile(r'\bFROM "(\w+)"')


def _listed_table(sql: str) -> str:
    """The table a query lists: its FROM outside any parentheses (the subqueries of its select
    list, an item's notes, read tables of their own before it)."""
    for match in _FROM.finditer(sql):
        if sql.count("(", 0, match.start()) == sql.count(")", 0, match.start()):
            return match.group(1)
    raise BenchError(f"no FROM at the top level of: {sql[:200]}")


def captured_queries(raw_key: str, path: str, params: dict) -> list[tuple[str, tuple]]:
    """The SQL and parameters of one GET of `path` (after a first one, which records the key's
    use), in the order they ran."""
    from django.db import connection
    from rest_framework.test import APIClient

    client = APIClient()
    client.credentials(HTTP_X_API_KEY=raw_key)
    params = {"companyCode": COMPANY_CODE, **params}
    client.get(path, params)
    queries = []

    def record(execute, sql, sql_params, many, context):
        queries.append((sql, sql_params))
        return execute(sql, sql_params, many, context)

    with connection.execute_wrapper(record):
        response = client.get(path, params)
    if response.status_code != 200:
        raise BenchError(f"{path} answered {response.status_code} in process")
    return queries


def explain(sql: str, params) -> tuple[str, dict]:
    """The plan as PostgreSQL prints it, and as JSON (its top node)."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(f"EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) {sql}", params)
        plan = cursor.fetchone()[0]
        cursor.execute(f"EXPLAIN (ANALYZE, BUFFERS) {sql}", params)
        text = "\n".join(row[0] for row in cursor.fetchall())
    if isinstance(plan, str):
        plan = json.loads(plan)
    return text, plan[0]["Plan"]


def hardware_scans(node: dict) -> list[dict]:
    """The plan's nodes that scan the hardware table."""
    found = [node] if node.get("Relation Name") == HARDWARE_TABLE else []
    for child in node.get("Plans", []):
        found += hardware_scans(child)
    return found


def rows_read(scans: list[dict]) -> tuple[int, int]:
    """The rows the scans gave (per loop, times their loops) and those they read and dropped
    (by their filter or a bitmap's recheck)."""
    given = sum(scan["Actual Rows"] * scan["Actual Loops"] for scan in scans)
    dropped = sum(
        scan.get("Rows Removed by Filter", 0) + scan.get("Rows Removed by Index Recheck", 0)
        for scan in scans
    )
    return given, dropped


def explain_page(
    raw_key: str, path: str, params: dict, case: str, total: int, plan: bool = True
) -> str:
    """The report of the request's queries that read the hardware table: the rows they read
    from it and, with `plan`, the full plan of the one listing the items (its first table is
    the hardware's)."""
    lines = []
    for sql, sql_params in captured_queries(raw_key, path, params):
        if HARDWARE_TABLE not in sql:
            continue
        text, top = explain(sql, sql_params)
        scans = hardware_scans(top)
        given, dropped = rows_read(scans)
        how = ", ".join(
            f"{scan['Node Type']} {scan.get('Index Name', '')}".strip() for scan in scans
        )
        listed = _listed_table(sql)
        query = "items'" if listed == HARDWARE_TABLE else listed
        if plan and listed == HARDWARE_TABLE:
            lines.append(f"EXPLAIN (ANALYZE, BUFFERS) of the {case}'s items query:")
            # The selected columns are many and the interface's: the rest tells the plan.
            listed_from = sql.rindex(f' FROM "{listed}"')
            lines.append(f"  SQL: SELECT ...{sql[listed_from:]}")
            lines += [f"  {line}" for line in text.splitlines()]
        lines.append(
            f"{case}: rows read from {HARDWARE_TABLE} by the {query} query: "
            f"{given + dropped:,} of {total:,} ({given:,} taken, {dropped:,} dropped by the "
            f"filter; {how})"
        )
    return "\n".join(lines)
