"""Request budgets, kept in the cache, and the rate-limit headers that tell a client where it
stands (IETF draft "RateLimit header fields for HTTP": `RateLimit-Limit`, `RateLimit-Remaining`,
`RateLimit-Reset`).

- Per API client (`API_THROTTLE_RATE`): every authenticated request counts; over it, 429.
- Per source address (`API_AUTH_FAILURE_RATE`, REMOTE_ADDR): every failed authentication counts;
  over it, a failed authentication is 429 instead of 401. A valid key from that address still
  works: the budget is there to slow a misbehaving source, not to lock out its neighbours.

Both fail open (`config.ops.cache`): when the cache does not answer, the request is served
unbudgeted and answered without the headers.
"""

import math
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from django.conf import settings
from rest_framework.exceptions import Throttled
from rest_framework.throttling import SimpleRateThrottle

from config.ops.cache import cache_fail_open


@dataclass(frozen=True)
class RateLimitState:
    limit: int
    remaining: int
    reset: int  # seconds until the oldest request counted leaves the window

    def headers(self) -> dict[str, str]:
        return {
            "RateLimit-Limit": str(self.limit),
            "RateLimit-Remaining": str(self.remaining),
            "RateLimit-Reset": str(self.reset),
        }


@dataclass
class BudgetCounted:
    """The budget the request being answered counted against, once it has."""

    state: RateLimitState | None = None

    def headers(self) -> dict[str, str]:
        return self.state.headers() if self.state is not None else {}


# Set for the length of a request (`budget_counted`), as Django sets the URL prefix: the
# answer's headers are written by a middleware, which sees Django's request, while the budget
# is counted with DRF's (a view's, or the one the gateway dispatches to).
_counted: ContextVar[BudgetCounted | None] = ContextVar("budget_counted", default=None)


@contextmanager
def budget_counted() -> Iterator[BudgetCounted]:
    """What the request answered inside counts against (nothing when the cache is down, or for
    answers that count against no budget)."""
    counted = BudgetCounted()
    token = _counted.set(counted)
    try:
        yield counted
    finally:
        _counted.reset(token)


class BudgetThrottle(SimpleRateThrottle):
    """DRF's sliding window, counted by the cache itself, failing open, recording the state of
    the budget on the request."""

    rate_setting: str
    key: str | None = None  # the budget counted against, once counted

    def get_rate(self):
        # Read at request time, not import time, so the setting can change without a restart
        # of the class (and tests can lower it).
        return getattr(settings, self.rate_setting)

    def allow_request(self, request, view):
        allowed = cache_fail_open(lambda: self._count(request, view), fallback=None)
        if allowed is None:
            return True  # no cache, no budget: the request is served
        counted = _counted.get()
        if self.key is not None and counted is not None:
            counted.state = self.state()
        return allowed

    def _count(self, request, view):
        """Counted by the cache in one atomic step (`window_count` of config.ops.cache's caches, in
        Redis or in the process): the window's length and when room is made again are kept as
        `counted` and `leaving_at`."""
        if self.rate is None:
            return True
        self.key = self.get_cache_key(request, view)
        if self.key is None:
            return True
        self.now = self.timer()
        window = self.cache.window_count(
            self.key, now=self.now, duration=self.duration, limit=self.num_requests
        )
        self.counted, self.leaving_at = window.counted, window.leaving_at
        return window.allowed

    def state(self) -> RateLimitState:
        return RateLimitState(
            limit=self.num_requests,
            remaining=max(0, self.num_requests - self.counted),
            reset=math.ceil(self.wait() or 0),
        )

    def wait(self):
        """Seconds until the window holds fewer requests than the budget (one may be made), or,
        while it does, until its oldest request leaves it."""
        if self.leaving_at is None:
            return self.duration
        return max(0.0, self.duration - (self.now - self.leaving_at))


class ApiClientThrottle(BudgetThrottle):
    scope = "api_client"
    rate_setting = "API_THROTTLE_RATE"

    def get_cache_key(self, request, view):
        if request.user is None:
            return None  # refused by authentication before the budget matters
        return self.cache_format % {"scope": self.scope, "ident": request.user.pk}


class FailedAuthenticationThrottle(BudgetThrottle):
    scope = "failed_authentication"
    rate_setting = "API_AUTH_FAILURE_RATE"

    def get_cache_key(self, request, view):
        # REMOTE_ADDR only: X-Forwarded-For is the client's to write.
        address = request.META.get("REMOTE_ADDR") or "unknown"
        return self.cache_format % {"scope": self.scope, "ident": address}


def failed_authentication_counted(request, view) -> Throttled | None:
    """Count a failed authentication against its source address's budget: the refusal to give
    instead of 401 when the budget is spent, else None."""
    throttle = FailedAuthenticationThrottle()
    if throttle.allow_request(request, view):
        return None
    return Throttled(wait=throttle.wait())
