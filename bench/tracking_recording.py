"""What bench/tracking.py does in its own process, around the served callbacks: the broker it
would publish to, the kept updates recorded as the workers record them, the statements of a callback
and of a recording, the profile of a callback, and the checks at the end."""

import multiprocessing
import time
from collections import Counter

from bench.cpu import cpu_seconds
from bench.seed import BenchError
from bench.tracking_stories import LIMIT_TABLES, PATH, callback, status_changes, story


def broker_use(redis_url: str) -> None:
    """Tasks published to the broker at `redis_url` from this process too, as the served
    service's are, not run in-process (bench/seed.py sets Django up without REDIS_URL): a
    callback posted here then does what a served one does, and leaves the recording to the
    workers."""
    from config.celery import app

    app.conf.update(broker_url=redis_url, task_always_eager=False)


def queue_length(redis_url: str) -> int:
    """The tasks waiting in the broker's default queue."""
    import redis

    from config.celery import app

    client = redis.Redis.from_url(redis_url)
    try:
        return client.llen(app.conf.task_default_queue)
    finally:
        client.close()


def record_kept(workers: int) -> dict[str, float]:
    """Every kept update recorded by `workers` processes, each standing for a Celery worker's
    process (a process, not a thread: recording is mostly Python, and threads of one process
    would share its interpreter lock) running the beat's task (`record_received_updates`, inside
    the task's signals, which open the audit trail's context and bound its database work:
    config.celery) again and again until it finds none left: spawned, Django set up, its
    connection opened, then started together, taking the oldest update no other holds. Returns
    how many, the wall time from the first start to the last end, and the CPU seconds of the
    workers and of their PostgreSQL backends."""
    from tracking.models import ReceivedUpdate

    kept = ReceivedUpdate.objects.count()
    context = multiprocessing.get_context("spawn")
    barrier, results = context.Barrier(workers), context.Queue()
    processes = [context.Process(target=_worker, args=(barrier, results)) for _ in range(workers)]
    for process in processes:
        process.start()
    done = [results.get(timeout=3600) for _ in processes]
    for process in processes:
        process.join()
    errors = [each["error"] for each in done if each["error"]]
    if errors:
        raise BenchError(f"recording the kept updates: {errors[0]}")
    recorded = sum(each["recorded"] for each in done)
    if recorded != kept:
        raise BenchError(f"{recorded} kept updates recorded, not {kept}")
    return {
        "updates": recorded,
        "wall": max(each["ended"] for each in done) - min(each["began"] for each in done),
        "cpu": sum(each["cpu"] for each in done),
        "postgres": sum(each["postgres"] for each in done),
    }


def _worker(barrier, results) -> None:
    """A worker of `record_kept`, in a process of its own."""
    outcome = {"error": None}
    try:
        import django

        django.setup()
        from django.db import connection

        from tracking.tasks import record_received_updates

        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid()")
            (backend,) = cursor.fetchone()
        barrier.wait(timeout=300)
        began, cpu, postgres = time.perf_counter(), time.process_time(), cpu_seconds([backend])
        recorded = 0
        while ran := record_received_updates.apply(throw=True).result:
            recorded += ran
        outcome |= {
            "recorded": recorded,
            "began": began,
            "ended": time.perf_counter(),
            "cpu": time.process_time() - cpu,
            "postgres": cpu_seconds([backend]) - postgres,
        }
        connection.close()
    except BaseException as error:
        barrier.abort()
        outcome["error"] = repr(error)
    results.put(outcome)


def in_process_post():
    """How one callback is posted to the service in process (Django's test client)."""
    from django.test import Client

    client = Client()

    def post(body: bytes, signature: str):
        response = client.post(
            PATH, body, content_type="application/json", HTTP_X_HMAC_SIGNATURE=signature
        )
        if response.status_code != 200:
            raise BenchError(f"{PATH} answered {response.status_code} in process")
        return response

    return post


def statements_probe(codes: list[str], length: int) -> dict[str, dict[str, list[int]]]:
    """The statements of each callback of the probe shipments' whole stories, in process
    (any BEGIN and COMMIT included), and of recording its update at once as a worker's run does
    (`received_update_record_next`: the run's last claim, which finds none, is not counted), by
    whether the update moved the shipment's status."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tracking.receiving import received_update_record_next

    post = in_process_post()
    counts = {part: {"changed": [], "same": []} for part in ("callback", "record")}
    for index in range(length):
        for number, code in enumerate(codes):
            details = story(number, length)
            before = details[index - 1][0] if index else "pre_transit"
            moved = "changed" if details[index][0] != before else "same"
            with CaptureQueriesContext(connection) as queries:
                post(*callback(code, number, length, index))
            counts["callback"][moved].append(len(queries))
            with CaptureQueriesContext(connection) as queries:
                if not received_update_record_next():
                    raise BenchError("the probe's callback kept no update")
            counts["record"][moved].append(len(queries))
    return counts


def profile(codes: list[str], length: int, callbacks: int) -> str:
    """Where a callback's time goes, in process: per callback of the service and of the
    Django-stack limit (its URLconf in place of the service's), the wall and CPU time, the
    time in the database driver and the statements; then pyinstrument's tree of as many more
    of the service's, from its view down. The service's kept updates are recorded after."""
    from django.db import connection
    from django.test.utils import override_settings
    from pyinstrument import Profiler

    post = in_process_post()
    bodies = [
        callback(code, number, length, index)
        for index in range(length)
        for number, code in enumerate(codes)
    ][: 2 * callbacks]
    driver = {"seconds": 0.0, "statements": 0}

    def timed(execute, sql, params, many, context):
        began = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            driver["seconds"] += time.perf_counter() - began
            driver["statements"] += 1

    def split(label: str) -> str:
        driver.update(seconds=0.0, statements=0)
        with connection.execute_wrapper(timed):
            wall, cpu = time.perf_counter(), time.process_time()
            for body in bodies[:callbacks]:
                post(*body)
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        return (
            f"{label}, in process, a callback: {wall / callbacks * 1000:.2f} ms wall, "
            f"{cpu / callbacks * 1000:.2f} ms CPU, {driver['seconds'] / callbacks * 1000:.2f} "
            f"ms in the database driver, {driver['statements'] / callbacks:.1f} statements"
        )

    with override_settings(ROOT_URLCONF="bench.limit_tracking_urls"):
        split("limit, Django stack")  # a first time: its URLconf imported, its statement made
        limit = split("limit, Django stack")
    service = split(f"POST {PATH}")
    profiler = Profiler(interval=0.0005)
    with profiler:
        for body in bodies[callbacks:]:
            post(*body)
    record_kept(1)
    lines = profiler.output_text(unicode=True, color=False, show_all=False).splitlines()
    # From the view's dispatch down; the middleware above it is in the wall time above.
    start = next(index for index, line in enumerate(lines) if ".dispatch  " in line)
    column = len(lines[start]) - len(lines[start].lstrip(" │├└─"))
    tree = "\n".join(line[column:] for line in lines[start:] if line.strip())
    return f"{service}\n{limit}\n{tree}"


def run_checks(codes: list[str], length: int) -> dict:
    """What the run must have left: every measured shipment DELIVERED with every event of its
    story, no kept update left unrecorded, each limit keeping every measured callback, and
    every movement request showing its shipment's delivery date expected (a failed attempt
    moves it); the changes of status counted for the report."""
    from django.db import connection
    from django.db.models import F

    from tracking.models import ReceivedUpdate, Shipment, ShipmentEvent, ShipmentStatusChange

    shipments = Shipment.objects.filter(tracking_code__in=codes)
    statuses = Counter(shipments.values_list("status", flat=True))
    events = ShipmentEvent.objects.filter(shipment__tracking_code__in=codes).count()
    kept = {}
    with connection.cursor() as cursor:
        for side, table in LIMIT_TABLES.items():
            cursor.execute(
                f"SELECT count(*) FROM {table} WHERE update #>> '{{result,tracking_code}}' "
                "= ANY(%s)",
                [codes],
            )
            kept[side] = cursor.fetchone()[0]
    expected = len(codes) * length
    if statuses != {"DELIVERED": len(codes)}:
        raise BenchError(f"the shipments' statuses are {dict(statuses)}, not all DELIVERED")
    if events != expected:
        raise BenchError(f"the service recorded {events} events, not {expected}")
    if any(count != expected for count in kept.values()):
        raise BenchError(f"the limits kept {kept} callbacks, not {expected} each")
    waiting = ReceivedUpdate.objects.count()
    if waiting:
        raise BenchError(f"{waiting} kept updates were never recorded")
    behind = shipments.exclude(movement_request__eta=F("eta")).count()
    if behind:
        raise BenchError(f"{behind} movement requests do not show their shipment's ETA")
    changes = ShipmentStatusChange.objects.filter(
        shipment__tracking_code__in=codes, status_from__isnull=False
    ).count()
    return {
        "events": events,
        "kept": kept,
        "changes": changes,
        "expected_changes": sum(status_changes(number, length) for number in range(len(codes))),
    }


def vacuum() -> None:
    """VACUUM ANALYZE the database between rounds, outside the time measured: what a deployed
    PostgreSQL's autovacuum does while callbacks come in (a test server may run with it off),
    without which each round would find the dead row versions of the rounds before it (kept
    updates are inserted and deleted, and every recording updates its shipment)."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("VACUUM (ANALYZE)")
