"""Benchmark of SCIM provisioning (issue 30): `POST /scim/v2/Users` against `POST /employees`
with the same people, from 4 concurrent clients, in one run, against the service under the
repository's gunicorn settings (2 gthread workers of 8 threads). An initial sync sends one
user per request, several at once (Entra ID); the goal is that creating an employee through
SCIM keeps 80% or more of the API's throughput.

Every request creates an employee: both sides send the same people (names, phone, work
address, country, governmentDNI; geocoded alike), each request with an e-mail (`userName`) and
an external id of its own. The SCIM body is a User as Entra ID sends it with the guide's
mappings (docs/scim.md): the core schema, the enterprise extension, ours for governmentDNI.
The two endpoints take turns in rounds (the first one alternating), so a change in the
machine's load weighs on both alike. Printed: requests/s (of wall time), p50/p99 latency and
the SQL statements of one request (in process, BEGIN and COMMIT included) of each, and SCIM's
requests/s over the API's, for the whole run and round by round. Entra ID and Okta also look a
user up (`GET /Users?filter=userName eq "…"`) before creating it: not measured here.

    .venv/bin/python bench/scim.py [--requests 300] [--rounds 4] [--clients 4]
        [--profile 0] [--database-url postgres://postgres@127.0.0.1:5432/hlos_bench_scim]

`--requests` is per endpoint and round. `--profile N` then sends N requests of each endpoint
in process and prints a request's wall and CPU time, its time in the database driver and its
statements, then pyinstrument's tree of N more (installed apart: `.venv/bin/pip install
pyinstrument`).

The database is dropped and made anew (its name must contain "bench"). Traffic goes to
127.0.0.1 only.
"""

import argparse
import itertools
import os
import sys
import threading
import time
import uuid
from pathlib import Path

import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.seed import COMPANY_CODE, BenchError, fresh_company, service_environment
from bench.serving import (
    ROUNDS,
    Server,
    percentile,
    run_script,
    stop_on_signals,
    timed_in_threads,
)

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/hlos_bench_scim"
RATIO_GOAL = 0.80
CORE_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:User"
ENTERPRISE_SCHEMA = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"
EMPLOYEE_SCHEMA = "urn:hlos:params:scim:schemas:extension:employee:2.0:User"
DOMAIN = f"{COMPANY_CODE.lower()}.example.com"
# The people both endpoints create, in turn: given and family name, work phone, street, city
# (geocoded offline), post code, country, governmentDNI.
PEOPLE = (
    ("Ada", "Lovelace", "+12125550143", "12 Main Street", "New York City", "10001", "US"),
    ("Grace", "Hopper", "+442079460958", "221 Baker Street", "London", "NW1 6XE", "GB"),
    ("Alan", "Turing", "+4930901820", "Unter den Linden 5", "Berlin", "10117", "DE"),
    ("Margaret", "Hamilton", "+33142685300", "5 Rue de Rivoli", "Paris", "75001", "FR"),
    ("Linus", "Torvalds", "+34915550143", "Calle de Alcala 20", "Madrid", "28014", "ES"),
    ("Barbara", "Liskov", "+14165550143", "100 King Street West", "Toronto", "M5X 1A9", "CA"),
)
# How each side names the endpoint, in the report.
LABELS = {"scim": "POST /scim/v2/Users", "api": "POST /employees"}


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=300, help="per endpoint and round")
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument(
        "--profile", type=int, default=0, help="requests of each endpoint profiled in process"
    )
    parser.add_argument("--database-url", default=DEFAULT_DATABASE_URL)
    args = parser.parse_args()
    if args.profile:
        try:
            import pyinstrument  # noqa: F401
        except ImportError:
            parser.error("--profile needs pyinstrument: .venv/bin/pip install pyinstrument")
    if args.requests < args.clients or args.rounds < 1:
        parser.error("--requests must be --clients or more, --rounds 1 or more")
    return args


def person(number: int) -> dict:
    given, family, phone, street, city, post_code, country = PEOPLE[number % len(PEOPLE)]
    return {
        "given": given,
        "family": family,
        "phone": phone,
        "street": street,
        "city": city,
        "post_code": post_code,
        "country": country,
        "dni": f"DNI-{number % len(PEOPLE):04d}",
    }


def scim_body(number: int) -> dict:
    """A User as Entra ID creates it with the guide's mappings (userPrincipalName as userName,
    objectId as externalId), for person `number` with an address of its own."""
    who = person(number)
    email = f"scim{number}@{DOMAIN}"
    return {
        "schemas": [CORE_SCHEMA, ENTERPRISE_SCHEMA, EMPLOYEE_SCHEMA],
        "externalId": str(uuid.uuid4()),
        "userName": email,
        "active": True,
        "displayName": f"{who['given']} {who['family']}",
        "name": {
            "formatted": f"{who['given']} {who['family']}",
            "givenName": who["given"],
            "familyName": who["family"],
        },
        "emails": [{"primary": True, "type": "work", "value": email}],
        "phoneNumbers": [{"type": "work", "value": who["phone"]}],
        "addresses": [
            {
                "type": "work",
                "streetAddress": who["street"],
                "locality": who["city"],
                "postalCode": who["post_code"],
                "country": who["country"],
            }
        ],
        ENTERPRISE_SCHEMA: {"employeeNumber": str(100000 + number), "department": "Engineering"},
        EMPLOYEE_SCHEMA: {"governmentDNI": who["dni"]},
        "meta": {"resourceType": "User"},
    }


def api_body(number: int) -> dict:
    """The same person as a POST /employees upsert (its envelope's `data`)."""
    who = person(number)
    return {
        "companyCode": COMPANY_CODE,
        "email": f"api{number}@{DOMAIN}",
        "firstName": who["given"],
        "lastName": who["family"],
        "phone": who["phone"],
        "governmentDNI": who["dni"],
        "address": who["street"],
        "city": who["city"],
        "postCode": who["post_code"],
        "countryCode": who["country"],
        "externalReferenceId": str(uuid.uuid4()),
    }


class Endpoint:
    """One side: its path, headers, expected status and an endless supply of bodies (each a
    new employee, numbered across the run)."""

    def __init__(self, kind: str, headers: dict):
        self.kind = kind
        self.path = "/scim/v2/Users" if kind == "scim" else "/employees"
        self.status = 201 if kind == "scim" else 200
        self.headers = headers
        self.numbers = itertools.count()
        self.lock = threading.Lock()

    def body(self) -> bytes:
        with self.lock:
            number = next(self.numbers)
        if self.kind == "scim":
            return orjson.dumps(scim_body(number))
        return orjson.dumps({"data": api_body(number)})


def run(port: int, endpoint: Endpoint, requests: int, clients: int, close: bool = False):
    """`requests` POSTs from `clients` threads, each on a kept-alive connection (or a new one
    per request, `close`): the latencies and the wall time."""
    counter = itertools.count()
    headers = endpoint.headers | ({"Connection": "close"} if close else {})

    def post(connection) -> None:
        connection.request("POST", endpoint.path, body=endpoint.body(), headers=headers)
        response = connection.getresponse()
        answer = response.read()
        if response.status != endpoint.status:
            raise BenchError(f"POST {endpoint.path}: {response.status} {answer[:300]!r}")
        if close:
            connection.close()

    return timed_in_threads(port, clients, post, lambda: next(counter) < requests)


def in_process_client(kind: str, raw_key: str, raw_token: str):
    """The test client of one side, and how it posts one body."""
    from rest_framework.test import APIClient

    client = APIClient()
    if kind == "scim":
        client.credentials(HTTP_AUTHORIZATION=f"Bearer {raw_token}")
        client.get("/scim/v2/Users", {"count": 1})  # the token's first use is recorded once

        def post(number: int):
            body = orjson.dumps(scim_body(number))
            return client.post("/scim/v2/Users", body, content_type="application/scim+json")

    else:
        client.credentials(HTTP_X_API_KEY=raw_key)
        client.get("/companies")  # the key's first use is read and recorded once

        def post(number: int):
            return client.post("/employees", {"data": api_body(number)}, format="json")

    return post


def queries_per_request(kind: str, raw_key: str, raw_token: str, number: int) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    post = in_process_client(kind, raw_key, raw_token)
    post(number)  # the first geocoding of a country builds its index
    with CaptureQueriesContext(connection) as queries:
        response = post(number + len(PEOPLE))
    if response.status_code != (201 if kind == "scim" else 200):
        raise BenchError(f"{LABELS[kind]} answered {response.status_code} in process")
    return len(queries)


def profile(kind: str, raw_key: str, raw_token: str, first: int, requests: int) -> str:
    """Where `requests` posts of one side spend their time, in process: per request, the wall
    and CPU time, the time spent in the database driver and the statements sent; then, over as
    many more, pyinstrument's tree of the view (wall time; `--profile` needs pyinstrument)."""
    from django.db import connection
    from pyinstrument import Profiler

    post = in_process_client(kind, raw_key, raw_token)
    numbers = itertools.count(first)
    for _ in PEOPLE:
        post(next(numbers))  # every country's geocoding index built
    driver = {"seconds": 0.0, "statements": 0}

    def timed(execute, sql, params, many, context):
        began = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            driver["seconds"] += time.perf_counter() - began
            driver["statements"] += 1

    with connection.execute_wrapper(timed):
        wall, cpu = time.perf_counter(), time.process_time()
        for _ in range(requests):
            post(next(numbers))
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    split = (
        f"{LABELS[kind]}, in process, a request: {wall / requests * 1000:.2f} ms wall, "
        f"{cpu / requests * 1000:.2f} ms CPU, {driver['seconds'] / requests * 1000:.2f} ms in "
        f"the database driver, {driver['statements'] / requests:.1f} statements"
    )
    profiler = Profiler(interval=0.0005)
    with profiler:
        for _ in range(requests):
            post(next(numbers))
    lines = profiler.output_text(unicode=True, color=False, show_all=False).splitlines()
    # From the view's dispatch down: the middleware above it is the same on both sides.
    start = next(index for index, line in enumerate(lines) if ".dispatch  " in line)
    column = len(lines[start]) - len(lines[start].lstrip(" │├└─"))
    tree = "\n".join(line[column:] for line in lines[start:] if line.strip())
    return f"{split}\n{tree}"


def same_employee_check() -> None:
    """The first person made by each side is stored alike (but its e-mail and reference)."""
    from employees.models import Employee

    compared = ("first_name", "last_name", "phone", "government_dni", "address", "city")
    compared += ("requested_city", "post_code", "country_code", "lat", "lng", "status")
    made = {
        kind: Employee.objects.filter(email=f"{kind}0@{DOMAIN}").values(*compared).first()
        for kind in ("scim", "api")
    }
    if made["scim"] is None or made["scim"] != made["api"]:
        raise BenchError(f"the two sides stored different employees: {made}")


def main() -> int:
    args = parse_args()
    stop_on_signals()
    started = time.perf_counter()
    # The identity provider's own request budget out of the way, as service_environment puts
    # the API clients' (here and in the server, which inherits this environment).
    os.environ["SCIM_THROTTLE_RATE"] = "1000000/sec"
    raw_key, base = fresh_company(args.database_url)

    from companies.scim_tokens import scim_token_issue
    from config.kernel.actors import Actor

    _, raw_token = scim_token_issue(company=base["company"], actor=Actor.command("bench"))
    # In process, numbered apart from the served requests (which start at 0).
    queries = {
        kind: queries_per_request(kind, raw_key, raw_token, 10_000_000) for kind in ("scim", "api")
    }
    environment = service_environment(args.database_url, "127.0.0.1")
    # No worker is replaced mid-run (a new one loads the geocoder's cities again, ~2 s).
    environment["GUNICORN_MAX_REQUESTS"] = "0"
    server = Server("service", "config.wsgi:application", environment, worker_class="gthread")
    common = {"Host": "127.0.0.1"}
    endpoints = {
        "scim": Endpoint(
            "scim",
            common
            | {"Authorization": f"Bearer {raw_token}", "Content-Type": "application/scim+json"},
        ),
        "api": Endpoint("api", common | {"X-API-Key": raw_key, "Content-Type": "application/json"}),
    }
    latencies = {kind: [] for kind in endpoints}
    walls = dict.fromkeys(endpoints, 0.0)
    round_ratios = []
    try:
        server.wait_until_up()
        # Warm-up: every worker and thread has connected, and geocoded every country, on both
        # sides (a new connection per request, so both workers take some).
        for endpoint in endpoints.values():
            run(server.port, endpoint, 8 * len(PEOPLE), args.clients, close=True)
        for number in range(args.rounds):
            order = list(endpoints.values())
            rates = {}
            for endpoint in order if number % 2 == 0 else order[::-1]:
                round_latencies, wall = run(server.port, endpoint, args.requests, args.clients)
                latencies[endpoint.kind] += round_latencies
                walls[endpoint.kind] += wall
                rates[endpoint.kind] = len(round_latencies) / wall
            round_ratios.append(rates["scim"] / rates["api"])
        same_employee_check()
    except BenchError as error:
        raise BenchError(f"{error}\nThe server's log:\n{server.log_tail()}") from None
    finally:
        server.stop()
    print(
        f"{args.rounds} rounds of {args.requests} requests per endpoint from {args.clients} "
        "clients, taking turns; every request creates an employee"
    )
    print(f"{'request':<20} {'queries':>7} {'req/s':>7} {'p50 ms':>7} {'p99 ms':>7} {'reqs':>5}")
    rates = {}
    for kind, label in LABELS.items():
        rates[kind] = len(latencies[kind]) / walls[kind]
        p50, p99 = percentile(latencies[kind], 0.5), percentile(latencies[kind], 0.99)
        print(
            f"{label:<20} {queries[kind]:>7} {rates[kind]:>7.1f} {p50 * 1000:>7.1f} "
            f"{p99 * 1000:>7.1f} {len(latencies[kind]):>5}"
        )
    ratio = rates["scim"] / rates["api"]
    verdict = "met" if ratio >= RATIO_GOAL else "NOT met"
    print(f"SCIM/API requests/s: {ratio:.3f} (goal >= {RATIO_GOAL:.2f}: {verdict})")
    print(f"  round by round: {', '.join(f'{each:.3f}' for each in round_ratios)}")
    if args.profile:
        for first, kind in enumerate(endpoints, start=2):
            print()
            print(profile(kind, raw_key, raw_token, first * 10_000_000, args.profile))
    print(f"Done in {time.perf_counter() - started:.0f}s")
    return 0


if __name__ == "__main__":
    run_script(main, "bench/scim.py")
