"""Load modelled on real use (issue 34, item 5), through the balancer of the deployed stack
(bench/scale_stack.py: HAProxy, two gunicorn instances, two Celery workers and beat, PgBouncer in
transaction pooling to PostgreSQL, Redis): the rate stepped up until p99 passes 250 ms, then a
soak at half the sustainable rate with web instances restarted and a worker killed, then the
sustainable rate again with every process straight to PostgreSQL, to compare the connections.

    .venv/bin/python bench/load.py [--companies 20] [--start-rate 20] [--rate-step 20]
        [--step-seconds 25] [--soak-seconds 600] [--direct-seconds 20] [--clients 64]
        [--ports 8831,8832] [--poisson]
        [--database-url postgres://postgres@127.0.0.1:5432/hlos_load]
        [--redis-url redis://127.0.0.1:6379/9]

The database (its name must contain "load") is made anew and the Redis database flushed; the run
refuses to start while another program is connected to that Redis database. Each company holds
employees and items seeded through the ORM (bench/seed.py) and a few orders made through the
API, its webhooks to a local receiver (tests.receivers.Receiver). The traffic is open-loop
(bench/load_traffic.py): 80% reads, 20% writes that make events. A step passes when its p99 is
within --p99-ms and no request failed (a 5xx, or no answer) and every answer was the
interface's; the sustainable rate is the highest step that passed. The soak passes when no
request failed, every answer was the interface's, the outbox drained and every event was
delivered to the receiver once (or again after the kill, as Standard Webhooks allow). Exits 1
when the soak fails its checks.
"""

import argparse
import functools
import shutil
import sys
import tempfile
import threading
import time
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

# The bench and tests packages are imported from this tree, wherever the script is started.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import scale_checks
from bench.load_probes import Probe, delays, memory, memory_lines
from bench.load_traffic import Companies, Generator, Tally, seed, seed_orders, warm_web
from bench.scale_stack import BOUNCER_POOL_SIZE, Stack, process_environment
from bench.seed import BenchError, recreate_database, service_environment, setup_django
from bench.serving import percentile, run_script, stop_on_signals
from tests.receivers import Receiver

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/hlos_load"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/9"


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add = parser.add_argument
    add("--companies", type=int, default=20, help="companies sharing the load (at most 100)")
    add("--employees", type=int, default=40, help="employees seeded per company")
    add("--items", type=int, default=400, help="items seeded per company (40%% in storage)")
    add("--orders", type=int, default=5, help="orders made per company before the run")
    add("--clients", type=int, default=64, help="the generator's client threads")
    add("--start-rate", type=float, default=20, help="requests a second of the first step")
    add("--rate-step", type=float, default=20, help="added at each step")
    add("--max-rate", type=float, default=1000, help="no step above it")
    add("--step-seconds", type=float, default=25)
    add("--warmup-seconds", type=float, default=10, help="at the first step's rate, not counted")
    add("--p99-ms", type=float, default=250, help="a step's p99 limit")
    add("--poisson", action="store_true", help="Poisson arrivals (default: evenly spaced)")
    add("--direct-seconds", type=float, default=20, help="the arm without PgBouncer")
    add("--soak-seconds", type=float, default=600)
    add("--restart-every", type=float, default=120, help="seconds between web restarts")
    add("--drain-seconds", type=float, default=120, help="for the outbox after the soak")
    add("--receiver-delay", type=float, default=0.05, help="the receiver's answer time")
    add("--concurrency", type=int, default=2, help="each Celery worker's children")
    add("--web-cores", type=float, default=4, help="cores allotted to the web instances")
    add("--ports", default="8831,8832", help="the two web instances' ports")
    add("--database-url", default=DEFAULT_DATABASE_URL)
    add("--redis-url", default=DEFAULT_REDIS_URL)
    add("--seed", type=int, default=34, help="of the requests' mix")
    add("--keep-logs", action="store_true", help="keep the Celery logs")
    args = parser.parse_args()
    args.ports = [int(port) for port in args.ports.split(",")]
    if len(args.ports) != 2 or not 1 <= args.companies <= 100:
        parser.error("two ports, and 1 to 100 companies")
    return args


def close_django() -> None:
    """This process's own connection closed, so PostgreSQL counts only the stack's."""
    from django.db import connection

    connection.close()


# --- measuring ---------------------------------------------------------------------------


class Result:
    """One run of the generator: its tally, the probe's figures and the deliveries meanwhile."""

    def __init__(self, rate: float, tally: Tally, used: dict, window: tuple, delivered: int):
        self.rate, self.tally, self.used, self.window = rate, tally, used, window
        latencies = [latency for _, latency in tally.latencies]
        self.p50, self.p99 = percentile(latencies, 0.5), percentile(latencies, 0.99)
        self.wall = tally.ended - tally.began
        self.per_second = tally.count / self.wall
        self.lag = percentile(tally.lags, 0.99)
        self.delivered = delivered / used["wall"]

    def passed(self, p99_ms: float) -> bool:
        tally = self.tally
        return self.p99 * 1000 <= p99_ms and not tally.failures and not tally.unexpected


def measure(generator, stack, args, rate, seconds, receiver, seed) -> Result:
    close_django()
    probe = Probe(stack, args.database_url)
    began = datetime.now(UTC)
    tally = generator.run(rate, seconds, args.poisson, seed)
    used = probe.stop()
    ended = datetime.now(UTC)
    delivered = sum(began <= each["received_at"] < ended for each in receiver.requests)
    return Result(rate, tally, used, (began, ended), delivered)


LEGEND = """\
4xx: expected refusals (an item onboarded again); wrong: answers not the interface's; cores:
CPU seconds over wall seconds (box: the whole machine's); PG conns: most client connections to
the database; clients: the bouncer's most; lag: the generator's, p99; waited: requests that
waited for a free client thread; busy: most client threads awaiting an answer at once; new: web
processes started meanwhile (gunicorn replaces a worker after GUNICORN_MAX_REQUESTS, 2,000)"""
HEADER = (
    f"{'rate':>5} {'req/s':>6} {'p50 ms':>7} {'p99 ms':>7} {'failed':>6} {'4xx':>4} {'wrong':>5}"
    f" | {'web cores':>9} {'workers':>7} {'bench':>5} {'box':>4}"
    f" | {'PG conns':>8} {'clients':>7} | {'events/s':>8}"
    f" | {'lag p99':>7} {'waited':>6} {'busy':>4} {'new':>3}"
)


def line(result: Result) -> str:
    tally, used = result.tally, result.used
    clients = used["clients"] if used["clients"] else "-"
    return (
        f"{result.rate:>5.0f} {result.per_second:>6.1f} {result.p50 * 1000:>7.1f} "
        f"{result.p99 * 1000:>7.1f} {len(tally.failures):>6} {sum(tally.expected_4xx.values()):>4} "
        f"{len(tally.unexpected):>5} | {used['web']:>9.2f} {used['workers']:>7.2f} "
        f"{used['bench']:>5.2f} {used['box']:>4.2f} | {used['connections']:>8} {clients:>7} | "
        f"{result.delivered:>8.1f} | {result.lag * 1000:>5.1f}ms {tally.waited:>6} "
        f"{tally.most_busy:>4} {used['new web processes']:>3}"
    )


def stepping(generator, stack, args, receiver) -> list[Result]:
    """A warm-up, then steps of --rate-step more until one fails (or --max-rate)."""
    warm_web(stack.balancer.port, generator.key, generator.companies)
    warm = generator.run(args.start_rate, args.warmup_seconds, args.poisson, args.seed)
    print(f"warm-up: {warm.count} requests, {len(warm.failures)} failed")
    print("\n".join(problems(warm)))
    print(LEGEND)
    print(HEADER)
    steps, rate = [], args.start_rate
    while rate <= args.max_rate:
        step = measure(generator, stack, args, rate, args.step_seconds, receiver, args.seed + 1)
        steps.append(step)
        print("\n".join([line(step), *problems(step.tally)]), flush=True)
        if not step.passed(args.p99_ms):
            break
        rate += args.rate_step
    return steps


def problems(tally: Tally, shown: int = 3) -> list[str]:
    return [f"  failed: {text}" for text in tally.failures[:shown]] + [
        f"  not the interface's: {text}" for text in tally.unexpected[:shown]
    ]


def disturb(began: float, seconds: float, plan: list, log: list, errors: list) -> None:
    """Each (offset, action) of `plan` in turn, at its offset into the soak that began at `began`
    (or once the one before is done), unless the soak is over."""
    try:
        for offset, action in plan:
            time.sleep(max(0.0, began + offset - time.monotonic()))
            if (late := time.monotonic() - began) >= seconds:
                log.append((late, f"skipped (planned at {offset:.0f}s): the soak was over"))
            else:
                log.append((late, action()))
    except BaseException as error:
        errors.append(error)


def kill_worker(stack, receiver) -> str:
    """Worker 1 SIGKILLed when a delivery is in flight (waiting up to 5 s for one), as when its
    machine dies, and another started in its place."""
    deadline = time.monotonic() + 5
    while receiver.in_flight == 0 and time.monotonic() < deadline:
        time.sleep(0.01)
    flying = receiver.in_flight
    return f"{stack.restart_worker(0, kill=True)} ({flying} deliveries in flight)"


def soak(generator, stack, args, receiver, rate: float) -> tuple[Result, dict]:
    """The soak at `rate`, web instances restarted in turn every --restart-every seconds (or a
    quarter of the soak, if shorter), one at a time, and a worker killed halfway: its result, and
    the restarts' spacing, what was done when, what was skipped (the soak over before its time),
    and the memory of each process at its start and end."""
    every, seconds = min(args.restart_every, args.soak_seconds / 4), args.soak_seconds
    restarts = [
        (every * n, functools.partial(stack.restart_web, (n - 1) % 2))
        for n in range(1, int(seconds // every))
    ]
    kill = [(seconds / 2, functools.partial(kill_worker, stack, receiver))]
    log, errors = [], []
    before = memory(stack)
    began = time.monotonic()
    threads = [
        threading.Thread(target=disturb, args=(began, seconds, plan, log, errors))
        for plan in (restarts, kill)
    ]
    for thread in threads:
        thread.start()
    result = measure(generator, stack, args, rate, seconds, receiver, args.seed + 2)
    for thread in threads:
        thread.join()
    if errors:
        raise BenchError(f"the soak's restarts: {errors[0]!r}")
    return result, {
        "every": every,
        "log": [f"{at:5.0f}s {text}" for at, text in sorted(log)],
        "skipped": sum(text.startswith("skipped") for _, text in log),
        "memory": {"start": before, "end": memory(stack)},
    }


def windows(result: Result, every: float) -> list[str]:
    """p50/p99 and failures per `every` seconds of the schedule."""
    lines = []
    for start in range(0, int(result.tally.latencies[-1][0]) + 1, int(every) or 1):
        found = [lat for at, lat in result.tally.latencies if start <= at < start + every]
        failed = sum(start <= at < start + every for at in result.tally.failed_at)
        if found:
            lines.append(
                f"  {start:>5.0f}-{start + every:<5.0f}s {len(found):>6} requests, "
                f"p50 {percentile(found, 0.5) * 1000:6.1f} ms, "
                f"p99 {percentile(found, 0.99) * 1000:7.1f} ms, {failed} failed"
            )
    return lines


def soak_checks(args, companies: Companies, soaked: Result, drained, received) -> list:
    """Each (passed, line): no failed request, no answer but the interface's, no event lost,
    and one event per write that made one (a write that failed may have made its own)."""
    from companies.models import Event

    tally, codes = soaked.tally, companies.codes
    kinds = Counter(Event.objects.filter(company__code__in=codes).values_list("kind", flat=True))
    made = {"order.created": "quote", "movement_request.created": "onboarding"}
    matched = set(kinds) <= set(made) and all(
        companies.created[write]
        <= kinds[kind]
        <= companies.created[write] + companies.uncertain[write]
        for kind, write in made.items()
    )
    return [
        scale_checks.check_statuses(tally.statuses, tally.failures),
        (not tally.unexpected, f"answers the interface's: {len(tally.unexpected)} not"),
        (
            drained is not None,
            f"outbox drained within {args.drain_seconds:.0f}s of the soak's end: "
            f"{scale_checks.outbox_pending(codes)} events pending",
        ),
        *scale_checks.check_deliveries(codes, received),
        (
            matched,
            f"events by kind over the run: {dict(kinds)}; writes that made one: "
            f"{dict(companies.created)}, failed writes: {dict(companies.uncertain)}",
        ),
    ]


def summary(args, result: Result, best: bool, direct: Result, soaked: Result, events: dict):
    """The figures asked for, at the sustainable rate (`result`; the first step if none passed)."""
    if not best:
        print("sustainable: none, the first step failed; the figures below are the first step's")
    web, tally = result.used["web"], result.tally
    print(
        f"sustainable: {result.rate:.0f} req/s (p99 <= {args.p99_ms:.0f} ms, no failed request); "
        f"p50 {result.p50 * 1000:.1f} ms, p99 {result.p99 * 1000:.1f} ms\n"
        f"  per web core: {result.per_second / web:.1f} req/s per core used ({web:.2f} cores "
        f"used by the web instances), {result.per_second / args.web_cores:.1f} per core allotted "
        f"({args.web_cores:g}); the machine had {result.used['box']:.2f} cores busy\n"
        f"  generator: lag p99 {result.lag * 1000:.1f} ms, {tally.waited} requests waited for a "
        f"client thread, at most {tally.most_busy} of {args.clients} threads awaiting an answer, "
        f"{result.used['bench']:.2f} cores used by the bench"
    )
    print(
        f"  PostgreSQL connections to the database (most seen): {result.used['connections']} "
        f"with PgBouncer (pool {BOUNCER_POOL_SIZE}; {result.used['clients']} clients of the "
        f"bouncer, {result.used['waiting']} waiting at most), {direct.used['connections']} "
        f"without ({args.direct_seconds:.0f}s at {direct.rate:.0f} req/s: p50 "
        f"{direct.p50 * 1000:.1f} ms, p99 {direct.p99 * 1000:.1f} ms, "
        f"{len(direct.tally.failures)} failed)"
    )
    workers = result.used["workers"]
    print(
        f"  events: {result.delivered:.1f} delivered/s = {result.delivered / 2:.1f} per worker "
        f"(2 workers of {args.concurrency} children; {workers:.2f} cores used by them: "
        f"{result.delivered / max(workers, 1e-9):.0f} events/s per worker core); {events['best']}"
    )
    tally = soaked.tally
    print(
        f"soak: {tally.count} requests at {soaked.rate:.1f} req/s, p50 {soaked.p50 * 1000:.1f} ms, "
        f"p99 {soaked.p99 * 1000:.1f} ms; {len(tally.failures)} failed, "
        f"{sum(tally.expected_4xx.values())} expected 4xx, {len(tally.unexpected)} unexpected; "
        f"{events['soak']}; generator lag p99 {soaked.lag * 1000:.1f} ms"
    )


def main() -> int:
    args = parse_args()
    stop_on_signals()
    began = time.monotonic()
    recreate_database(args.database_url, marker="load")
    scale_checks.fresh_redis(args.redis_url)
    setup_django(args.database_url)
    from django.conf import settings

    receiver = Receiver(200, answer_after=args.receiver_delay)
    # A killed worker leaves the receiver answering a closed socket: expected, not printed.
    receiver.server.handle_error = lambda request, address: None
    key, seeded = seed(args, receiver.url)
    companies = Companies(seeded)
    environment = process_environment(
        service_environment(args.database_url, "127.0.0.1"), args.redis_url
    )
    logs = Path(tempfile.mkdtemp(prefix="hlos-load-"))
    database = settings.DATABASES["default"]
    close_django()
    try:
        stack = Stack(database, environment, args.ports, args.concurrency, logs)
        generator = None
        try:
            seed_orders(stack.balancer.port, key, companies, args.orders)
            print(f"Seeded and stack up in {time.monotonic() - began:.0f}s", flush=True)
            generator = Generator(stack.balancer.port, key, companies, args.clients, args.seed)
            steps = stepping(generator, stack, args, receiver)
            best = ([step for step in steps if step.passed(args.p99_ms)] or [None])[-1]
            rate = best.rate if best else args.start_rate
            print(f"soak: {args.soak_seconds:.0f}s at {rate / 2:.1f} req/s", flush=True)
            soaked, done = soak(generator, stack, args, receiver, rate / 2)
            print("\n".join([*done["log"], *windows(soaked, done["every"])]))
            print("\n".join(memory_lines(done["memory"])))
            drained = scale_checks.drain(companies.codes, args.drain_seconds)
            checks = soak_checks(args, companies, soaked, drained, receiver.requests)
            checks.append((not done["skipped"], f"restarts skipped: {done['skipped']}"))
            events = {"best": delays(companies.codes, best.window) if best else "-"}
            events["soak"] = delays(companies.codes, soaked.window)
        finally:
            if generator:
                generator.close()
            stack.stop()
        close_django()
        print(f"without PgBouncer: {args.direct_seconds:.0f}s at {rate:.0f} req/s", flush=True)
        stack = Stack(database, environment, args.ports, args.concurrency, logs, pool_size=None)
        generator = Generator(stack.balancer.port, key, companies, args.clients, args.seed)
        try:
            warm_web(stack.balancer.port, key, companies)
            generator.run(rate, args.warmup_seconds, args.poisson, args.seed)
            direct = measure(generator, stack, args, rate, args.direct_seconds, receiver, 4)
            print(f"{HEADER}\n{line(direct)}")
        finally:
            generator.close()
            stack.stop()
    finally:
        receiver.close()
    print(f"\nrun took {time.monotonic() - began:.0f}s")
    summary(args, best or steps[0], best is not None, direct, soaked, events)
    if foreign := scale_checks.foreign_connections_left(args.redis_url):
        checks.append((False, f"{foreign} connections of another program to {args.redis_url}"))
    for passed, text in checks:
        print(f"{'ok  ' if passed else 'FAIL'} {text}")
    failed = sum(not passed for passed, _ in checks)
    print("soak: all checks passed" if not failed else f"soak: {failed} checks failed")
    if failed or args.keep_logs:
        print(f"The workers' and beat's logs are kept in {logs}")
    else:
        shutil.rmtree(logs)
    return 1 if failed else 0


if __name__ == "__main__":
    run_script(main, "load")
