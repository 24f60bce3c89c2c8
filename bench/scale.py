"""Proof at scale on one machine (issues 14 and 34): HAProxy in front of two gunicorn instances,
two Celery workers and beat, all through PgBouncer to one PostgreSQL, on one Redis (and, with
`--broker rabbitmq`, RabbitMQ as the broker); 200 mixed writes through the balancer, paced, with
steady reads and upserts beside them, while every process is restarted in turn as a deploy does
(each worker, beat, each web instance: SIGTERM, then a new one), then a worker is SIGKILLed
mid-delivery; then the promises checked: no failed request, no event lost or delivered twice
without cause.

    .venv/bin/python bench/scale.py [--broker redis|rabbitmq] [--writes 200] [--clients 8]
        [--ports 8821,8822] [--pace 0.5] [--readers 4] [--read-pause 0.05]
        [--database-url postgres://postgres@127.0.0.1:5432/hlos_scale]
        [--redis-url redis://127.0.0.1:6379/13] [--drain-seconds 90]

The database (its name must contain "scale") is dropped and made anew, the Redis database
flushed; the run refuses to start while another program is connected to that Redis database
(its workers would take this run's tasks), and fails if one connected during the run.

The writes: quotes sent twice with the same poNumber (one 201, one 200 with the same order),
onboardings of the same storage item sent three times at once (one 201, two 400), cancels sent
twice at once (both 200), and employee upserts; each group's requests go out together, a group
every --pace seconds. Beside them --readers clients read lists and records and upsert employees
without pause until the restarts are done. Any answer that is not the interface's (a 5xx, a
connection refused or reset, a 502/503 from the balancer) is a failed request. Webhooks go to a
local receiver (tests.receivers.Receiver) that records every delivery and answers 200 after
--receiver-delay seconds, so deliveries are in flight when workers stop or are killed. Exits 1
when a check fails.
"""

import argparse
import io
import shutil
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

# The bench and tests packages are imported from this tree, wherever the script is started.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import scale_checks
from bench.scale_stack import Stack, process_environment
from bench.scale_traffic import CODES, Readers, Writes, seed_companies
from bench.seed import recreate_database, service_environment, setup_django
from bench.serving import percentile, run_script, stop_on_signals
from tests.rabbitmq import VirtualHost
from tests.receivers import Receiver

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/hlos_scale"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/13"


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--broker", choices=("redis", "rabbitmq"), default="redis")
    parser.add_argument("--writes", type=int, default=200, help="writes to send (default: 200)")
    parser.add_argument("--clients", type=int, default=8, help="client threads (default: 8)")
    parser.add_argument("--ports", default="8821,8822", help="the two instances' ports")
    parser.add_argument("--pace", type=float, default=0.5, help="seconds between write groups")
    parser.add_argument("--readers", type=int, default=4, help="steady traffic's client threads")
    parser.add_argument(
        "--read-pause", type=float, default=0.05, help="seconds a reader waits between requests"
    )
    parser.add_argument("--database-url", default=DEFAULT_DATABASE_URL)
    parser.add_argument("--redis-url", default=DEFAULT_REDIS_URL)
    parser.add_argument("--drain-seconds", type=float, default=90.0)
    parser.add_argument("--receiver-delay", type=float, default=0.3)
    parser.add_argument("--seed", type=int, default=14, help="of the writes' order")
    parser.add_argument("--keep-logs", action="store_true", help="keep the Celery logs")
    args = parser.parse_args()
    args.ports = [int(port) for port in args.ports.split(",")]
    if len(args.ports) != 2 or args.writes < 40:
        parser.error("two ports, and 40 writes or more")
    return args


def api_key() -> str:
    """The demo catalog and types (seed_demo), and an API client of the script."""
    from django.core.management import call_command

    from companies.services import api_client_create

    call_command("seed_demo", stdout=io.StringIO())
    return api_client_create(name="Scale client")[1]


def restart_everything(stack: Stack, receiver: Receiver, log: list[str]) -> None:
    """A deploy, one process at a time under traffic: each worker (warm shutdown); worker 1
    SIGKILLed while a delivery is in flight (waiting up to 5 s for one), as when its machine
    dies, and another started in its place; beat; each web instance (drained first)."""
    for index in range(len(stack.workers)):
        log.append(stack.restart_worker(index))
    deadline = time.monotonic() + 5
    while receiver.in_flight == 0 and time.monotonic() < deadline:
        time.sleep(0.01)
    in_flight = receiver.in_flight
    log.append(f"{stack.restart_worker(0, kill=True)} ({in_flight} deliveries in flight)")
    log.append(stack.restart_beat())
    for index in range(len(stack.servers)):
        log.append(stack.restart_web(index))


def main() -> int:
    args = parse_args()
    stop_on_signals()
    began = time.monotonic()
    recreate_database(args.database_url, marker="scale")
    scale_checks.fresh_redis(args.redis_url)
    # The machine's RabbitMQ, in a virtual host of the run's own (deleted after it).
    vhost = VirtualHost() if args.broker == "rabbitmq" else None
    broker_url = vhost.url if vhost else None
    setup_django(args.database_url)
    from django.conf import settings

    key = api_key()
    receiver = Receiver(200, answer_after=args.receiver_delay)
    # A killed worker leaves the receiver answering a closed socket: expected, not printed.
    receiver.server.handle_error = lambda request, address: None
    environment = process_environment(
        service_environment(args.database_url, "127.0.0.1"), args.redis_url, broker_url
    )
    logs = Path(tempfile.mkdtemp(prefix="hlos-scale-"))
    stack = Stack(settings.DATABASES["default"], environment, args.ports, 2, logs)
    restarts: list[str] = []
    try:
        writes = Writes(args, key, stack.balancer.port)
        items = seed_companies(stack.balancer.port, key, receiver.url, writes.contested_items)
        print(f"Stack up and seeded in {time.monotonic() - began:.1f}s: {stack_line(args)}")
        with ThreadPoolExecutor(args.clients + args.readers + 1) as pool:
            drive_began = time.perf_counter()
            readers = Readers(writes, items, pool, args.readers, args.read_pause)
            deploy = pool.submit(restart_everything, stack, receiver, restarts)
            expected = writes.run(pool, items)
            deploy.result()
            readers.stop()
            drive = time.perf_counter() - drive_began
        drained = scale_checks.drain(CODES, args.drain_seconds)
        received = list(receiver.requests)
    finally:
        stack.stop()
        receiver.close()
        if vhost:
            vhost.delete()
    foreign = scale_checks.foreign_connections_left(args.redis_url)
    for line in restarts:
        print(f"  {line}")
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
    broker = "RabbitMQ (quorum queues)" if args.broker == "rabbitmq" else "Redis"
    return (
        f"HAProxy in front of 2 gunicorn instances (ports {args.ports[0]}, "
        f"{args.ports[1]}; 2 processes x 8 threads each), 2 Celery workers (prefork, 2 children "
        f"each), beat; PgBouncer (transaction pooling) to PostgreSQL; broker {broker}"
    )


def report(args, writes, expected, received, drive, drained, total) -> int:
    checks = [
        (
            drained is not None,
            f"outbox drained within {args.drain_seconds:.0f}s: "
            f"{scale_checks.outbox_pending(CODES)} events pending",
        ),
        (not writes.problems, f"answers as the interface says: {len(writes.problems)} problems"),
        scale_checks.check_statuses(writes.statuses, writes.failures),
        *scale_checks.check_deliveries(CODES, received),
        scale_checks.check_event_kinds(CODES, expected),
        *scale_checks.check_numbers(),
        scale_checks.check_open_movements(),
    ]
    print(
        f"requests: {writes.done} in {drive:.1f}s = {writes.done / drive:.1f}/s from "
        f"{args.clients} writing and {args.readers} reading client threads; "
        f"p50 {percentile(writes.latencies, 0.5) * 1000:.0f} ms, "
        f"p99 {percentile(writes.latencies, 0.99) * 1000:.0f} ms"
    )
    print(f"  by kind and status: {dict(sorted(writes.kinds.items()))}")
    if drained is not None:
        print(f"outbox drained {drained:.1f}s after the last answer; run took {total:.0f}s")
    for text in scale_checks.pending_lines(CODES)[:10]:
        print(f"  {text}")
    for text in writes.problems[:10]:
        print(f"  problem: {text}")
    for text in writes.failures[:10]:
        print(f"  failed: {text}")
    for passed, line in checks:
        print(f"{'ok  ' if passed else 'FAIL'} {line}")
    failed = sum(not passed for passed, _ in checks)
    print("all checks passed" if not failed else f"{failed} checks failed")
    return 1 if failed else 0


if __name__ == "__main__":
    run_script(main, "scale")
