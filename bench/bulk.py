"""Benchmark of bulk jobs (issue 33): `--items` onboardings of one storage item each, in one run,
sent three ways that take turns round by round (the first arm rotating):

- **single calls**: `POST /movement_requests/onboarding`, one item a call, from `--clients`
  concurrent clients on kept-alive connections, against the service under the repository's
  gunicorn settings (2 gthread workers of 8 threads, as bench/writes.py serves it, workers not
  recycled): the wall time from the first request to the last answer;
- **job, 2 workers**: one `POST /bulk-jobs` (`MOVEMENT_REQUESTS_ONBOARDING`) of the same items,
  run by two real Celery worker processes (`celery -A config worker --pool prefork
  --concurrency 1`, each consuming BULK_JOB_QUEUE, started before the rounds and warmed by a job
  of their own): the wall time from the POST to the job's `finishedAt`, seen by polling
  `GET /bulk-jobs/{id}` every `--poll` seconds;
- **job, 1 worker**: the same, the second worker told to stop consuming the queue (Celery's
  `cancel_consumer`) for the arm and to take it up again after.

The goals (issue 33): the single calls' time over the job's on two workers 1.0 or more (target
1.5), the job's time on one worker over its time on two 1.4 or more, both judged on the median
of the rounds' ratios (each round's arms run back to back, so a change in the machine's load
weighs on them alike).

Both arms run as deployed with a broker (`--redis-url`, a Redis db of the bench's own, flushed,
which no other program may use) and request budgets lifted (`API_THROTTLE_RATE`, bench/seed.py).
The company has no webhook URL in every arm (its events are written as NO_ENDPOINT, none handed
to the broker). Every arm onboards items of its own (storage items not in movement), each to one
of the company's 200 employees in turn; before each arm the database is vacuumed, outside the
time measured.

Printed per round and arm: seconds, items/s, and the CPU seconds of the web processes
(gunicorn's master and workers), of the Celery worker processes (main and pool children), of
the bench database's PostgreSQL backends and of this process (the single calls' clients, the
job's reads), with the CPUs they kept busy on average (from /proc); for a job, the time to its
POST's answer and to its start, and its items' rate over its first and last tenth (by their
`finished_at`). Then the ratios and the CPU per item; and, measured in process before the
servers start (`--probe` items each way, one at a time): the wall and CPU time and the
statements of a single call (Django's test client) and of a job's item (the job's runs taken
from the in-memory broker and run here as a worker runs them), and with `--show-sql` the
statements of one item's transaction. Checked after each arm: every single call answered 201,
every job SUCCEEDED with `counts.failed == 0`, and the arm made exactly `--items` movement
requests, one for each of its items.

    .venv/bin/python bench/bulk.py [--items 5000] [--rounds 3] [--clients 4] [--poll 0.5]
        [--probe 200] [--show-sql] [--keep-logs]
        [--redis-url redis://127.0.0.1:6379/10]
        [--database-url postgres://postgres@127.0.0.1:5432/hlos_bench_bulk]

The database is dropped and made anew (its name must contain "bench"). Linux only (/proc);
traffic goes to 127.0.0.1 only.
"""

import argparse
import math
import shutil
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path

import psutil
from psycopg.conninfo import conninfo_to_dict

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bulk_probe import PROBE_COUNTED, probe
from bench.bulk_stack import (
    Control,
    CpuSampler,
    bulk_worker,
    job_run,
    own_backend,
    singles_sent,
    worker_name,
)
from bench.scale import fresh_redis
from bench.scale_stack import Celery
from bench.seed import BenchError, fresh_company, seed_hardware, service_environment
from bench.serving import Server, run_script, stop_on_signals
from bench.tracking_recording import vacuum
from bench.writes import trail_set

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/hlos_bench_bulk"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/10"
ARMS = {
    "single": "single calls",
    "job2": "job, 2 workers",
    "job1": "job, 1 worker",
}
SPEEDUP_GOAL, SPEEDUP_TARGET = 1.0, 1.5
SCALING_GOAL = 1.4
WORKERS = 2
# The warm-up's items: single calls, and the workers' first job.
WARMUP_CALLS, WARMUP_JOB = 40, 200


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--items", type=int, default=5000, help="onboardings per arm and round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--clients", type=int, default=4, help="concurrent single-call clients")
    parser.add_argument("--poll", type=float, default=0.5, help="seconds between job reads")
    parser.add_argument("--probe", type=int, default=200, help="items timed in process, each way")
    parser.add_argument("--show-sql", action="store_true", help="list one job item's statements")
    parser.add_argument("--keep-logs", action="store_true", help="keep the Celery workers' logs")
    parser.add_argument("--redis-url", default=DEFAULT_REDIS_URL)
    parser.add_argument("--database-url", default=DEFAULT_DATABASE_URL)
    args = parser.parse_args()
    if args.items < 10 or args.rounds < 1 or args.clients < 1 or args.probe < 1:
        parser.error("--items 10 or more, --rounds, --clients and --probe 1 or more")
    return args


# --- data ---------------------------------------------------------------------------------


def storage_items(base: dict, needed: int) -> list[str]:
    """`needed` ids of storage items not in movement (seed_hardware's: 40% in storage, one
    item in 17 in movement), seeded for the purpose with the audit trail's triggers off: with
    them on, one COPY of 120,000 items took 9 minutes (20,000: 10 s on, 1.4 s off)."""
    from hardware.models import Hardware

    trail_set("off")
    try:
        seed_hardware(math.ceil(needed / 0.37) + 500, base)
    finally:
        trail_set("on")
    items = Hardware.objects.filter(status="STORAGE", in_movement=False, country_code="US")
    ids = [str(pk) for pk in items.order_by("serial_number").values_list("id", flat=True)[:needed]]
    if len(ids) < needed:
        raise BenchError(f"only {len(ids)} items in storage: seed more")
    return ids


def item_bodies(base: dict, item_ids: list[str]) -> list[dict]:
    """An onboarding body (without companyCode) per item, to the employees in turn."""
    emails = [employee.email for employee in base["employees"]]
    return [
        {"employeeEmail": emails[index % len(emails)], "hardwareIds": [item_id]}
        for index, item_id in enumerate(item_ids)
    ]


def movement_requests_of(item_ids: list[str]) -> int:
    from logistics.models import MovementRequest

    return MovementRequest.objects.filter(hardwares__in=item_ids).distinct().count()


# --- the arms -----------------------------------------------------------------------------


def check_arm(arm: str, item_ids: list[str], measured: dict) -> None:
    """Every item of the arm onboarded: the job SUCCEEDED with none failed, and one movement
    request made for each item."""
    if arm != "single":
        job = measured["job"]
        counts = job["counts"]
        if job["status"] != "SUCCEEDED" or counts["failed"] or counts["succeeded"] != len(item_ids):
            raise BenchError(f"{ARMS[arm]}: the job ended {job['status']} with {counts}")
    made = movement_requests_of(item_ids)
    if made != len(item_ids):
        raise BenchError(f"{ARMS[arm]}: {made} movement requests for {len(item_ids)} items")


def measure(args, server: Server, workers: list[Celery], control: Control, key: str, bodies):
    """The rounds, each arm in turn (the first rotating), with their CPU; each arm checked."""
    second = worker_name(2)
    database = conninfo_to_dict(args.database_url)["dbname"]
    timeout = max(600.0, args.items / 2)
    rounds = []
    for number in range(args.rounds):
        arms = list(ARMS)
        arms = arms[number % len(arms) :] + arms[: number % len(arms)]
        measured = {}
        for arm in arms:
            item_ids, arm_bodies = bodies[number, arm]
            # Outside the time: the tables as autovacuum would leave them, not the dead rows
            # of the arms before.
            vacuum()
            if arm == "job1":
                control.set_consuming(second, False)
            try:
                sampler = CpuSampler(server, workers, database, own_backend())
                try:
                    if arm == "single":
                        result = singles_sent(server.port, key, arm_bodies, args.clients)
                    else:
                        result = job_run(server.port, key, arm_bodies, args.poll, timeout)
                finally:
                    result_cpu = sampler.stop()
                result["cpu"] = result_cpu
            finally:
                if arm == "job1":
                    control.set_consuming(second, True)
            check_arm(arm, item_ids, result)
            measured[arm] = result
            print(f"  round {number + 1}: {line(arm, result, args.items)}", flush=True)
        rounds.append(measured)
    return rounds


# --- report -------------------------------------------------------------------------------


def line(arm: str, result: dict, items: int) -> str:
    cpu = result["cpu"]
    text = (
        f"{ARMS[arm]:<15} {result['wall']:>7.1f} s {items / result['wall']:>7.1f} items/s; CPU s: "
        f"web {cpu['web']:.1f}, workers {cpu['workers']:.1f}, PostgreSQL {cpu['postgres']:.1f}, "
        f"bench {cpu['bench']:.1f} ({sum(cpu.values()) / result['wall']:.2f} CPUs busy)"
    )
    if arm == "single":
        text += f"; p50 {result['p50'] * 1000:.1f} ms, p99 {result['p99'] * 1000:.1f} ms"
    else:
        first, last = result["pace"]
        text += (
            f"; answered in {result['answered']:.2f} s, started at {result['started']:.2f} s; "
            f"first tenth {first:.0f} items/s, last tenth {last:.0f}"
        )
    return text


def verdict(value: float, goal: float) -> str:
    return "met" if value >= goal else "NOT met"


def report(args, rounds: list[dict], probed: dict) -> None:
    items = args.items
    print()
    print(
        f"{'arm':<15} {'median s':>9} {'best s':>7} {'items/s':>8} | CPU ms an item: "
        f"{'web':>6} {'workers':>7} {'postgres':>8} {'bench':>6} {'total':>6}"
    )
    for arm, label in ARMS.items():
        walls = [each[arm]["wall"] for each in rounds]
        cpu = {
            part: sum(each[arm]["cpu"][part] for each in rounds) / (items * len(rounds)) * 1000
            for part in ("web", "workers", "postgres", "bench")
        }
        print(
            f"{label:<15} {statistics.median(walls):>9.1f} {min(walls):>7.1f} "
            f"{items / statistics.median(walls):>8.1f} | {'':>15} {cpu['web']:>6.2f} "
            f"{cpu['workers']:>7.2f} {cpu['postgres']:>8.2f} {cpu['bench']:>6.2f} "
            f"{sum(cpu.values()):>6.2f}"
        )
    speedups = [each["single"]["wall"] / each["job2"]["wall"] for each in rounds]
    scalings = [each["job1"]["wall"] / each["job2"]["wall"] for each in rounds]
    speedup, scaling = statistics.median(speedups), statistics.median(scalings)
    print(
        f"single calls / job on {WORKERS} workers: {speedup:.2f} (median of rounds; goal >= "
        f"{SPEEDUP_GOAL:g}: {verdict(speedup, SPEEDUP_GOAL)}; target {SPEEDUP_TARGET:g}: "
        f"{verdict(speedup, SPEEDUP_TARGET)}); rounds: "
        + ", ".join(f"{each:.2f}" for each in speedups)
    )
    print(
        f"job on 1 worker / on {WORKERS} workers: {scaling:.2f} (median of rounds; goal >= "
        f"{SCALING_GOAL:g}: {verdict(scaling, SCALING_GOAL)}); rounds: "
        + ", ".join(f"{each:.2f}" for each in scalings)
    )
    spent = {arm: sum(sum(each[arm]["cpu"].values()) for each in rounds) for arm in ARMS}
    print(
        f"CPU an item, single calls / job on {WORKERS} workers: "
        f"{spent['single'] / spent['job2']:.2f} (every process measured: where both arms keep "
        "the machine's CPUs busy, the ratio of times follows it; other programs' load does not "
        "move it)"
    )
    single, job = probed["single"], probed["job"]

    def timed(figures: dict) -> str:
        return (
            f"{figures['wall'] * 1000:.2f} ms wall, {figures['cpu'] * 1000:.2f} ms CPU + "
            f"PostgreSQL {figures['postgres'] * 1000:.2f} ms"
        )

    print(
        f"in process, one at a time ({args.probe} items each): single call {timed(single)}, "
        f"{single['statements']} statements; job item {timed(job)}, {job['statements']:.1f} "
        f"statements (one item's transaction: {job['statements_one']}; BEGIN, COMMIT and "
        "savepoints included)"
    )
    for number, sql in enumerate(job["sql"], 1):
        print(f"  {number:>2}. {sql[:300]}")


def main() -> int:
    args = parse_args()
    stop_on_signals()
    started = time.perf_counter()
    raw_key, base = fresh_company(args.database_url)
    needed = WARMUP_CALLS + WARMUP_JOB + 2 * args.probe + 1 + PROBE_COUNTED
    needed += args.rounds * len(ARMS) * args.items
    ids = iter(storage_items(base, needed))

    def take(count: int) -> list[str]:
        return [next(ids) for _ in range(count)]

    probe_single, probe_job = take(args.probe + 1), take(args.probe + PROBE_COUNTED)
    warmup_calls, warmup_job = take(WARMUP_CALLS), take(WARMUP_JOB)
    bodies = {}
    for number in range(args.rounds):
        for arm in ARMS:
            item_ids = take(args.items)
            bodies[number, arm] = (item_ids, item_bodies(base, item_ids))
    seeded = time.perf_counter() - started
    print(f"Seeded in {seeded:.0f}s; probing in process ({args.probe} items each way)", flush=True)
    probed = probe(
        raw_key,
        base["company"],
        item_bodies(base, probe_single),
        item_bodies(base, probe_job),
        args.show_sql,
    )

    from django.conf import settings

    queue = settings.BULK_JOB_QUEUE
    fresh_redis(args.redis_url)
    environment = service_environment(args.database_url, "127.0.0.1") | {
        # The broker and the budgets' cache, as deployed.
        "REDIS_URL": args.redis_url,
        # No web worker is replaced mid-run (5,000 calls a round).
        "GUNICORN_MAX_REQUESTS": "0",
    }
    logs = Path(tempfile.mkdtemp(prefix="bench-bulk-"))
    server = Server("service", "config.wsgi:application", environment, worker_class="gthread")
    workers: list[Celery] = []
    control = Control(args.redis_url, queue)
    try:
        workers = [bulk_worker(number, environment, queue, logs) for number in (1, 2)]
        server.wait_until_up()
        for each in workers:
            each.wait_until_ready()
        # Warm-up: both web workers and both Celery workers have connected and run some.
        singles_sent(server.port, raw_key, item_bodies(base, warmup_calls), args.clients)
        job_run(server.port, raw_key, item_bodies(base, warmup_job), args.poll, 300)
        print(
            f"Warm: {len(workers)} workers consuming {queue!r} "
            f"({', '.join(str(each.process.pid) for each in workers)}); measuring "
            f"{args.rounds} rounds of {args.items:,} items an arm",
            flush=True,
        )
        rounds = measure(args, server, workers, control, raw_key, bodies)
    except BenchError as error:
        tails = "\n".join(f"{each.label}'s log:\n{each.log_text()[-2000:]}" for each in workers)
        raise BenchError(f"{error}\nThe service's log:\n{server.log_tail()}\n{tails}") from None
    finally:
        control.close()
        for each in workers:
            each.stop()
        server.stop()
        if args.keep_logs:
            print(f"Workers' logs kept in {logs}")
        else:
            shutil.rmtree(logs, ignore_errors=True)
    print(
        f"{args.items:,} onboardings (one item each) an arm, {args.rounds} rounds taking turns; "
        f"{args.clients} clients for the single calls; {WORKERS} Celery worker processes "
        f"(prefork, 1 child each) on {queue!r}; host {socket.gethostname()}, "
        f"{psutil.cpu_count()} CPUs"
    )
    report(args, rounds, probed)
    print(
        f"checked: every single call 201, every job SUCCEEDED with 0 failed, "
        f"{args.items:,} movement requests an arm and round"
    )
    print(f"Done in {time.perf_counter() - started:.0f}s")
    return 0


if __name__ == "__main__":
    run_script(main, "bench/bulk.py")
