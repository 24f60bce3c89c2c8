"""The cache is a convenience, never a dependency: what only needs the cache fails open.

Today that is the request budgets (`config/api/throttling.py`). A call goes through
`cache_fail_open`: when the cache does not answer, the caller gets its fallback and the request
goes on without what the cache would have given (a budget check). The outage is logged at most
once per `LOG_INTERVAL` per process and counted; `cache_degraded_since()` tells readiness that the
service is degraded (still serving). While degraded, the cache is tried again at most once per
`RETRY_INTERVAL`, so a Redis that does not answer at all costs no request its connect timeout.
"""

import bisect
import logging
import re
import threading
import time
import uuid
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TypeVar

import redis
from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)
T = TypeVar("T")
F = TypeVar("F")

LOG_INTERVAL = 60.0  # seconds between two log lines about one outage
RETRY_INTERVAL = 1.0  # seconds during which a failing cache is not tried again

# What a cache that is down raises: redis-py's errors (refused, timed out, reset), and the
# socket errors a backend might let through.
CACHE_ERRORS = (RedisError, OSError)

_lock = threading.Lock()
_state = {"failures": 0, "degraded_since": None, "retry_at": 0.0, "logged_at": None}


def cache_fail_open(operation: Callable[[], T], *, fallback: F) -> T | F:
    """`operation()`, which uses only the cache, or `fallback` when the cache fails (or failed
    less than `RETRY_INTERVAL` ago, in which case it is not tried)."""
    now = time.monotonic()
    if _state["degraded_since"] is not None and now < _state["retry_at"]:
        _count_failure(now, error=None)
        return fallback
    try:
        result = operation()
    except CACHE_ERRORS as error:
        _count_failure(time.monotonic(), error=error)
        return fallback
    if _state["degraded_since"] is not None:
        _recovered()
    return result


def cache_degraded_since() -> datetime | None:
    """When the cache stopped answering (UTC), or None while it answers: for readiness, which
    reports the service degraded but serving."""
    return _state["degraded_since"]


def cache_failure_count() -> int:
    """How many calls in this process went without the cache, since it started."""
    return _state["failures"]


def cache_health_reset() -> None:
    """Forget the outage (for tests, which point the cache elsewhere and back)."""
    with _lock:
        _state.update(failures=0, degraded_since=None, retry_at=0.0, logged_at=None)


def _count_failure(now: float, *, error: Exception | None) -> None:
    with _lock:
        _state["failures"] += 1
        if error is None:
            return
        if _state["degraded_since"] is None:
            _state["degraded_since"] = datetime.now(UTC)
        _state["retry_at"] = now + RETRY_INTERVAL
        should_log = _state["logged_at"] is None or now - _state["logged_at"] >= LOG_INTERVAL
        if should_log:
            _state["logged_at"] = now
    if should_log:
        logger.warning(
            "Cache unavailable since %s, serving without it (%d calls so far): %s",
            _state["degraded_since"].isoformat(),
            _state["failures"],
            error,
        )


def _recovered() -> None:
    with _lock:
        since = _state["degraded_since"]
        _state.update(degraded_since=None, retry_at=0.0, logged_at=None)
    if since is not None:
        logger.warning("Cache available again (unavailable since %s)", since.isoformat())


@dataclass(frozen=True)
class Window:
    allowed: bool
    counted: int  # the requests in the window, this one included if allowed
    leaving_at: float | None  # when the request whose leaving gives room (or the oldest) came


class BudgetRedisCache(RedisCache):
    """Django's Redis cache, which also counts a request budget's sliding window in Redis
    itself (`window_count`): one round trip, and atomic. Counted with the cache's get and set
    (DRF's way), a request took two round trips, pickling the whole window each way, and two
    requests at once could both read the same window and one count be lost."""

    def __init__(self, server, params):
        super().__init__(server, params)
        # The server Django's cache writes to (the first listed in LOCATION), with the cache's
        # connection OPTIONS (its timeouts), and the script run there: sent by its digest
        # (EVALSHA), loaded into Redis the first time it is missing.
        primary = re.split("[;,]", server)[0] if isinstance(server, str) else server[0]
        connection = redis.Redis.from_url(primary, **params.get("OPTIONS", {}))
        self.window_script = connection.register_script(_WINDOW_COUNT)

    @staticmethod
    def window_key(key: str) -> str:
        """Where `key`'s window is kept: not under `key` itself, where DRF's count keeps its
        pickled list. A worker of the previous release counting that way during a rolling
        deploy would otherwise find a sorted set there, or this script a string, and each
        would take the other's key for a cache outage."""
        return f"window:{key}"

    def window_count(self, key: str, *, now: float, duration: float, limit: int) -> Window:
        """Counts a request at `now` in the window of `key`'s budget when it has room: the
        requests of the last `duration` seconds, at most `limit`."""
        allowed, counted, leaving_at = self.window_script(
            keys=[self.make_and_validate_key(self.window_key(key))],
            args=[now, duration, limit, f"{now}:{uuid.uuid4().hex}"],
        )
        return Window(bool(allowed), counted, float(leaving_at) if leaving_at else None)


# KEYS[1] the window (a sorted set of the requests, scored by their time); ARGV now, duration,
# limit, the request's member. Drops what left the window, adds the request if there is room,
# and answers the time of the request whose leaving makes room: with more counted than the
# limit (a lowered limit), the one that brings the count under it, else the oldest.
_WINDOW_COUNT = """
local now, duration, limit = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - duration)
local counted = redis.call('ZCARD', KEYS[1])
local allowed = 0
if counted < limit then
    redis.call('ZADD', KEYS[1], now, ARGV[4])
    counted = counted + 1
    allowed = 1
end
redis.call('PEXPIRE', KEYS[1], math.ceil(duration * 1000))
local leaving_at = false
if counted > 0 then
    local index = math.min(math.max(1, counted - limit + 1), counted) - 1
    leaving_at = redis.call('ZRANGE', KEYS[1], index, index, 'WITHSCORES')[2]
end
return {allowed, counted, leaving_at}
"""


@dataclass(slots=True)
class _MemoryWindow:
    times: deque[float] = field(default_factory=deque)  # oldest first
    expires_at: float = 0.0


# Windows past their expiry are dropped each time this many more have been made, so that sources
# which come once (addresses failing authentication) do not pile up.
MEMORY_WINDOWS_SWEPT_EVERY = 1024


@dataclass(slots=True)
class _MemoryWindows:
    by_key: dict[str, _MemoryWindow] = field(default_factory=dict)
    swept_at: int = MEMORY_WINDOWS_SWEPT_EVERY  # as many windows as this: expired ones dropped


# The process's windows, per cache name: shared by its threads, as LocMemCache's entries are
# (each thread has a cache object of its own).
_memory_windows: dict[str, _MemoryWindows] = {}


class BudgetMemoryCache(LocMemCache):
    """Django's in-process cache (no Redis: `make run`, tests of it), which counts a request
    budget's sliding window itself (`window_count`), as `BudgetRedisCache` does in Redis: in
    one step under the cache's lock, the window kept as times, never pickled. Counted with
    DRF's get and set, every request unpickled and pickled the whole window: a client sending
    1,000 requests a minute paid for a list of 1,000 times on each."""

    def __init__(self, name, params):
        super().__init__(name, params)
        self._windows = _memory_windows.setdefault(name, _MemoryWindows())

    def window_count(self, key: str, *, now: float, duration: float, limit: int) -> Window:
        """What `BudgetRedisCache.window_count` counts (its script, step for step)."""
        key = self.make_and_validate_key(BudgetRedisCache.window_key(key))
        with self._lock:
            window = self._windows.by_key.get(key)
            if window is None:
                self._expired_dropped(now)
                window = self._windows.by_key[key] = _MemoryWindow()
            times = window.times
            while times and times[0] <= now - duration:
                times.popleft()
            allowed = len(times) < limit
            if allowed:
                # Threads may count in another order than they read the clock.
                bisect.insort(times, now)
            # Never earlier than a count before this one set it (their clocks may disagree).
            window.expires_at = max(window.expires_at, now + duration)
            counted = len(times)
            leaving_at = None
            if counted:
                leaving_at = times[min(max(1, counted - limit + 1), counted) - 1]
        return Window(allowed, counted, leaving_at)

    def _expired_dropped(self, now: float) -> None:
        windows = self._windows
        if len(windows.by_key) < windows.swept_at:
            return
        for key in [key for key, window in windows.by_key.items() if window.expires_at <= now]:
            del windows.by_key[key]
        windows.swept_at = len(windows.by_key) + MEMORY_WINDOWS_SWEPT_EVERY

    def delete(self, key, version=None):
        made = self.make_and_validate_key(key, version=version)
        with self._lock:
            window = self._windows.by_key.pop(made, None)
        return super().delete(key, version=version) or window is not None

    def clear(self):
        with self._lock:
            self._windows.by_key.clear()
        super().clear()
