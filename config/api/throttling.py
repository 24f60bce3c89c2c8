"""Request budgets, kept in the cache, and the rate-limit headers that tell a client where it
stands (IETF draft "RateLimit header fields for HTTP": `RateLimit-Limit`, `RateLimit-Remaining`,
`RateLimit-Reset`).

- Per API client (`API_THROTTLE_RATE`): every authenticated request counts; over it, 429.
- Per source address (`API_AUTH_FAILURE_RATE`, REMOTE_ADDR): every failed authentication counts;
  over it, a failed authentication is 429 instead of 401. A valid key from that address still
  works: the budget is there to slow a misbehaving source, not to lock out its neighbours.

Both fail open (`config.cache`): when the cache does not answer, the request is served
unbudgeted and answered without the headers.
"""

import math
from dataclasses import dataclass

from django.conf import settings
from rest_framework.exceptions import Throttled
from rest_framework.throttling import SimpleRateThrottle

from config.cache import cache_fail_open

# Where the state of the budget a request counted against waits for the response's headers
# (on Django's request, which the middleware sees, not on DRF's wrapper).
STATE_ATTRIBUTE = "rate_limit"


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
        if self.key is not None:
            setattr(request._request, STATE_ATTRIBUTE, self.state())
        return allowed

    def _count(self, request, view):
        """Counted by the cache in one atomic step (`window_count` of config.cache's caches, in
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


def rate_limit_headers(request) -> dict[str, str]:
    """The headers of the budget `request` counted against, if any (none when the cache is down,
    or for answers that counted against none)."""
    state = getattr(request, STATE_ATTRIBUTE, None)
    return state.headers() if state is not None else {}
