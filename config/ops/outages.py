"""A dependency that does not answer: an outage, not a bug (docs/operating.md, "Outages").

When PostgreSQL is down, hung or refusing connections, every request that needs it fails the
same way. Each such failure is answered `503 Service Unavailable` with `Retry-After` (by the API's
exception handler, config.api.envelope, and `DatabaseOutageMiddleware` for the other pages),
counted in `hlos_dependency_unavailable_total`, and logged once per `OUTAGE_LOG_INTERVAL_SECONDS`
with how many requests it cost since, never with a traceback per request: an operator reading the
log sees one line every few seconds saying what is down, and a client knows to come back.

What counts as the database not answering is told by the error's SQLSTATE: none at all (libpq
lost the connection, or never made one), or a class PostgreSQL uses for the server being
unreachable, out of connections, shutting down, or a statement cancelled by a timeout
(config/ops/deadlines.py). Any other database error is a bug, answered 500 as before.
"""

import logging
import threading
import time

from django.conf import settings
from django.db import InterfaceError, OperationalError
from prometheus_client import Counter

logger = logging.getLogger(__name__)

# SQLSTATE classes of an unavailable server: 08 connection exception, 53 insufficient resources
# (too many connections), 57 operator intervention (shutting down, starting up, a statement
# cancelled by its timeout).
UNAVAILABLE_SQLSTATE_CLASSES = ("08", "53", "57")
DATABASE = "database"
BROKER = "broker"

UNAVAILABLE = Counter(
    "hlos_dependency_unavailable_total",
    "Requests and publishes that failed because a dependency did not answer, by dependency.",
    ["dependency"],
)


def database_unavailable(error: BaseException) -> bool:
    """Whether `error` says the database cannot be reached (rather than that a query is wrong)."""
    if not isinstance(error, OperationalError | InterfaceError):
        return False
    sqlstate = getattr(error.__cause__, "sqlstate", None)
    return sqlstate is None or sqlstate[:2] in UNAVAILABLE_SQLSTATE_CLASSES


class _OutageLog:
    """One warning per interval per dependency, with the count of failures since the last."""

    def __init__(self):
        self._lock = threading.Lock()
        self._logged_at: dict[str, float] = {}
        self._unlogged: dict[str, int] = {}

    def record(self, dependency: str, error: BaseException, what: str) -> None:
        UNAVAILABLE.labels(dependency).inc()
        now = time.monotonic()
        with self._lock:
            count = self._unlogged.get(dependency, 0) + 1
            last = self._logged_at.get(dependency)
            if last is not None and now - last < settings.OUTAGE_LOG_INTERVAL_SECONDS:
                self._unlogged[dependency] = count
                return
            self._logged_at[dependency], self._unlogged[dependency] = now, 0
        since = "" if last is None else f" in the last {now - last:.0f} s"
        # One line, no traceback: the error's own words say what failed.
        message = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        logger.warning("%s unavailable: %d %s%s (%s)", dependency, count, what, since, message)


_log = _OutageLog()


def outage_recorded(dependency: str, error: BaseException, what: str = "request(s) answered 503"):
    """Count a failure caused by `dependency` not answering, and log it at most once an interval."""
    _log.record(dependency, error, what)


class CountedOutagesFilter(logging.Filter):
    """Drops Django's line per 503 answer ("Service Unavailable: /path"): the outage is counted
    and logged once an interval instead. In the logging settings, so it imports no app."""

    def filter(self, record: logging.LogRecord) -> bool:
        return getattr(record, "status_code", None) != 503
