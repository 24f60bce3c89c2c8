from django.contrib import admin
from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from config.api.gateway import GatewayView
from config.api.views import UnknownPathView
from config.ops import health
from config.ops.metrics import metrics_view

# API routes are written without a trailing slash; OptionalTrailingSlashMiddleware lets
# clients add one.
urlpatterns = [
    path("admin/", admin.site.urls),
    path("schema", SpectacularAPIView.as_view(), name="schema"),
    path("docs", SpectacularSwaggerView.as_view(url_name="schema"), name="docs"),
    path("gateway", GatewayView.as_view(), name="gateway"),
    # For load balancers: no key, no rate limit, not in the schema (config/ops/health.py).
    path("health/live", health.live, name="health-live"),
    path("health/ready", health.ready, name="health-ready"),
    # Prometheus, off unless METRICS_ENABLED; not an API operation, so not in the schema.
    path("metrics", metrics_view, name="metrics"),
    path("", include("companies.api.urls")),
    path("", include("employees.api.urls")),
    path("", include("hardware.api.urls")),
    path("", include("catalog.api.urls")),
    path("", include("logistics.api.urls")),
    path("", include("orders.api.urls")),
    path("", include("tracking.api.urls")),
    path("", include("scim.api.urls")),
    path("", include("bulk.api.urls")),
    # Last: every other path is a 404 in the error envelope, whatever the method.
    re_path(r"", UnknownPathView.as_view()),
]

handler400 = "config.api.views.json_bad_request"
handler403 = "config.api.views.json_forbidden"
handler404 = "config.api.views.json_not_found"
handler500 = "config.api.views.json_server_error"
