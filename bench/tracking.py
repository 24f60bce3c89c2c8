"""Benchmark of the carriers' callbacks (issue 31): 10,000 EasyPost `tracker.updated` Events
(500 shipments) posted to `POST /tracking/webhooks/easypost` by 4 concurrent senders, in one
run, against two limits, all three under the repository's gunicorn settings (2 gthread workers
of 8 threads, workers not recycled):

- the **Django-stack limit**, which the goal is held to: the issue's "limit that only verifies
  the signature and inserts the row", on the service's own stack (bench/limit_tracking_urls.py:
  a Django view checking the signature with the service's own check and inserting the body as
  JSON in one statement, served by `config.wsgi:application` with the project's settings and
  middleware, its URLconf alone changed: bench/limit_tracking_settings.py). The service over it
  is what our ingestion costs beyond the minimal callback. The goal: 50% or more of its
  callbacks per second.
- the **bare limit**, a reference (bench/limit_tracking.py: the same signature and insert as a
  bare WSGI callable): Django's floor. Django's fixed cost alone left a Django endpoint at
  about 0.46 of a bare app (a refused signature, no database work: 509/s against 1,118/s,
  measured before), and the run prints the Django-stack limit's own ratio to it: no goal is
  held to it.

The service runs with a broker (`--redis-url`, a Redis db of the bench's own, whose queue must
be empty at the start), as deployed: its callback keeps the update for the workers
(`tracking_update_accept`, tracking.callbacks), whose beat hands them a run every 2 seconds;
no Celery worker or beat runs while the callbacks are timed. After each round (all three
sides), the kept updates are recorded as the workers' runs record them
(`record_received_updates`, around `received_updates_record`), by 1 process of the bench
standing for 1 worker or 2 for 2 (`--record-workers`, taken in turn round by round; processes,
as threads would share one interpreter lock), timed apart: events recorded per second per
worker. The broker's queue is counted at the end: a callback publishes nothing.

The data: one company (no webhook URL: the outbox rows of the shipments' moves are written, as
NO_ENDPOINT, but none is handed to the broker), and `--shipments` onboardings made and moved to
COORDINATED through the services, each with a tracking code of its own (`BENCH000001`..., which
no carrier's format recognises: the shipment's carrier is UNKNOWN until its first update names
USPS). Each shipment hears a story of `--events / --shipments` tracking details, one new detail
a callback (bench/tracking_stories.py): label made, picked up, carried from facility to
facility, out for delivery, delivered; every other shipment with a failed attempt that moves the
delivery date expected. Round r sends every shipment's details [r*k, r*k+k), shipment after
shipment, to each side in turn (the first side rotating), the same bodies signed alike. Before
each round the database is vacuumed, outside the time measured.

Printed: callbacks/s of wall time, p50/p99 latency of each side; the service's callbacks/s over
each limit's for the run and round by round; the CPU a callback costs each side (its gunicorn
workers and the bench database's PostgreSQL backends, from /proc); the statements of a callback
and of recording an update (in process, any BEGIN and COMMIT included); events recorded per second
per worker. Checked after the run: every shipment DELIVERED with its story's events, no kept
update left, each limit keeping every callback, every movement request showing its shipment's
ETA.

    .venv/bin/python bench/tracking.py [--events 10000] [--shipments 500] [--rounds 4]
        [--clients 4] [--record-workers 1,2] [--profile 0]
        [--redis-url redis://127.0.0.1:6379/12]
        [--database-url postgres://postgres@127.0.0.1:5432/hlos_bench_tracking]

`--profile N` then posts N callbacks in process to the service and to the Django-stack limit,
printing each one's wall and CPU time, time in the database driver and statements, then
pyinstrument's tree of N more of the service's (`.venv/bin/pip install pyinstrument`).

The database is dropped and made anew (its name must contain "bench"). Linux only (/proc);
traffic goes to 127.0.0.1 only.
"""

import argparse
import itertools
import math
import os
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.cpu import cpu_seconds
from bench.seed import BenchError, fresh_company, seed_hardware, service_environment
from bench.serving import (
    ROUNDS,
    Server,
    percentile,
    run_script,
    stop_on_signals,
    timed_in_threads,
    workers_of,
)
from bench.tracking_recording import (
    broker_use,
    profile,
    queue_length,
    record_kept,
    run_checks,
    statements_probe,
    vacuum,
)
from bench.tracking_stories import PATH, SECRET, codes_of, round_bodies, seed_shipments

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/hlos_bench_tracking"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/12"
RATIO_GOAL = 0.50
LABELS = {
    "service": f"POST {PATH}",
    "django": "limit, Django stack (signature+INSERT)",
    "bare": "limit, bare WSGI (signature+INSERT)",
}
# Shipments of their own for the warm-up and for the statements counted in process (two: one
# story of each kind), apart from the measured ones.
WARMUP_SHIPMENTS, WARMUP_EVENTS = 8, 4
PROBE_SHIPMENTS = 2


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--events", type=int, default=10_000, help="callbacks to each side")
    parser.add_argument("--shipments", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    parser.add_argument("--clients", type=int, default=4, help="concurrent senders")
    parser.add_argument(
        "--record-workers", default="1,2", help="workers recording, round after round"
    )
    parser.add_argument("--profile", type=int, default=0, help="callbacks profiled in process")
    parser.add_argument("--redis-url", default=DEFAULT_REDIS_URL)
    parser.add_argument("--database-url", default=DEFAULT_DATABASE_URL)
    args = parser.parse_args()
    if args.profile:
        try:
            import pyinstrument  # noqa: F401
        except ImportError:
            parser.error("--profile needs pyinstrument: .venv/bin/pip install pyinstrument")
    args.record_workers = [int(each) for each in args.record_workers.split(",")]
    if args.rounds < 1 or args.clients < 1 or min(args.record_workers) < 1:
        parser.error("--rounds, --clients and --record-workers must be 1 or more")
    if args.shipments < 4 * args.clients:
        # Each shipment's next callback is sent after the callbacks of all the others: with
        # as few shipments as senders, two of one shipment's could race.
        parser.error("--shipments must be 4 times --clients or more")
    if args.events % (args.shipments * args.rounds):
        parser.error("--events must be a multiple of --shipments times --rounds")
    if args.events // args.shipments < 6:
        parser.error("--events must be 6 times --shipments or more (a story's length)")
    return args


def run(port: int, bodies: list, clients: int, close: bool = False):
    """`bodies` (each with its signature) POSTed in order from `clients` threads, each on a
    kept-alive connection (or a new one per callback, `close`): the latencies and wall time."""
    supply, lock, counter = iter(bodies), threading.Lock(), itertools.count()
    headers = {"Host": "127.0.0.1", "Content-Type": "application/json"}
    headers |= {"Connection": "close"} if close else {}

    def post(connection) -> None:
        with lock:
            body, signature = next(supply)
        connection.request(
            "POST", PATH, body=body, headers=headers | {"X-Hmac-Signature": signature}
        )
        response = connection.getresponse()
        answer = response.read()
        if response.status != 200:
            raise BenchError(f"POST {PATH}: {response.status} {answer[:300]!r}")
        if close:
            connection.close()

    return timed_in_threads(port, clients, post, lambda: next(counter) < len(bodies))


def cpu_now(server: Server) -> dict[str, dict[int, float]]:
    """The CPU seconds used so far by each gunicorn worker of `server` and by each PostgreSQL
    backend connected to the bench's database (but this process's own), from /proc: the
    servers' connections only, whatever else the machine runs."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        backends = [pid for (pid,) in cursor.fetchall()]
    return {
        "worker": {pid: cpu_seconds([pid]) for pid in workers_of(server.process.pid)},
        "postgres": {pid: cpu_seconds([pid]) for pid in backends},
    }


def cpu_used(before: dict, after: dict) -> dict[str, float]:
    """CPU seconds used between two `cpu_now`, by the workers and by PostgreSQL (a process
    started between them counted from nothing)."""
    return {
        part: sum(seconds - before[part].get(pid, 0.0) for pid, seconds in after[part].items())
        for part in after
    }


def start_servers(environment: dict[str, str]) -> dict[str, Server]:
    """The service, the Django-stack limit (the service's WSGI application with the limit's
    settings) and the bare limit, all answering."""
    django = environment | {"DJANGO_SETTINGS_MODULE": "bench.limit_tracking_settings"}
    servers = {}
    try:
        for side, app, env in (
            ("service", "config.wsgi:application", environment),
            ("django", "config.wsgi:application", django),
            ("bare", "limit_tracking:application", environment),
        ):
            servers[side] = Server(side, app, env, worker_class="gthread")
        for server in servers.values():
            server.wait_until_up()
    except BaseException:
        for server in servers.values():
            server.stop()
        raise
    return servers


def measure(args, servers: dict[str, Server], bodies: list, warmup: list) -> dict:
    """The rounds: each side's callbacks in turn, then the service's kept updates recorded."""
    latencies = {side: [] for side in servers}
    walls = dict.fromkeys(servers, 0.0)
    cpu = {side: {"worker": 0.0, "postgres": 0.0} for side in servers}
    rounds, recording = [], []
    # Warm-up: both workers of each side have connected and answered (a new connection per
    # callback, so each worker takes some); the service's kept updates recorded.
    for server in servers.values():
        run(server.port, warmup, args.clients, close=True)
    record_kept(1)
    for number in range(args.rounds):
        vacuum()
        sides = list(servers)
        rates = {}
        for side in sides[number % 3 :] + sides[: number % 3]:
            before = cpu_now(servers[side])
            round_latencies, wall = run(servers[side].port, bodies[number], args.clients)
            for part, seconds in cpu_used(before, cpu_now(servers[side])).items():
                cpu[side][part] += seconds
            latencies[side] += round_latencies
            walls[side] += wall
            rates[side] = len(round_latencies) / wall
        rounds.append(rates)
        workers = args.record_workers[number % len(args.record_workers)]
        recording.append({"workers": workers} | record_kept(workers))
    return {
        "latencies": latencies,
        "walls": walls,
        "cpu": cpu,
        "rounds": rounds,
        "recording": recording,
    }


def main() -> int:
    args = parse_args()
    stop_on_signals()
    started = time.perf_counter()
    length = args.events // args.shipments
    per_round = length // args.rounds
    # Here and in the servers (which inherit this environment).
    os.environ["EASYPOST_WEBHOOK_SECRET"] = SECRET
    _, base = fresh_company(args.database_url)
    waiting = queue_length(args.redis_url)
    if waiting:
        raise BenchError(
            f"{args.redis_url} holds {waiting} queued tasks: give the bench a Redis db of its "
            "own (--redis-url)"
        )
    groups = {
        "measured": codes_of("BENCH", args.shipments),
        "warmup": codes_of("BENCHW", WARMUP_SHIPMENTS),
        "probe": codes_of("BENCHP", PROBE_SHIPMENTS),
        # Enough stories for twice `--profile` callbacks.
        "profile": codes_of("BENCHF", math.ceil(2 * args.profile / length)),
    }
    shipments = sum(len(group) for group in groups.values())
    # 40% of the items are in storage, a few of them in movement already.
    seed_hardware(3 * shipments + 50, base)
    seed_shipments(base, groups)
    seeded = time.perf_counter() - started
    broker_use(args.redis_url)
    statements = statements_probe(groups["probe"], length)
    bodies = [
        round_bodies(groups["measured"], length, number * per_round, per_round)
        for number in range(args.rounds)
    ]
    warmup = round_bodies(groups["warmup"], length, 0, WARMUP_EVENTS)
    environment = service_environment(args.database_url, "127.0.0.1") | {
        # The broker, as deployed (a callback publishes nothing to it: counted at the end).
        "REDIS_URL": args.redis_url,
        # No worker is replaced mid-run (as bench/scim.py: 10,000 callbacks would replace each
        # service worker twice at the default 2,000).
        "GUNICORN_MAX_REQUESTS": "0",
    }
    servers = start_servers(environment)
    try:
        measured = measure(args, servers, bodies, warmup)
    except BenchError as error:
        logs = "\n".join(f"The {side}'s log:\n{s.log_tail()}" for side, s in servers.items())
        raise BenchError(f"{error}\n{logs}") from None
    finally:
        for server in servers.values():
            server.stop()
    profiled = profile(groups["profile"], length, args.profile) if args.profile else None
    checked = run_checks(groups["measured"], length)
    queued = queue_length(args.redis_url)
    accepted = len(statements["callback"]["changed"] + statements["callback"]["same"])
    accepted += len(warmup) + args.events + (2 * args.profile if args.profile else 0)
    print(
        f"{args.events:,} EasyPost tracker.updated callbacks to each side ({args.shipments} "
        f"shipments, {length} tracking details each, one new a callback) from {args.clients} "
        f"senders, {args.rounds} rounds taking turns; seeded in {seeded:.0f}s"
    )
    report(args, measured, statements)
    print(
        f"checked: {args.shipments} shipments DELIVERED; events recorded "
        f"{checked['events']:,}; kept updates left 0; callbacks kept by the limits: "
        f"{checked['kept']['django']:,} and {checked['kept']['bare']:,}; changes of status "
        f"{checked['changes']:,} (the stories make {checked['expected_changes']:,}); every "
        "movement request shows its shipment's ETA"
    )
    print(
        f"tasks queued in {args.redis_url} (no worker ran): {queued:,}, for {accepted:,} "
        "callbacks the service accepted"
    )
    if profiled:
        print()
        print(profiled)
    print(f"Done in {time.perf_counter() - started:.0f}s")
    return 0


def report(args, measured: dict, statements: dict) -> None:
    latencies, walls = measured["latencies"], measured["walls"]
    print(f"{'side':<40} {'callbacks/s':>11} {'p50 ms':>7} {'p99 ms':>7} {'callbacks':>9}")
    rates = {}
    for side, label in LABELS.items():
        rates[side] = len(latencies[side]) / walls[side]
        p50, p99 = percentile(latencies[side], 0.5), percentile(latencies[side], 0.99)
        print(
            f"{label:<40} {rates[side]:>11.1f} {p50 * 1000:>7.1f} {p99 * 1000:>7.1f} "
            f"{len(latencies[side]):>9}"
        )
    ratio = rates["service"] / rates["django"]
    verdict = "met" if ratio >= RATIO_GOAL else "NOT met"
    print(f"service / Django-stack limit: {ratio:.3f} (the goal, >= {RATIO_GOAL:.2f}: {verdict})")
    print(
        f"service / bare limit: {rates['service'] / rates['bare']:.3f} (reference: Django's "
        f"floor; the Django-stack limit / bare: {rates['django'] / rates['bare']:.3f})"
    )
    for side in ("django", "bare"):
        print(
            f"  round by round, service / {side} limit: "
            + ", ".join(
                f"{each['service'] / each[side]:.3f} ({each['service']:.0f}/{each[side]:.0f})"
                for each in measured["rounds"]
            )
        )
    milliseconds = {
        side: {part: seconds / len(latencies[side]) * 1000 for part, seconds in parts.items()}
        for side, parts in measured["cpu"].items()
    }
    total = {side: sum(each.values()) for side, each in milliseconds.items()}
    print(
        "CPU a callback (gunicorn workers + PostgreSQL backends of the bench database): "
        + ", ".join(
            f"{side} {each['worker']:.2f} + {each['postgres']:.2f} ms"
            for side, each in milliseconds.items()
        )
        + f"; Django-stack limit / service {total['django'] / total['service']:.3f}"
    )
    callbacks = statements["callback"]["changed"] + statements["callback"]["same"]
    print(
        f"statements of a callback, in process: {spread(callbacks)} (any BEGIN and COMMIT "
        f"included), over {len(callbacks)} ({PROBE_SHIPMENTS} stories)"
    )
    counts = statements["record"]
    every = counts["changed"] + counts["same"]
    print(
        f"statements of recording an update, in process: {spread(counts['changed'])} when it "
        f"moves the status, {spread(counts['same'])} when not; {sum(every) / len(every):.1f} "
        f"on average over {len(every)}"
    )
    for workers in sorted({each["workers"] for each in measured["recording"]}):
        rounds = [each for each in measured["recording"] if each["workers"] == workers]
        updates, wall = (sum(each[part] for each in rounds) for part in ("updates", "wall"))
        cpu, postgres = (
            sum(each[part] for each in rounds) / updates for part in ("cpu", "postgres")
        )
        print(
            f"recording, {workers} worker{'s' if workers > 1 else ''} (after the rounds): "
            f"{updates / wall / workers:.1f} events/s a worker ({updates / wall:.1f} in all; "
            "rounds: "
            + ", ".join(f"{each['updates'] / each['wall'] / workers:.1f}" for each in rounds)
            + f"); CPU an update: worker {cpu * 1000:.2f} + PostgreSQL {postgres * 1000:.2f} ms"
        )


def spread(counts: list[int]) -> str:
    low, high = min(counts), max(counts)
    return f"{low}" if low == high else f"{low}-{high}"


if __name__ == "__main__":
    run_script(main, "bench/tracking.py")
