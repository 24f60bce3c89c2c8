"""Prometheus metrics at `GET /metrics` (docs/decisions/0049-metrics.md).

Off unless `METRICS_ENABLED` (then the path is unknown: 404 in the envelope), and behind
`METRICS_TOKEN` when it is set (`Authorization: Bearer <token>`: missing 401, wrong 403).

Requests are counted by `MetricsMiddleware` per route (the URL pattern's name, never the raw
path, so the label set stays bounded), method and status, with a latency histogram. What the
database knows (outbox backlog, records by status) is read when scraped, by the collectors the
apps register here in their AppConfig.ready (`collector_register`), one query each: config
imports no app.

Counters live in the process that counts them. With `PROMETHEUS_MULTIPROC_DIR` set (a directory
shared by the gunicorn workers and Celery workers of one machine, emptied before they start)
a scrape adds up every process's counters; without it each web process answers its own.
"""

import hmac
import os
import time
from collections.abc import Iterable

from django.conf import settings
from django.http import HttpResponse, JsonResponse
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Histogram,
    generate_latest,
    multiprocess,
)
from prometheus_client.registry import Collector

from config.api.envelope import error_envelope
from config.api.views import json_not_found

UNMATCHED_ROUTE = "unmatched"
UNKNOWN_PATH_ROUTE = "unknown"

REQUESTS = Counter(
    "hlos_http_requests_total",
    "HTTP requests answered, by route (URL pattern name), method and status.",
    ["route", "method", "status"],
)
LATENCY = Histogram(
    "hlos_http_request_duration_seconds",
    "Time to answer an HTTP request, by route (URL pattern name) and method.",
    ["route", "method"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10),
)
# Methods outside these are counted as OTHER: a client may send any word as a method.
KNOWN_METHODS = {"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"}

_collectors: list[Collector] = []


def collector_register(collector: Collector) -> None:
    """A collector read at each scrape (its `collect()` yields metric families). It declares no
    `describe()`, so registering it runs no query."""
    _collectors.append(collector)


def route_of(request) -> str:
    match = getattr(request, "resolver_match", None)
    if match is None:  # refused before URL resolution (a bad Host header, a middleware)
        return UNMATCHED_ROUTE
    if match.url_name:
        return match.view_name
    # An unnamed pattern: its route, e.g. "" for the catch-all of unknown paths.
    return match.route or UNKNOWN_PATH_ROUTE


class MetricsMiddleware:
    """Counts every answer and its latency, by route: near the outside, so refusals by other
    middleware count too."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        started = time.perf_counter()
        response = self.get_response(request)
        route = route_of(request)
        method = request.method if request.method in KNOWN_METHODS else "OTHER"
        LATENCY.labels(route, method).observe(time.perf_counter() - started)
        REQUESTS.labels(route, method, str(response.status_code)).inc()
        return response


class _DefaultRegistry:
    """This process's own metrics (the default registry), in a scrape's registry."""

    def collect(self) -> Iterable:
        return REGISTRY.collect()


def scrape() -> bytes:
    registry = CollectorRegistry(auto_describe=False)
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        multiprocess.MultiProcessCollector(registry)
    else:
        registry.register(_DefaultRegistry())
    for collector in _collectors:
        registry.register(collector)
    return generate_latest(registry)


def sends_metrics_token(request) -> bool:
    """The request sends `Authorization: Bearer <METRICS_TOKEN>`; never true when no token is set.
    It also lets readiness show what failed in detail (config/ops/health.py)."""
    token = settings.METRICS_TOKEN
    sent = request.META.get("HTTP_AUTHORIZATION", "")
    if not token or not sent.startswith("Bearer "):
        return False
    return hmac.compare_digest(sent.removeprefix("Bearer ").encode(), token.encode())


def metrics_view(request):
    if not settings.METRICS_ENABLED:
        return json_not_found(request)
    if settings.METRICS_TOKEN and not sends_metrics_token(request):
        if not request.META.get("HTTP_AUTHORIZATION", "").startswith("Bearer "):
            return JsonResponse(error_envelope(401, "Unauthorized access"), status=401)
        return JsonResponse(error_envelope(403, "Forbidden"), status=403)
    return HttpResponse(scrape(), content_type=CONTENT_TYPE_LATEST)


class RecordsByStatus:
    """A gauge of a model's records per status, read at scrape time in one query; every status
    is shown, those with no record at 0."""

    def __init__(self, name: str, documentation: str, model, field: str = "status"):
        self.name, self.documentation, self.model, self.field = name, documentation, model, field

    def collect(self) -> Iterable:
        from django.db.models import Count
        from prometheus_client.core import GaugeMetricFamily

        counts = dict.fromkeys(
            (value for value, _ in self.model._meta.get_field(self.field).choices), 0
        )
        rows = self.model.objects.order_by().values_list(self.field).annotate(n=Count("pk"))
        counts.update(dict(rows))
        family = GaugeMetricFamily(self.name, self.documentation, labels=["status"])
        for status, count in counts.items():
            family.add_metric([status], count)
        yield family
