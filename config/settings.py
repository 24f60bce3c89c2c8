"""Settings, read from environment variables (and `.env` when present).

Every variable is documented in docs/configuration.md. Without DATABASE_URL the service uses
the local PostgreSQL (127.0.0.1:5432, database hlos); `make run` points it at an embedded
PostgreSQL in the project folder instead, and without REDIS_URL tasks run in-process.
"""

import zoneinfo
from pathlib import Path

import environ
import pghistory

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env()
environ.Env.read_env(BASE_DIR / ".env", overwrite=False)

ENVIRONMENTS = ("production", "sandbox", "staging", "development", "test")
ENVIRONMENT = env.str("ENVIRONMENT", default="development")
if ENVIRONMENT not in ENVIRONMENTS:
    raise environ.ImproperlyConfigured(
        f"ENVIRONMENT must be one of {', '.join(ENVIRONMENTS)}; got {ENVIRONMENT!r}"
    )

DEBUG = env.bool("DEBUG", default=ENVIRONMENT == "development")
# Deployed environments (production, sandbox, staging) must bring their own secret.
SECRET_KEY = env.str(
    "SECRET_KEY",
    default=(
        "insecure-development-key" if ENVIRONMENT in ("development", "test") else environ.Env.NOTSET
    ),
)
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "testserver"])

# The address clients reach the service at (`https://hlos.example.com`), the base of the
# absolute URLs in answers and events (config.kernel.links). Unset: answers use the request's own
# scheme and host, and events keep relative paths.
PUBLIC_BASE_URL = env.str("PUBLIC_BASE_URL", default="").strip().removesuffix("/")
if PUBLIC_BASE_URL and not PUBLIC_BASE_URL.lower().startswith(("http://", "https://")):
    raise environ.ImproperlyConfigured(
        f"PUBLIC_BASE_URL must be an http(s) URL; got {PUBLIC_BASE_URL!r}"
    )

# The vendor constant a gateway request must name (compared case-insensitively).
SERVICE_VENDOR = env.str("SERVICE_VENDOR", default="hlos")

INSTALLED_APPS = [
    # Django's admin, opening on the dashboard and exporting lists (config/backoffice/site.py).
    "config.backoffice.site.BackOfficeAdminConfig",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    # The audit trail's triggers (config/kernel/audit.py).
    "pgtrigger",
    "pghistory",
    "companies",
    "employees",
    "hardware",
    "catalog",
    "logistics",
    "orders",
    "tracking",
    # Employees provisioned by identity providers (SCIM 2.0): above the flows, as a leaver's
    # deactivation starts their offboarding.
    "scim",
    # Bulk jobs: many bodies of the flows' single calls, run by the workers.
    "bulk",
    "config",
]

MIDDLEWARE = [
    # Outermost: every answer carries its request id, and is counted (config.ops.metrics).
    "config.ops.request_ids.RequestIdMiddleware",
    "config.ops.metrics.MetricsMiddleware",
    "config.ops.deadlines.DatabaseDeadlineMiddleware",
    "config.api.middleware.JSONErrorsMiddleware",
    "config.api.middleware.DatabaseOutageMiddleware",
    "config.api.middleware.ChangeContextMiddleware",
    "config.api.middleware.RateLimitHeadersMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "config.api.middleware.OptionalTrailingSlashMiddleware",
    "config.api.middleware.AnswerBaseMiddleware",
    # Django's sessions, staff users and messages, on the admin's paths only (the API keeps
    # no session: config/backoffice/middleware.py).
    "config.backoffice.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "config.backoffice.middleware.AuthenticationMiddleware",
    "config.backoffice.middleware.MessageMiddleware",
    "config.backoffice.middleware.TimeZoneMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
# API paths answer with or without a trailing slash (config.urls), never through a redirect.
APPEND_SLASH = False

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {"default": env.db("DATABASE_URL", default="postgres://postgres@127.0.0.1:5432/hlos")}
# Connections are kept between requests and checked before reuse (Django's own health check):
# opening one per request cost about 15 ms of every answer in the benchmarks. Django's defaults
# for psycopg otherwise: parameters bound client-side, no prepared statements, no startup
# options, so the service runs unchanged behind PgBouncer in transaction pooling mode
# (docs/decisions/0072-one-plain-read-path.md, 0076-pgbouncer-transaction-mode.md).
DATABASES["default"]["CONN_MAX_AGE"] = env.int("DB_CONN_MAX_AGE", default=60)
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
# Bounded waits on the database (docs/operating.md, "Outages"): libpq gives up connecting after
# DB_CONNECT_TIMEOUT seconds (2 at least), and a request's database work is cut after
# DB_REQUEST_TIMEOUT seconds (a task's after DB_TASK_TIMEOUT; a long list's, per chunk of it)
# by config/ops/deadlines.py, for a server that has stopped answering enforces no timeout of
# its own. Either is answered 503 with Retry-After. Commands run unbounded.
DATABASES["default"].setdefault("OPTIONS", {})["connect_timeout"] = env.int(
    "DB_CONNECT_TIMEOUT", default=3
)
DB_REQUEST_TIMEOUT = env.float("DB_REQUEST_TIMEOUT", default=15.0)
DB_TASK_TIMEOUT = env.float("DB_TASK_TIMEOUT", default=60.0)
# What a client is told to wait before retrying after a 503, and how often an outage is logged.
OUTAGE_RETRY_AFTER_SECONDS = env.int("OUTAGE_RETRY_AFTER_SECONDS", default=5)
OUTAGE_LOG_INTERVAL_SECONDS = env.float("OUTAGE_LOG_INTERVAL_SECONDS", default=10.0)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
# The audit trail (config/kernel/audit.py): each audit row keeps its change's context (source,
# actor, request id, reason) in a column of its own, not in a table shared by every write, and
# points at its record without a constraint, so it outlives the record.
PGHISTORY_CONTEXT_FIELD = pghistory.ContextJSONField()
PGHISTORY_OBJ_FIELD = pghistory.ObjForeignKey(related_name="+", related_query_name="+")

# Redis is the cache, where the request budgets are counted and the workers' heartbeats kept,
# and by default the Celery broker. CELERY_BROKER_URL names another broker: RabbitMQ, where tasks
# must survive a broker restart (docs/deploying.md, "RabbitMQ as the broker"). Without REDIS_URL
# there is no broker: tasks run in-process (after the transaction that queued them commits, since
# every call site queues through on_commit).
REDIS_URL = env.str("REDIS_URL", default="")
CELERY_BROKER_URL = env.str("CELERY_BROKER_URL", default="") or REDIS_URL
if CELERY_BROKER_URL and not REDIS_URL:
    raise environ.ImproperlyConfigured(
        "CELERY_BROKER_URL is set without REDIS_URL: REDIS_URL is still needed, for the "
        "workers' and beat's heartbeats and the request budgets"
    )
AMQP_SCHEMES = ("amqp", "amqps", "pyamqp")
REDIS_SCHEMES = ("redis", "rediss")
if REDIS_URL:
    CACHES = {
        "default": {
            # Django's, counting request budgets in Redis itself (config.ops.cache).
            "BACKEND": "config.ops.cache.BudgetRedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": f"hlos-{ENVIRONMENT}",
            # Only request budgets live in the cache, and they fail open (config/ops/cache.py):
            # a Redis that does not answer must cost a request milliseconds, not seconds.
            "OPTIONS": {
                "socket_connect_timeout": env.float("CACHE_CONNECT_TIMEOUT", default=0.1),
                "socket_timeout": env.float("CACHE_TIMEOUT", default=0.25),
            },
        }
    }
    CELERY_TASK_ALWAYS_EAGER = False
    # A broker that stops answering holds no socket forever (the workers' included); a write
    # waits for its publish BROKER_PUBLISH_TIMEOUT seconds at most (config/ops/broker.py).
    broker_socket_timeout = env.float("BROKER_SOCKET_TIMEOUT", default=5.0)
    broker_connect_timeout = env.float("BROKER_CONNECT_TIMEOUT", default=2.0)
    broker_scheme = CELERY_BROKER_URL.partition("://")[0]
    if broker_scheme in REDIS_SCHEMES:
        CELERY_BROKER_TRANSPORT_OPTIONS = {
            "socket_timeout": broker_socket_timeout,
            "socket_connect_timeout": broker_connect_timeout,
        }
    elif broker_scheme in AMQP_SCHEMES:
        # Every queue the service declares (the default one, and the bulk jobs' named by their
        # route) is a durable quorum queue, kept on disk (and replicated, on a cluster), and a
        # publish returns once RabbitMQ holds the message (publisher confirms): a task handed
        # over survives a broker restart. The confirm is awaited BROKER_SOCKET_TIMEOUT seconds
        # at most (the socket's read timeout): a RabbitMQ that blocks publishers (a memory or
        # disk alarm) would otherwise hold the publishing thread for as long as the alarm lasts.
        CELERY_TASK_DEFAULT_QUEUE_TYPE = "quorum"
        CELERY_TASK_CREATE_MISSING_QUEUE_TYPE = "quorum"
        # With quorum queues a task given a countdown (the order e-mail's retries, by
        # autoretry's backoff) waits in the delay queues the workers declare, which route only
        # through topic exchanges; through Celery's default, direct, it would wait in a worker,
        # taking one of its prefetch slots (fixed, with quorum queues) until due.
        CELERY_TASK_DEFAULT_EXCHANGE_TYPE = "topic"
        CELERY_TASK_CREATE_MISSING_QUEUE_EXCHANGE_TYPE = "topic"
        CELERY_BROKER_TRANSPORT_OPTIONS = {
            "confirm_publish": True,
            "read_timeout": broker_socket_timeout,
            "write_timeout": broker_socket_timeout,
        }
        CELERY_BROKER_CONNECTION_TIMEOUT = broker_connect_timeout
        # A worker sees a broker gone without closing its connection (its host lost) after two
        # beats missed: a minute, not the two minutes of Celery's default (120 s, 60 s as
        # RabbitMQ negotiates it).
        CELERY_BROKER_HEARTBEAT = 30
    else:
        raise environ.ImproperlyConfigured(
            "CELERY_BROKER_URL must be a Redis (redis://, rediss://) or RabbitMQ (amqp://, "
            f"amqps://, pyamqp://) URL; got {broker_scheme}://"
        )
else:
    # In the process, counting request budgets itself (config.ops.cache).
    CACHES = {"default": {"BACKEND": "config.ops.cache.BudgetMemoryCache"}}
    # Nothing goes through it (tasks run eagerly), but Celery still takes a connection from its
    # pool to serialize a task's arguments as a broker would: with the host named, kombu does
    # not warn "No hostname was supplied" at each task.
    CELERY_BROKER_URL = "memory://localhost/"
    CELERY_TASK_ALWAYS_EAGER = True
CELERY_TASK_EAGER_PROPAGATES = True
BROKER_PUBLISH_TIMEOUT = env.float("BROKER_PUBLISH_TIMEOUT", default=0.25)
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# Due webhook deliveries (retries, and events the broker never got) are picked up by a sweep.
CELERY_BEAT_SCHEDULE = {
    "sweep-due-events": {"task": "companies.tasks.sweep_due_events", "schedule": 5.0},
    # Carriers' updates their callbacks kept, recorded (tracking.tasks). A run not started
    # within its interval is dropped: the next one does its work.
    "record-received-updates": {
        "task": "tracking.tasks.record_received_updates",
        "schedule": 2.0,
        "options": {"expires": 2.0},
    },
    # Idempotency-Keys past their 24 hours, and finished events past EVENT_RETENTION_DAYS, in
    # short batches (companies/retention.py).
    "purge-old-records": {"task": "companies.tasks.purge_old_records", "schedule": 3600.0},
    # Bulk jobs whose workers stopped renewing their lease, handed to the workers again.
    "resume-bulk-jobs": {"task": "bulk.tasks.resume_bulk_jobs", "schedule": 15.0},
    # Finished bulk jobs past BULK_JOB_RETENTION_DAYS, with their items (bulk/retention.py).
    "purge-finished-bulk-jobs": {
        "task": "bulk.tasks.purge_finished_bulk_jobs",
        "schedule": 3600.0,
    },
}
# Bulk jobs (docs/bulk-jobs.md): their runs go to a queue of their own, taken by the Procfile's
# `bulk` workers; a run takes items for BULK_JOB_RUN_SECONDS, then goes back to the queue, so
# other companies' jobs take turns; up to BULK_JOB_PARALLELISM workers share a job; a job whose
# workers renewed no lease for BULK_JOB_LEASE_SECONDS is resumed by the sweep.
BULK_JOB_QUEUE = env.str("BULK_JOB_QUEUE", default="bulk")
CELERY_TASK_ROUTES = ["bulk.tasks.bulk_queue_route"]
BULK_JOB_MAX_ITEMS = env.int("BULK_JOB_MAX_ITEMS", default=10_000)
BULK_JOB_RUN_SECONDS = env.float("BULK_JOB_RUN_SECONDS", default=5.0)
BULK_JOB_PARALLELISM = env.int("BULK_JOB_PARALLELISM", default=2)
BULK_JOB_LEASE_SECONDS = env.float("BULK_JOB_LEASE_SECONDS", default=60.0)
# Days a finished bulk job and its items are kept after it finished; then the hourly purge
# deletes them.
BULK_JOB_RETENTION_DAYS = env.int("BULK_JOB_RETENTION_DAYS", default=90)
if BULK_JOB_RETENTION_DAYS < 1:
    raise environ.ImproperlyConfigured(
        f"BULK_JOB_RETENTION_DAYS must be at least 1; got {BULK_JOB_RETENTION_DAYS}"
    )
# The body of `POST /bulk-jobs` may be this large (10,000 items of 1.5 KB); every other request's
# stays DATA_UPLOAD_MAX_MEMORY_SIZE.
BULK_JOB_MAX_BODY_BYTES = env.int("BULK_JOB_MAX_BODY_BYTES", default=16 * 1024 * 1024)
# Days a finished webhook event (delivered, failed, or recorded without a webhook URL) and its
# attempts are kept after the last thing that happened to it; pending events are never purged.
EVENT_RETENTION_DAYS = env.int("EVENT_RETENTION_DAYS", default=90)
if EVENT_RETENTION_DAYS < 1:
    raise environ.ImproperlyConfigured(
        f"EVENT_RETENTION_DAYS must be at least 1; got {EVENT_RETENTION_DAYS}"
    )
# Days a row of the audit trail (config/kernel/audit.py) is kept after the change it records;
# then the same hourly purge deletes it. 400 by default, so a yearly audit finds the whole year.
AUDIT_RETENTION_DAYS = env.int("AUDIT_RETENTION_DAYS", default=400)
if AUDIT_RETENTION_DAYS < 1:
    raise environ.ImproperlyConfigured(
        f"AUDIT_RETENTION_DAYS must be at least 1; got {AUDIT_RETENTION_DAYS}"
    )

# Webhooks to loopback, private or link-local addresses are refused unless this is set: on a
# developer's machine (ENVIRONMENT development, `make run`) the receiver is on localhost, so
# it is the default there; everywhere else a URL that reaches the service's own network is
# refused (tests set it where they need it).
WEBHOOK_ALLOW_PRIVATE_NETWORKS = env.bool(
    "WEBHOOK_ALLOW_PRIVATE_NETWORKS", default=ENVIRONMENT == "development"
)
# A webhook attempt holds its event this long (seconds): no other worker sends it meanwhile. Its
# HTTP exchange is cut at two thirds of it (10 s by default), the rest is margin to record the
# outcome; a worker that dies mid-attempt is replaced by the sweep once it runs out.
WEBHOOK_ATTEMPT_LEASE_SECONDS = env.float("WEBHOOK_ATTEMPT_LEASE_SECONDS", default=15.0)
# Once an attempt to a company's endpoint succeeds, its events waiting for a retry are sent at
# once instead of at their time: oldest first, one at a time, at most this many a second, until
# one fails (companies/webhooks/catch_up.py; docs/decisions/0078-webhooks-catch-up.md).
WEBHOOK_CATCH_UP_RATE = env.float("WEBHOOK_CATCH_UP_RATE", default=20.0)
if WEBHOOK_CATCH_UP_RATE <= 0:
    raise environ.ImproperlyConfigured(
        f"WEBHOOK_CATCH_UP_RATE must be above 0; got {WEBHOOK_CATCH_UP_RATE}"
    )

EMAIL_CONFIG = env.email_url("EMAIL_URL", default="consolemail://")
vars().update(EMAIL_CONFIG)
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", default="hlos@localhost")

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True
# The back office shows times in its operators' zone (an IANA name, such as Europe/Berlin),
# written one way (config/formats); the API, the logs and the database keep UTC.
BACK_OFFICE_TIME_ZONE = env.str("BACK_OFFICE_TIME_ZONE", default="UTC")
try:
    zoneinfo.ZoneInfo(BACK_OFFICE_TIME_ZONE)
except (zoneinfo.ZoneInfoNotFoundError, ValueError):
    raise environ.ImproperlyConfigured(
        f"BACK_OFFICE_TIME_ZONE must be an IANA time zone such as Europe/Berlin, not "
        f"{BACK_OFFICE_TIME_ZONE!r}"
    ) from None
FORMAT_MODULE_PATH = ["config.formats"]

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
# `runserver` serves the admin's and Swagger UI's files in development; elsewhere run
# `manage.py collectstatic` and let the web server serve STATIC_ROOT at STATIC_URL.

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": ["companies.api.authentication.ApiKeyAuthentication"],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_RENDERER_CLASSES": ["config.api.envelope.EnvelopeRenderer"],
    "DEFAULT_PARSER_CLASSES": ["config.api.parsers.EnvelopeJSONParser"],
    "DEFAULT_CONTENT_NEGOTIATION_CLASS": "config.api.negotiation.EnvelopeContentNegotiation",
    "DEFAULT_THROTTLE_CLASSES": ["config.api.throttling.ApiClientThrottle"],
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "EXCEPTION_HANDLER": "config.api.envelope.exception_handler",
    "DEFAULT_SCHEMA_CLASS": "config.api.schema.EnvelopeAutoSchema",
    "UNAUTHENTICATED_USER": None,
}
# Where employee addresses are geocoded: "offline" (a bundled city dataset, no network) or
# "nominatim" (OpenStreetMap's service, which asks callers to identify themselves).
GEOCODER = env.str("GEOCODER", default="offline")
GEOCODER_USER_AGENT = env.str("GEOCODER_USER_AGENT", default="hlos")

# Requests per API client; over it the answer is 429 with Retry-After.
API_THROTTLE_RATE = env.str("API_THROTTLE_RATE", default="1200/min")
# Requests per company's identity provider on /scim/v2/ (its own budget: an initial sync does not
# spend the company's API clients' budget); over it, 429 with Retry-After, which Entra ID and
# Okta wait for.
SCIM_THROTTLE_RATE = env.str("SCIM_THROTTLE_RATE", default="3000/min")
# Failed authentications per source address (REMOTE_ADDR); over it they are 429, not 401.
API_AUTH_FAILURE_RATE = env.str("API_AUTH_FAILURE_RATE", default="60/min")
# The secrets the tracking providers sign their callbacks with (tracking/providers.py): each
# callback's path (/tracking/webhooks/aftership, /tracking/webhooks/easypost) is unknown (404)
# while its secret is unset.
AFTERSHIP_WEBHOOK_SECRET = env.str("AFTERSHIP_WEBHOOK_SECRET", default=None)
EASYPOST_WEBHOOK_SECRET = env.str("EASYPOST_WEBHOOK_SECRET", default=None)

SPECTACULAR_SETTINGS = {
    "TITLE": "Hardware Logistics Orchestration Service",
    "DESCRIPTION": (
        "Manage the hardware a company owns: movements between provider warehouses and "
        "employees, hardware orders, employees, hardware items, companies and the catalog.\n\n"
        "Authenticate with `Authorization: Bearer <key>` or `X-API-Key: <key>`. Write bodies "
        'may be sent plain or wrapped as `{"data": {...}}`. Every answer is an envelope: '
        '`{"statusCode", "message": "Request successful", "envelop"}` on success, '
        '`{"statusCode", "error", "message", "details"?}` on error. `POST /gateway` takes the '
        "whole request envelope and answers exactly as the direct call would."
    ),
    "VERSION": "1.0.0",
    # OpenAPI 3.1: a nullable field is `type: [X, "null"]`, or a `oneOf` with `{type: null}`
    # beside a $ref, which strict validators and generators read as written (docs/schema.md).
    "OAS_VERSION": "3.1.0",
    "SERVERS": [
        {
            "url": PUBLIC_BASE_URL or "http://127.0.0.1:8000",
            "description": "PUBLIC_BASE_URL when set, else the address of `make run`.",
        }
    ],
    # The service is not open source; SPDX's LicenseRef- form names a license of our own.
    "LICENSE": {"name": "Proprietary", "identifier": "LicenseRef-Proprietary"},
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    # A PATCH body is its serializer's, required fields and all: the line removal needs its
    # fields, and a partial update declares its fields optional itself.
    "COMPONENT_SPLIT_PATCH": False,
    "SCHEMA_PATH_PREFIX_TRIM": False,
    # Several models have a `status`: each enum is named after its model's choices.
    "ENUM_NAME_OVERRIDES": {
        "HardwareStatusEnum": "hardware.choices.HardwareStatus",
        "EmployeeStatusEnum": "employees.choices.EmployeeStatus",
        "MovementStatusEnum": "logistics.choices.MovementStatus",
        "OrderStatusEnum": "orders.choices.OrderStatus",
        "OrderSendToEnum": "orders.choices.SendTo",
        "ShipmentStatusEnum": "tracking.choices.ShipmentStatus",
        # The name the typed clients have known the movement type by, beside a shipment's
        # record type (another `type`).
        "TypeEnum": "logistics.choices.MovementType",
        "EventStateEnum": "companies.models.EventState",
        # One enum each, whatever operation shows them (docs/schema.md).
        "HardwareType": "hardware.choices.HARDWARE_TYPE_NAMES",
        "Brand": "hardware.choices.Brand",
        # An item's retirement and wipes: one enum each, in answers and bodies alike.
        "RetiredReasonEnum": "hardware.choices.RetiredReason",
        "WipeMethodEnum": "hardware.choices.WipeMethod",
        # The audit trail's (GET /audit-events), named for it rather than as generic words.
        "AuditActionEnum": "companies.audit.criteria.ACTIONS",
        "AuditSourceEnum": "config.kernel.audit.Source",
    },
    # The sandbox's operations are unknown paths in production (config/api/sandbox.py).
    "PREPROCESSING_HOOKS": ["config.api.sandbox.sandbox_paths_outside_production"],
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "config.api.schema.camel_case_path_parameters",
        "config.api.schema_hooks.query_examples",
        "config.api.schema_hooks.default_error_response",
        "config.api.schema_hooks.service_unavailable_response",
        "config.api.schema_hooks.response_links",
        "config.api.schema_hooks.idempotency_key_header",
        "config.api.schema_hooks.rate_limit_headers",
        "config.api.schema_hooks.request_id_header",
        "config.api.schema_hooks.text_without_nul",
        "config.api.schema_hooks.server_applied_defaults",
        # The events the service sends (config/api/webhooks.py).
        "config.api.webhooks.webhooks_section",
    ],
    # Swagger UI's files are served from this installation, not a CDN: the docs work offline.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
}

# --- observability ---
# Request ids, log format and metrics: docs/observability.md,
# docs/decisions/0048-request-ids-and-logs.md and docs/decisions/0049-metrics.md. Every line
# carries the request id (config.ops.request_ids); LOG_FORMAT=json writes one JSON object per
# line instead of text.
LOG_FORMAT = env.str("LOG_FORMAT", default="text").lower()
LOG_FORMATTERS = {
    "text": {"format": "%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(message)s"},
    "json": {
        "()": "pythonjsonlogger.json.JsonFormatter",
        "fmt": "%(asctime)s %(levelname)s %(name)s %(message)s %(request_id)s",
        "rename_fields": {"asctime": "time", "levelname": "level", "name": "logger"},
    },
}
if LOG_FORMAT not in LOG_FORMATTERS:
    raise environ.ImproperlyConfigured(f"LOG_FORMAT must be text or json, not {LOG_FORMAT!r}")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {
        "request_id": {"()": "config.ops.request_ids.RequestIdFilter"},
        "outages_counted": {"()": "config.ops.outages.CountedOutagesFilter"},
    },
    "formatters": {"default": LOG_FORMATTERS[LOG_FORMAT]},
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "filters": ["request_id"],
            "formatter": "default",
        }
    },
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="INFO")},
    # Django's own console handler on "django" (active with DEBUG) would write each of its
    # lines a second time, unformatted: they go to the root's handler only.
    "loggers": {
        "django": {"handlers": [], "propagate": True},
        # A 503 for an outage is counted and logged once an interval (config.ops.outages).
        "django.request": {"filters": ["outages_counted"]},
    },
}
# Celery workers log through this configuration too, not Celery's own.
CELERY_WORKER_HIJACK_ROOT_LOGGER = False
# GET /metrics (config.ops.metrics): off unless enabled; behind a bearer token when one is set.
METRICS_ENABLED = env.bool("METRICS_ENABLED", default=False)
METRICS_TOKEN = env.str("METRICS_TOKEN", default="")
# Errors and their traces to Sentry, only when a DSN is given (never in the tests, which set
# none): the web processes and the Celery workers both load these settings.
SENTRY_DSN = env.str("SENTRY_DSN", default="")
if SENTRY_DSN:
    import sentry_sdk

    sentry_sdk.init(
        dsn=SENTRY_DSN,
        environment=ENVIRONMENT,
        traces_sample_rate=env.float("SENTRY_TRACES_SAMPLE_RATE", default=0.0),
        send_default_pii=False,  # API keys, addresses and e-mails stay out of the reports
    )

# --- production ---
# How the service runs deployed (docs/deploying.md; docs/decisions/0013-procfile-honcho-and-
# production-settings.md, 0079-readiness-within-a-second-and-heartbeats.md).

# Readiness (GET /health/ready, config/ops/health.py) reports the outbox degraded when a pending
# webhook delivery has been due this long (seconds) without a worker taking it: workers or beat
# are missing or behind.
HEALTH_OUTBOX_MAX_AGE_SECONDS = env.float("HEALTH_OUTBOX_MAX_AGE_SECONDS", default=900.0)
# Readiness answers within this many seconds whatever hangs: a check not finished by then is
# reported "Timed out" (below a load balancer's usual 1 s timeout; config/ops/lanes.py).
HEALTH_CHECK_TIMEOUT_SECONDS = env.float("HEALTH_CHECK_TIMEOUT_SECONDS", default=0.9)
# Each Celery worker and beat records a heartbeat in Redis this often (seconds;
# config/ops/heartbeat.py), and readiness reports the workers or beat degraded (still 200) when
# none has beaten for HEALTH_WORKER_MAX_AGE_SECONDS: keep it a few intervals long.
HEARTBEAT_INTERVAL_SECONDS = env.float("HEARTBEAT_INTERVAL_SECONDS", default=10.0)
HEALTH_WORKER_MAX_AGE_SECONDS = env.float("HEALTH_WORKER_MAX_AGE_SECONDS", default=30.0)
# Beat's record of when each periodic task last ran (one beat per deployment).
CELERY_BEAT_SCHEDULE_FILENAME = env.str(
    "CELERY_BEAT_SCHEDULE_FILENAME", default=str(BASE_DIR / "celerybeat-schedule")
)
# Task processes per worker (unset: one per CPU, Celery's default).
CELERY_WORKER_CONCURRENCY = env.int("CELERY_WORKER_CONCURRENCY", default=None)

# In production the service is reached over HTTPS through a proxy or load balancer that sets
# X-Forwarded-Proto (replacing any the client sent). Each setting can be turned off by its
# variable; `manage.py check --deploy` passes with the defaults (tests/config/test_deploy.py).
IS_PRODUCTION = ENVIRONMENT == "production"
if IS_PRODUCTION and "ALLOWED_HOSTS" not in env:
    raise environ.ImproperlyConfigured(
        "ALLOWED_HOSTS must be set when ENVIRONMENT=production: the host names clients (and the "
        "load balancer's health checks) reach the service at, comma-separated"
    )
if env.bool("SECURE_PROXY_SSL_HEADER", default=IS_PRODUCTION):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=IS_PRODUCTION)
# A load balancer checks health over plain HTTP, inside its network: answered, not redirected.
SECURE_REDIRECT_EXEMPT = [r"^health/"]
SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=31536000 if IS_PRODUCTION else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=IS_PRODUCTION)
# The directive alone puts no domain on the browsers' preload list (that takes a submission,
# from the apex domain); it only allows one.
SECURE_HSTS_PRELOAD = env.bool("SECURE_HSTS_PRELOAD", default=IS_PRODUCTION)
SESSION_COOKIE_SECURE = env.bool("SESSION_COOKIE_SECURE", default=IS_PRODUCTION)
CSRF_COOKIE_SECURE = env.bool("CSRF_COOKIE_SECURE", default=IS_PRODUCTION)
# The admin's forms, posted from the public address when the proxy changes the Host header.
CSRF_TRUSTED_ORIGINS = env.list(
    "CSRF_TRUSTED_ORIGINS", default=[PUBLIC_BASE_URL] if PUBLIC_BASE_URL else []
)
