"""Health for load balancers and orchestrators: `GET /health/live` (the process answers) and
`GET /health/ready` (it can serve: database, migrations, broker, outbox).

Both answer `{"status": "ok" | "unavailable", "checks": {name: {"status": ..., ...}}}`, 200 or
503, with no API key and no rate limit: they are plain Django views, outside the API (not in
the schema, not reachable through the gateway). Readiness is cheap enough to be called every
second: one `SELECT 1`, one indexed query per registered check, a Redis PING with a short
timeout; the migrations are compared with the code until they are found applied, then no more.

Checks that need an app's models are registered by that app when it is ready
(`health_check_register`), as the outbox's is by companies, so this module imports no app.
A check answers a dict of details (camelCase) and raises `Unhealthy` (or any error) to fail.
The cache is reported, never failed on: without it the service still serves (config/ops/cache.py).
"""

import threading
from collections.abc import Callable

import redis
from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.migrations.executor import MigrationExecutor
from django.http import JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from config.ops.cache import cache_degraded_since

# Seconds the broker may take to connect and to answer a PING.
BROKER_TIMEOUT = 0.5


class Unhealthy(Exception):
    """A check's failure, with what it found (`details`, shown in the answer)."""

    def __init__(self, message: str, **details):
        super().__init__(message)
        self.details = details


Check = Callable[[], dict]
_checks: dict[str, Check] = {}


def health_check_register(name: str, check: Check) -> None:
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


_brokers: dict[str, redis.Redis] = {}


def broker_check() -> dict:
    """A PING to the Redis of REDIS_URL, through one pooled client per URL."""
    url = settings.REDIS_URL
    if url not in _brokers:
        _brokers[url] = redis.Redis.from_url(
            url, socket_connect_timeout=BROKER_TIMEOUT, socket_timeout=BROKER_TIMEOUT
        )
    _brokers[url].ping()
    return {}


def _run(check: Check) -> tuple[bool, dict]:
    try:
        return True, {"status": "ok", **check()}
    except Unhealthy as failure:
        return False, {"status": "unavailable", "error": str(failure), **failure.details}
    except Exception as error:
        return False, {"status": "unavailable", "error": f"{type(error).__name__}: {error}"}


def _cache_report() -> dict:
    since = cache_degraded_since()
    if since is None:
        return {"status": "ok"}
    return {"status": "degraded", "degradedSince": since.isoformat().replace("+00:00", "Z")}


def _answer(results: dict[str, dict], **informational: dict) -> JsonResponse:
    ok = all(result["status"] == "ok" for result in results.values())
    body = {"status": "ok" if ok else "unavailable", "checks": results | informational}
    return JsonResponse(body, status=200 if ok else 503)


@never_cache
@require_GET
def live(request):
    """The process answers; nothing else is checked."""
    return _answer({})


@never_cache
@require_GET
def ready(request):
    results = {}
    database_ok, results["database"] = _run(database_check)
    # The other checks of the database are not tried when it does not answer (each would wait
    # for its own connection attempt): they are unavailable with it.
    for name, check in {"migrations": migrations_check, **_checks}.items():
        results[name] = (
            _run(check)[1]
            if database_ok
            else {"status": "unavailable", "error": "Database unavailable"}
        )
    if settings.REDIS_URL:
        results["broker"] = _run(broker_check)[1]
    return _answer(results, cache=_cache_report())
