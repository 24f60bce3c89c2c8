"""What bench/scale.py and bench/load.py check: before the run, that its Redis database is its
own; once the traffic is done, that the outbox drains; then the promises, read from the database
(Django set up on it in the script's process) and from the receiver's record.

Each check of the promises answers (passed, line to print)."""

import time
from collections import Counter

from bench.seed import BenchError


def outbox_pending(codes: list[str]) -> int:
    from companies.models import Event, EventState

    return Event.objects.filter(company__code__in=codes, state=EventState.PENDING).count()


def pending_lines(codes: list[str]) -> list[str]:
    """What a pending event shows of its fate, for a run whose outbox did not drain."""
    from companies.models import Event, EventState

    return [
        f"pending {event.webhook_id} {event.kind} created {event.created_at:%H:%M:%S.%f}: "
        f"{event.attempts} attempts counted, {event.attempt_log.count()} begun, next attempt "
        f"{event.next_attempt_at:%H:%M:%S.%f}"
        for event in Event.objects.filter(company__code__in=codes, state=EventState.PENDING)
    ]


def check_deliveries(codes: list[str], received: list[dict]) -> list[tuple[bool, str]]:
    """Every event of the companies delivered, and received at least once; a webhook-id received
    more than once only for an event with an interrupted attempt (begun, never finished: its
    worker was killed after the receiver had it and before the worker wrote down the answer),
    which the sweep sent again under the same webhook-id, as Standard Webhooks' at-least-once
    contract says (receivers deduplicate by webhook-id)."""
    from companies.models import Event, EventAttempt, EventState

    events = {event.webhook_id: event for event in Event.objects.filter(company__code__in=codes)}
    states = Counter(event.state for event in events.values())
    times = Counter(request["headers"].get("webhook-id") for request in received)
    missing = [webhook_id for webhook_id in events if webhook_id not in times]
    strangers = [webhook_id for webhook_id in times if webhook_id not in events]
    repeated = {webhook_id: count for webhook_id, count in times.items() if count > 1}
    interrupted = {
        f"msg_{event_id.hex}"  # Event.webhook_id
        for event_id in EventAttempt.objects.filter(
            event__company__code__in=codes, finished_at__isnull=True
        ).values_list("event_id", flat=True)
    }
    unexplained = [webhook_id for webhook_id in repeated if webhook_id not in interrupted]
    extra = sum(count - 1 for count in repeated.values())
    return [
        (
            states.get(EventState.DELIVERED, 0) == len(events) and not missing,
            f"events delivered: {states.get(EventState.DELIVERED, 0)} of {len(events)} "
            f"({dict(states)}), {len(missing)} never received",
        ),
        (not strangers, f"deliveries of unknown webhook-ids: {len(strangers)}"),
        (
            not unexplained,
            f"deliveries: {len(received)} for {len(times)} webhook-ids; {extra} repeated "
            f"({len(repeated)} webhook-ids), {len(repeated) - len(unexplained)} of them after an "
            f"attempt the kill interrupted (documented retry), {len(unexplained)} unexplained; "
            f"interrupted attempts: {len(interrupted)}",
        ),
    ]


def check_event_kinds(codes: list[str], expected: Counter) -> tuple[bool, str]:
    """One event per change: order.created per order made, order.cancelled per order cancelled
    (a repeated cancel records none), movement_request.created per onboarding that won."""
    from companies.models import Event

    kinds = Counter(Event.objects.filter(company__code__in=codes).values_list("kind", flat=True))
    return kinds == expected, f"events by kind: {dict(kinds)} (expected {dict(expected)})"


def check_numbers() -> list[tuple[bool, str]]:
    from django.db.models import Count

    from logistics.models import MovementRequest
    from orders.models import Order

    lines = []
    for model, field in (
        (Order, "order_number"),
        (MovementRequest, "movement_request_number"),
    ):
        total = model.objects.count()
        distinct = model.objects.values(field).distinct().count()
        lines.append(
            (total == distinct, f"{model.__name__} numbers: {distinct} distinct of {total}")
        )
    repeated_po = (
        Order.objects.exclude(po_number=None)
        .values("company", "po_number")
        .annotate(orders=Count("id"))
        .filter(orders__gt=1)
        .count()
    )
    lines.append((repeated_po == 0, f"poNumbers with more than one order: {repeated_po}"))
    return lines


def check_open_movements() -> tuple[bool, str]:
    """No hardware item in two open movements, nor an open movement's item that is not marked
    as in movement."""
    from django.db.models import Count

    from hardware.models import Hardware
    from logistics.selectors import OPEN_STATUSES

    open_movements = Hardware.objects.filter(movement_requests__status__in=OPEN_STATUSES)
    doubled = open_movements.annotate(moves=Count("movement_requests")).filter(moves__gt=1).count()
    unmarked = open_movements.filter(in_movement=False).count()
    items = open_movements.distinct().count()
    return (
        doubled == 0 and unmarked == 0,
        f"items in open movements: {items}; in two or more: {doubled}; not marked: {unmarked}",
    )


def check_statuses(statuses: Counter, failures: list[str]) -> tuple[bool, str]:
    """No failed request: none answered 5xx (the balancer's 502/503 included), no connection
    refused, reset or closed without an answer (status 0)."""
    shown = dict(sorted(statuses.items()))
    return not failures, f"responses by status: {shown}; failed requests: {len(failures)}"


def drain(codes: list[str], seconds: float) -> float | None:
    """Seconds until no event of the companies is pending; None if they run out first."""
    began = time.monotonic()
    while outbox_pending(codes):
        if time.monotonic() - began > seconds:
            return None
        time.sleep(0.5)
    return time.monotonic() - began


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
