"""Health for load balancers and orchestrators: `GET /health/live` (the process answers) and
`GET /health/ready` (it can serve: database, migrations; and how the rest is: broker, workers,
beat, outbox, cache; a web instance told to stop answers 503 at once: config/ops/draining.py).
docs/decisions/0014-health-views.md, 0079-readiness-within-a-second-and-heartbeats.md.

Both answer `{"status": "ok" | "degraded" | "unavailable", "checks": {name: {"status": ...}}}`,
with no API key and no rate limit: plain Django views, outside the API. 503 only when this
instance cannot serve (`CRITICAL`: the database does not answer, or migrations are missing); a
failure of anything else is `degraded`, answered 200: an instance that serves API traffic keeps
receiving it, and the body says what is wrong. Without REDIS_URL tasks run in-process, so there
is no broker to check and the workers and beat are `none`.

Readiness answers within HEALTH_CHECK_TIMEOUT_SECONDS whatever hangs: the checks run in lanes
(config/ops/lanes.py), and one not finished by then is reported "Timed out". It stays cheap
enough to be called every second: a `SELECT 1` and one indexed query per registered check on a
new connection, the broker's PING (or, with RabbitMQ, a connection opened and closed) and two
heartbeat reads with 0.5 s timeouts; the migrations are
compared with the code until found applied, then no more.

Checks that need an app's models are registered by that app when it is ready
(`health_check_register`), as the outbox's is by companies, so this module imports no app; they
run after the database's. A check answers a dict of details (camelCase) and raises `Unhealthy`
(whose message and details anyone may read) or any other error to fail. What another error says
(hosts, ports, the driver's words) is shown only to a caller sending the METRICS_TOKEN as its
bearer token, or to a signed-in staff user; others read "<Check> unavailable".
"""

import threading
import time
from importlib import import_module

from django.conf import settings
from django.contrib.auth import get_user
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections
from django.db.migrations.executor import MigrationExecutor
from django.http import JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET
from kombu import Connection

from config.ops.cache import cache_degraded_since
from config.ops.draining import draining
from config.ops.heartbeat import heartbeat_seen, redis_client
from config.ops.lanes import Check, Found, Lane, Skipped, TimedOut
from config.ops.metrics import sends_metrics_token

# Without these this instance cannot serve: their failure answers 503.
CRITICAL = ("database", "migrations")


class Unhealthy(Exception):
    """A check's failure, with what it found (`details`, shown in the answer)."""

    def __init__(self, message: str, **details):
        super().__init__(message)
        self.details = details


_checks: dict[str, Check] = {}


def health_check_register(name: str, check: Check) -> None:
    """A check run after the database's (it may read tables); its failure degrades readiness."""
    _checks[name] = check


def database_check() -> dict:
    with connections[DEFAULT_DB_ALIAS].cursor() as cursor:
        cursor.execute("SELECT 1")
    return {}


_migrations = {"applied": False}
_migrations_lock = threading.Lock()


def migrations_check() -> dict:
    """Every migration of the code applied. Once found so, a process assumes it stays so (code
    and migrations change together, with a new process), and asks no more."""
    if _migrations["applied"]:
        return {}
    with _migrations_lock:
        executor = MigrationExecutor(connections[DEFAULT_DB_ALIAS])
        plan = executor.migration_plan(executor.loader.graph.leaf_nodes())
        if plan:
            raise Unhealthy("Migrations not applied", pending=len(plan))
        _migrations["applied"] = True
    return {}


def migrations_check_reset() -> None:
    """Compare the migrations again at the next check (for tests)."""
    _migrations["applied"] = False


# Seconds RabbitMQ may take to accept a connection, and then to answer each step of its
# handshake: a broker that accepts and never answers fails the check well inside the lane's
# deadline, and the check's thread is free for the next run.
BROKER_TIMEOUT = 0.5


def broker_check() -> dict:
    """RabbitMQ (CELERY_BROKER_URL amqp://) opens a connection, closed at once; otherwise a PING
    to the Redis of REDIS_URL, the broker by default."""
    if not _broker_is_rabbitmq():
        redis_client().ping()
        return {}
    with Connection(settings.CELERY_BROKER_URL, connect_timeout=BROKER_TIMEOUT) as broker:
        # One attempt: Connection.connect() would try again after sleeping 2 s.
        broker.ensure_connection(max_retries=0)
    return {}


def heartbeat_check(role: str) -> Check:
    """Some `role` process (a worker, beat) has beaten within HEALTH_WORKER_MAX_AGE_SECONDS."""

    def check() -> dict:
        limit = settings.HEALTH_WORKER_MAX_AGE_SECONDS
        age, seen = heartbeat_seen(role, limit)
        last_seen = None if age is None else round(age, 1)
        details = {"lastSeenSeconds": last_seen, "seen": seen, "maxAgeSeconds": limit}
        if age is None or age > limit:
            raise Unhealthy(f"No {role} seen", **details)
        return details

    return check


_database = Lane(
    "database", lambda: {"database": database_check, "migrations": migrations_check, **_checks}
)


def _broker_is_rabbitmq() -> bool:
    return settings.CELERY_BROKER_URL.partition("://")[0] in settings.AMQP_SCHEMES


def _heartbeat_checks() -> dict[str, Check]:
    return {"workers": heartbeat_check("worker"), "beat": heartbeat_check("beat")}


# The heartbeats are read from REDIS_URL's Redis: behind the broker's PING when Redis is the
# broker (a failed PING skips them), in a lane of their own when RabbitMQ is.
_broker = Lane(
    "broker",
    lambda: {"broker": broker_check, **({} if _broker_is_rabbitmq() else _heartbeat_checks())},
)
_heartbeats = Lane("heartbeats", _heartbeat_checks)


def _report(name: str, found: Found) -> tuple[dict, str]:
    """A check's entry in the answer, and what only those allowed may read ("" for nothing)."""
    if isinstance(found, dict):
        return {"status": "ok", **found}, ""
    failed = "unavailable" if name in CRITICAL else "degraded"
    if isinstance(found, Unhealthy):
        return {"status": failed, "error": str(found), **found.details}, ""
    if isinstance(found, Skipped):
        return {"status": failed, "error": f"{found.needed.capitalize()} unavailable"}, ""
    if isinstance(found, TimedOut):
        return {"status": failed, "error": "Timed out"}, str(found)
    return {"status": failed, "error": f"{name.capitalize()} unavailable"}, (
        f"{type(found).__name__}: {found}"
    )


def _may_read_details(request, database_answered: bool) -> bool:
    """The caller sends the metrics token, or is a signed-in staff user. Staff are recognised by
    their session, in the database: only when the database has just answered, so this lookup
    does not wait on a database that hangs (the token needs no database)."""
    if sends_metrics_token(request):
        return True
    session_key = request.COOKIES.get(settings.SESSION_COOKIE_NAME)
    if not session_key or not database_answered:
        return False
    request.session = import_module(settings.SESSION_ENGINE).SessionStore(session_key)
    try:
        return get_user(request).is_staff
    except DatabaseError:
        return False


def _cache_report() -> dict:
    since = cache_degraded_since()
    if since is None:
        return {"status": "ok"}
    return {"status": "degraded", "degradedSince": since.isoformat().replace("+00:00", "Z")}


def _answer(checks: dict[str, dict]) -> JsonResponse:
    statuses = {check["status"] for check in checks.values()}
    if "unavailable" in statuses:
        status = "unavailable"
    elif "degraded" in statuses:
        status = "degraded"
    else:
        status = "ok"  # "none" (no worker expected) included
    body = {"status": status, "checks": checks}
    return JsonResponse(body, status=503 if status == "unavailable" else 200)


@never_cache
@require_GET
def live(request):
    """The process answers; nothing else is checked."""
    return _answer({})


@never_cache
@require_GET
def ready(request):
    if draining():
        # Stopping: out of the balancer's rotation first, whatever the checks would say.
        return _answer({"shutdown": {"status": "unavailable", "error": "Shutting down"}})
    deadline = time.monotonic() + settings.HEALTH_CHECK_TIMEOUT_SECONDS
    lanes = [_database]
    if settings.REDIS_URL:
        lanes += [_broker, _heartbeats] if _broker_is_rabbitmq() else [_broker]
    runs = [lane.start() for lane in lanes]  # all started, then each waited for until the deadline
    checks, details = {}, {}
    for run in runs:
        for name, found in run.results(deadline).items():
            checks[name], details[name] = _report(name, found)
    if not settings.REDIS_URL:
        checks["workers"], checks["beat"] = {"status": "none"}, {"status": "none"}
    checks["cache"] = _cache_report()
    hidden = {name: detail for name, detail in details.items() if detail}
    if hidden and _may_read_details(request, checks["database"]["status"] == "ok"):
        for name, detail in hidden.items():
            checks[name]["detail"] = detail
    return _answer(checks)
