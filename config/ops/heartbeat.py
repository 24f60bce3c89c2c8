"""Heartbeats of the Celery workers and of beat, in Redis, so that readiness and the metrics can
tell whether any is running (docs/decisions/0079-readiness-within-a-second-and-heartbeats.md).

Each worker (on Celery's `worker_ready`) and beat (on `beat_init`) starts a daemon thread that
records the time every `HEARTBEAT_INTERVAL_SECONDS` in a sorted set per role in REDIS_URL's
Redis: one member per process (host and pid), scored by its last beat, members older than an
hour pruned at each write. A thread of our own rather than Celery's `heartbeat_sent`: that
signal fires only while a worker sends event heartbeats (not with `--without-heartbeat`), from
the consumer's loop (silent while a solo pool runs a long task), and beat has none.

Every Redis call here waits `TIMEOUT` seconds at most: a Redis that hangs delays the heartbeat's
own thread, never a task, and a reader (readiness, a scrape) gives up quickly. A reader takes
the newest score: seconds since any process of the role was last seen. The machines' clocks are
trusted to agree within a second or two (NTP), well inside `HEALTH_WORKER_MAX_AGE_SECONDS`.
"""

import logging
import math
import os
import socket
import threading
import time
from collections.abc import Iterable

import redis
from django.conf import settings
from prometheus_client.core import GaugeMetricFamily

logger = logging.getLogger(__name__)

ROLES = ("worker", "beat")
KEPT_SECONDS = 3600  # members not seen for this long are pruned
TIMEOUT = 0.5  # seconds a call to Redis may take to connect, and to be answered
REDIS_ERRORS = (redis.RedisError, OSError)

_clients: dict[str, redis.Redis] = {}


def redis_client() -> redis.Redis:
    """One pooled client per REDIS_URL, whose calls wait `TIMEOUT` seconds at most."""
    url = settings.REDIS_URL
    if url not in _clients:
        _clients[url] = redis.Redis.from_url(
            url, socket_connect_timeout=TIMEOUT, socket_timeout=TIMEOUT
        )
    return _clients[url]


def _key(role: str) -> str:
    return f"hlos-{settings.ENVIRONMENT}:heartbeat:{role}"


def heartbeat_record(role: str) -> None:
    """This process's beat as a `role` ("worker" or "beat"), now."""
    now = time.time()
    with redis_client().pipeline() as pipeline:
        pipeline.zadd(_key(role), {f"{socket.gethostname()}:{os.getpid()}": now})
        pipeline.zremrangebyscore(_key(role), "-inf", now - KEPT_SECONDS)
        pipeline.expire(_key(role), KEPT_SECONDS)
        pipeline.execute()


def heartbeat_seen(role: str, max_age: float) -> tuple[float | None, int]:
    """Seconds since a process of `role` last beat (None when none did within the hour), and how
    many beat within the last `max_age` seconds. One round trip."""
    now = time.time()
    with redis_client().pipeline(transaction=False) as pipeline:
        pipeline.zrevrange(_key(role), 0, 0, withscores=True)
        pipeline.zcount(_key(role), now - max_age, "+inf")
        newest, seen = pipeline.execute()
    return (max(0.0, now - newest[0][1]) if newest else None), seen


def heartbeats_forget() -> None:
    """Forget every role's heartbeats (for tests)."""
    redis_client().delete(*(_key(role) for role in ROLES))


class _Heartbeat(threading.Thread):
    def __init__(self, role: str):
        super().__init__(name=f"heartbeat-{role}", daemon=True)
        self.role = role
        self.stopped = threading.Event()

    def run(self) -> None:
        failing = False
        while True:
            try:
                heartbeat_record(self.role)
                if failing:
                    logger.info("The %s's heartbeat is recorded again", self.role)
                failing = False
            except REDIS_ERRORS as error:
                if not failing:  # once per outage, not every interval
                    logger.warning("The %s's heartbeat was not recorded: %s", self.role, error)
                failing = True
            if self.stopped.wait(settings.HEARTBEAT_INTERVAL_SECONDS):
                return


_lock = threading.Lock()
_beating: dict[str, _Heartbeat] = {}


def heartbeat_start(role: str) -> None:
    """This process beats as a `role` from a daemon thread, until `heartbeat_stop` or its exit.
    Nothing without REDIS_URL (tasks run in-process: there is no worker to see)."""
    if not settings.REDIS_URL:
        return
    with _lock:
        if role not in _beating or not _beating[role].is_alive():
            _beating[role] = _Heartbeat(role)
            _beating[role].start()


def heartbeat_stop() -> None:
    with _lock:
        for heartbeat in _beating.values():
            heartbeat.stopped.set()
        _beating.clear()


class HeartbeatCollector:
    """`hlos_worker_last_seen_seconds` and `hlos_beat_last_seen_seconds`, read when scraped:
    +Inf when none beat within the hour; absent without REDIS_URL, or when Redis does not answer
    (unknown is not "long ago")."""

    def collect(self) -> Iterable:
        if not settings.REDIS_URL:
            return
        try:
            ages = {role: heartbeat_seen(role, KEPT_SECONDS)[0] for role in ROLES}
        except REDIS_ERRORS:
            return
        for role, age in ages.items():
            yield GaugeMetricFamily(
                f"hlos_{role}_last_seen_seconds",
                f"Seconds since a Celery {role} last recorded its heartbeat "
                "(+Inf when none did within the hour).",
                math.inf if age is None else age,
            )
