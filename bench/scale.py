"""Proof at scale on one machine (issue 14): two gunicorn instances, two Celery workers and beat
on one PostgreSQL and one Redis, 200 mixed writes across both instances, one worker SIGKILLed
mid-run, then the promises checked.

    .venv/bin/python bench/scale.py [--writes 200] [--clients 8] [--ports 8821,8822]
        [--database-url postgres://postgres@127.0.0.1:5432/hlos_scale]
        [--redis-url redis://127.0.0.1:6379/13] [--drain-seconds 90]

The database (its name must contain "scale") is dropped and made anew, the Redis database
flushed; the run refuses to start while another program is connected to that Redis database
(its workers would take this run's tasks), and fails if one connected during the run.

The writes: quotes sent twice with the same poNumber (one 201, one 200 with the same order),
onboardings of the same storage item sent three times at once (one 201, two 400), cancels sent
twice at once (both 200), and employee upserts; each group's requests go out together,
alternating between the instances. Webhooks go to a local receiver
(tests.receivers.Receiver) that records every delivery and answers 200 after --receiver-delay
seconds, so deliveries are in flight when the worker is killed. Exits 1 when a check fails.
"""

import argparse
import io
import random
import shutil
import sys
import tempfile
import threading
import time
from collections import Counter
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

# The bench and tests packages are imported from this tree, wherever the script is started.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import scale_checks
from bench.scale_stack import Stack, call, call_ok, process_environment
from bench.seed import BenchError, recreate_database, service_environment, setup_django
from bench.serving import percentile, run_script, stop_on_signals
from tests.receivers import Receiver

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/hlos_scale"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/13"
CODES = ["SC1", "SC2", "SC3"]
EMPLOYEES_PER_COMPANY = 2


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--writes", type=int, default=200, help="writes to send (default: 200)")
    parser.add_argument("--clients", type=int, default=8, help="client threads (default: 8)")
    parser.add_argument("--ports", default="8821,8822", help="the two instances' ports")
    parser.add_argument("--database-url", default=DEFAULT_DATABASE_URL)
    parser.add_argument("--redis-url", default=DEFAULT_REDIS_URL)
    parser.add_argument("--drain-seconds", type=float, default=90.0)
    parser.add_argument("--receiver-delay", type=float, default=0.3)
    parser.add_argument("--seed", type=int, default=14, help="of the writes' order")
    parser.add_argument(
        "--no-restart", action="store_true", help="leave the killed worker dead (default: restart)"
    )
    parser.add_argument("--keep-logs", action="store_true", help="keep the Celery logs")
    args = parser.parse_args()
    args.ports = [int(port) for port in args.ports.split(",")]
    if len(args.ports) != 2 or args.writes < 40:
        parser.error("two ports, and 40 writes or more")
    return args


def redis_client(url: str):
    import redis

    client = redis.Redis.from_url(url)
    where = client.connection_pool.connection_kwargs
    if where.get("host") not in ("127.0.0.1", "localhost") or not where.get("db"):
        raise BenchError("The Redis URL must be on 127.0.0.1 and name a database other than 0")
    return client


def foreign_connections(url: str) -> int:
    """Connections to the run's Redis database other than the one asking: before the stack
    starts, or after it stopped, another program's (a worker of another run would take this
    run's tasks, which then look lost)."""
    client = redis_client(url)
    database = client.connection_pool.connection_kwargs["db"]
    mine = client.client_id()
    others = [c for c in client.client_list() if int(c["db"]) == database and c["id"] != str(mine)]
    client.close()
    return len(others)


def foreign_connections_left(url: str, seconds: float = 10) -> int:
    """The connections still open `seconds` after the stack stopped: Redis sees a process's
    connections close a moment after the process is gone, so it is asked until none is left."""
    deadline = time.monotonic() + seconds
    while (count := foreign_connections(url)) and time.monotonic() < deadline:
        time.sleep(0.2)
    return count


def fresh_redis(url: str) -> None:
    if count := foreign_connections(url):
        raise BenchError(f"{count} other connections use {url}: it must be this run's alone")
    client = redis_client(url)
    client.flushdb()
    client.close()


def api_key() -> str:
    """The demo catalog and types (seed_demo), and an API client of the script."""
    from django.core.management import call_command

    from companies.services import api_client_create

    call_command("seed_demo", stdout=io.StringIO())
    return api_client_create(name="Scale client")[1]


def employee(code: str, number: int, desk: int = 0) -> dict:
    return {
        "companyCode": code,
        "firstName": "Scale",
        "lastName": f"Person {number}",
        "email": f"person{number}@{code.lower()}.example.com",
        "phone": "+16175550123",
        "governmentDNI": f"123-45-{6780 + number}",
        "address": "1 Beacon Street",
        "addressExtraInfo": f"Desk {desk}",
        "city": "Boston",
        "postCode": "02108",
        "countryCode": "US",
    }


def seed_companies(port: int, key: str, receiver_url: str, items: int) -> dict:
    """Through the API: the companies (webhooks to the receiver), their employees, and `items`
    storage items spread over them. Answers the items as (company code, id)."""
    storage = []
    for code in CODES:
        body = {"name": f"Scale {code}", "companyCode": code, "webhookUrl": receiver_url}
        call_ok(port, "POST", "/companies", key, body)
        for number in range(EMPLOYEES_PER_COMPANY):
            call_ok(port, "POST", "/employees", key, employee(code, number))
    for index in range(items):
        code = CODES[index % len(CODES)]
        body = {"companyCode": code, "countryCode": "US", "hardwareType": "MONITOR"}
        body["serialNumber"] = f"SCALE-{index}"
        storage.append((code, call_ok(port, "POST", "/hardwares", key, body)[0]["id"]))
    return storage


class Writes:
    """The mixed writes, in groups sent together; each request's status by instance, kind and
    latency; the problems with what the interface promises."""

    def __init__(self, args, key: str):
        self.args, self.key = args, key
        self.total = args.writes
        self.po_pairs = round(self.total * 0.225)
        self.contested_items = round(self.total * 0.1)
        self.cancel_pairs = round(self.total * 0.075)
        self.upserts = self.total - 2 * self.po_pairs - 3 * self.contested_items
        self.upserts -= 2 * self.cancel_pairs
        self.statuses = {port: Counter() for port in args.ports}
        self.kinds: Counter = Counter()
        self.latencies: list[float] = []
        self.problems: list[str] = []
        self.done = 0
        self.lock = threading.Lock()
        self.turn = iter(range(10**9))

    def send(self, kind: str, method: str, path: str, body: dict):
        port = self.args.ports[next(self.turn) % 2]  # alternate between the instances
        began = time.perf_counter()
        status, answer = call(port, method, path, self.key, body)
        with self.lock:
            self.latencies.append(time.perf_counter() - began)
            self.statuses[port][status] += 1
            self.kinds[f"{kind} {status}"] += 1
            self.done += 1
        return status, answer

    def problem(self, text: str) -> None:
        with self.lock:
            self.problems.append(text)

    def quote(self, code: str, po: str):
        body = {"companyCode": code, "countryCode": "US", "sendTo": "STORAGE", "poNumber": po}
        body["hardwares"] = [{"hardwareType": "MONITOR", "brand": "DELL", "amount": 1}]
        status, answer = self.send("quote", "POST", "/orders/quote", body)
        if status not in (200, 201):
            self.problem(f"quote {po}: {status} {answer}")
            return status, None
        return status, answer["envelop"][0]["id"]

    def quote_pair(self, code: str, po: str, results: list[Future]):
        statuses = sorted(result.result()[0] for result in results)
        ids = {result.result()[1] for result in results}
        if statuses != [200, 201] or len(ids) != 1:
            self.problem(f"poNumber {po} twice: {statuses}, {len(ids)} orders")

    def onboard(self, code: str, item: str, number: int):
        body = {"companyCode": code, "hardwareIds": [item]}
        body["employeeEmail"] = employee(code, number % EMPLOYEES_PER_COMPANY)["email"]
        return self.send("onboarding", "POST", "/movement_requests/onboarding", body)[0]

    def cancel(self, code: str, quoted: Future):
        status, answer = self.send(
            "cancel", "POST", "/orders/cancel", {"companyCode": code, "id": quoted.result()[1]}
        )
        if status != 200 or answer["envelop"][0]["status"] != "CANCELLED":
            self.problem(f"cancel: {status} {answer}")

    def upsert(self, code: str, number: int, desk: int):
        status, answer = self.send("upsert", "POST", "/employees", employee(code, number, desk))
        if status != 200:
            self.problem(f"upsert: {status} {answer}")

    def run(self, pool: ThreadPoolExecutor, items: list, on_half) -> Counter:
        """Send every group; `on_half` is called once half the writes are answered. Answers the
        events the writes must have caused, by kind."""
        randomly = random.Random(self.args.seed)
        groups = []
        for index in range(self.po_pairs):
            groups.append(("quote", CODES[index % len(CODES)], f"PO-{index:04d}"))
        for code, item in items[: self.contested_items]:
            groups.append(("onboard", code, item))
        for index in range(self.upserts):
            groups.append(("upsert", CODES[index % len(CODES)], index))
        randomly.shuffle(groups)
        # A cancel pair goes some groups after its order's quote pair, never before it: a client
        # thread waits for the quote's answer, which is already being sent (groups go out in order).
        quote_positions = [i for i, group in enumerate(groups) if group[0] == "quote"]
        for position in sorted(randomly.sample(quote_positions, self.cancel_pairs), reverse=True):
            later = randomly.randint(position + 1, len(groups))
            groups.insert(later, ("cancel", groups[position][1], groups[position][2]))
        quoted, futures, onboardings = {}, [], []
        half = threading.Event()
        for group in groups:
            kind, code, subject = group
            if kind == "quote":
                pair = [pool.submit(self.quote, code, subject) for _ in range(2)]
                quoted[subject] = pair[0]
                futures += [*pair, pool.submit(self.quote_pair, code, subject, pair)]
            elif kind == "onboard":
                trio = [pool.submit(self.onboard, code, subject, n) for n in range(3)]
                onboardings.append((subject, trio))
                futures += trio
            elif kind == "cancel":
                futures += [pool.submit(self.cancel, code, quoted[subject]) for _ in range(2)]
            else:
                futures.append(pool.submit(self.upsert, code, subject % 2, subject))
        for future in futures:
            future.result()
            if not half.is_set() and self.done >= self.total // 2:
                half.set()
                on_half()
        for item, trio in onboardings:
            statuses = sorted(result.result() for result in trio)
            if statuses != [201, 400, 400]:
                self.problem(f"onboarding of {item} three times at once: {statuses}")
        return Counter(
            {
                "order.created": self.po_pairs,
                "order.cancelled": self.cancel_pairs,
                "movement_request.created": self.contested_items,
            }
        )


def kill_one_worker(stack: Stack, receiver: Receiver, restart: bool) -> None:
    """SIGKILL worker 1 while a delivery is in flight (waiting up to 5 s for one), then start
    another in its place, as a process manager would."""
    deadline = time.monotonic() + 5
    while receiver.in_flight == 0 and time.monotonic() < deadline:
        time.sleep(0.01)
    stack.workers[0].kill()
    print(f"  worker 1 SIGKILLed ({receiver.in_flight} deliveries in flight at the receiver)")
    if restart:
        threading.Thread(target=stack.restart_worker, args=(0,), daemon=True).start()


def drain(codes: list[str], seconds: float) -> float | None:
    """Seconds until no event of the companies is pending; None if they run out first."""
    began = time.monotonic()
    while scale_checks.outbox_pending(codes):
        if time.monotonic() - began > seconds:
            return None
        time.sleep(0.5)
    return time.monotonic() - began


def main() -> int:
    args = parse_args()
    stop_on_signals()
    began = time.monotonic()
    recreate_database(args.database_url, marker="scale")
    fresh_redis(args.redis_url)
    setup_django(args.database_url)
    from django.conf import settings

    key = api_key()
    receiver = Receiver(200, answer_after=args.receiver_delay)
    # A killed worker leaves the receiver answering a closed socket: expected, not printed.
    receiver.server.handle_error = lambda request, address: None
    environment = process_environment(
        service_environment(args.database_url, "127.0.0.1"), args.redis_url
    )
    logs = Path(tempfile.mkdtemp(prefix="hlos-scale-"))
    stack = Stack(settings.DATABASES["default"], environment, args.ports, 2, logs)
    try:
        writes = Writes(args, key)
        items = seed_companies(args.ports[0], key, receiver.url, writes.contested_items)
        print(f"Stack up and seeded in {time.monotonic() - began:.1f}s: {stack_line(args)}")
        with ThreadPoolExecutor(args.clients) as pool:
            drive_began = time.perf_counter()
            expected = writes.run(
                pool, items, lambda: kill_one_worker(stack, receiver, not args.no_restart)
            )
            drive = time.perf_counter() - drive_began
        drained = drain(CODES, args.drain_seconds)
        received = list(receiver.requests)
    finally:
        stack.stop()
        receiver.close()
    foreign = foreign_connections_left(args.redis_url)
    status = report(args, writes, expected, received, drive, drained, time.monotonic() - began)
    if foreign:
        print(f"FAIL {foreign} connections of another program to {args.redis_url} after the run")
        status = 1
    if status or args.keep_logs:
        print(f"The workers' and beat's logs are kept in {logs}")
    else:
        shutil.rmtree(logs)
    return status


def stack_line(args) -> str:
    return (
        f"2 gunicorn instances (ports {args.ports[0]}, {args.ports[1]}; 2 processes x 8 threads "
        "each), 2 Celery workers (prefork, 2 children each), beat"
    )


def report(args, writes, expected, received, drive, drained, total) -> int:
    checks = [
        (
            drained is not None,
            f"outbox drained within {args.drain_seconds:.0f}s: "
            f"{scale_checks.outbox_pending(CODES)} events pending",
        ),
        (not writes.problems, f"answers as the interface says: {len(writes.problems)} problems"),
        scale_checks.check_statuses(writes.statuses),
        *scale_checks.check_deliveries(CODES, received),
        scale_checks.check_event_kinds(CODES, expected),
        *scale_checks.check_numbers(),
        scale_checks.check_open_movements(),
    ]
    print(
        f"writes: {writes.done} in {drive:.1f}s = {writes.done / drive:.1f} writes/s from "
        f"{args.clients} client threads; p50 {percentile(writes.latencies, 0.5) * 1000:.0f} ms, "
        f"p99 {percentile(writes.latencies, 0.99) * 1000:.0f} ms"
    )
    print(f"  by kind and status: {dict(sorted(writes.kinds.items()))}")
    if drained is not None:
        print(f"outbox drained {drained:.1f}s after the last answer; run took {total:.0f}s")
    for text in scale_checks.pending_lines(CODES)[:10]:
        print(f"  {text}")
    for text in writes.problems[:10]:
        print(f"  problem: {text}")
    for passed, line in checks:
        print(f"{'ok  ' if passed else 'FAIL'} {line}")
    failed = sum(not passed for passed, _ in checks)
    print("all checks passed" if not failed else f"{failed} checks failed")
    return 1 if failed else 0


if __name__ == "__main__":
    run_script(main, "scale")
