"""How gunicorn serves the service: `gunicorn config.wsgi` reads this file by itself when run
from the repository root (or pass `-c gunicorn.conf.py`). docs/deploying.md ("Serving") and
docs/decisions/0011-gunicorn-gthread-workers-and-limits.md say why each value is what it is.

Environment (all optional): GUNICORN_BIND (default 127.0.0.1:8000), GUNICORN_WORKERS (default
WEB_CONCURRENCY, else 2), GUNICORN_THREADS (default 8), GUNICORN_TIMEOUT (default 30),
GUNICORN_KEEPALIVE (default 5), GUNICORN_MAX_REQUESTS (default 2000), GUNICORN_DRAIN_SECONDS
(default 5), GUNICORN_PROXY_PROTOCOL (default off), GUNICORN_PROXY_ALLOW_FROM (default
127.0.0.1,::1), LOG_LEVEL (as for Django). gunicorn's own FORWARDED_ALLOW_IPS and
GUNICORN_CMD_ARGS work as usual.
"""

import os

from config.ops import collector, draining, gunicorn_errors

wsgi_app = "config.wsgi:application"
bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000").split(",")

# Threads, not sync workers: a client that sends its body or headers slowly holds one thread
# of its worker, not the whole worker (with sync workers two such clients stalled the service
# until gunicorn's timeout). Idle and kept-alive connections wait in the worker's poller,
# holding no thread. Processes stay few: each holds the offline geocoder's cities (~250 MB).
worker_class = "gthread"
workers = int(os.environ.get("GUNICORN_WORKERS") or os.environ.get("WEB_CONCURRENCY") or 2)
threads = int(os.environ.get("GUNICORN_THREADS", 8))
# A worker whose main loop does not check in for this long is restarted. With threads the loop
# checks in while requests run, so this catches a hung process, not a slow request.
timeout = int(os.environ.get("GUNICORN_TIMEOUT", 30))
# On SIGTERM: readiness answers 503 for this many seconds while requests are still served, so a
# load balancer's health checks take the instance out before it closes its sockets; then the
# graceful stop, whose requests in flight have graceful_timeout to finish (config/ops/draining.py).
# At least the balancer's check interval times its fall count, plus a margin; 0 stops at once.
drain_seconds = float(os.environ.get("GUNICORN_DRAIN_SECONDS", 5))
graceful_timeout = 30
# Seconds an idle kept-alive connection stays open. Behind a load balancer that reuses
# connections, set it above the balancer's idle timeout (e.g. 75 behind a 60 s one).
keepalive = int(os.environ.get("GUNICORN_KEEPALIVE", 5))

# Each worker is replaced after this many requests (give or take the jitter, so workers are not
# all replaced at once): whatever memory a worker's largest answers left it holding goes back to
# the system with it. 0 turns it off.
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS", 2000))
max_requests_jitter = max_requests // 10

# Request limits, raised from gunicorn's defaults so realistic requests reach Django, which
# answers them in its envelope; beyond them gunicorn refuses (in the envelope too, below).
# The request line: 8190 bytes is the most gunicorn takes short of "unlimited" (0), which
# would let one client make it buffer any amount.
limit_request_line = 8190
# One header field (name and value) up to 32 KiB, four times gunicorn's default: long bearer
# tokens and forwarded chains fit; at most 100 fields.
limit_request_field_size = 32768
limit_request_fields = 100

# Behind HAProxy's `send-proxy-v2` (deploy/haproxy.cfg) each connection starts with the PROXY
# protocol's header, carrying the client's address: REMOTE_ADDR is then the client's (the access
# log, the budget of failed authentications per address), not the balancer's. Set it to "v2"
# there, with the balancers' addresses in GUNICORN_PROXY_ALLOW_FROM, the only peers whose header
# is believed; a connection without one is served as plain HTTP.
proxy_protocol = os.environ.get("GUNICORN_PROXY_PROTOCOL", "off")
proxy_allow_ips = os.environ.get("GUNICORN_PROXY_ALLOW_FROM", "127.0.0.1,::1")

# gunicorn 27's control socket (for `gunicornc`) is one path per user on a host, which every
# instance would share and the first to stop would delete: not used.
control_socket_disable = True

loglevel = os.environ.get("LOG_LEVEL", "info").lower()
accesslog = "-"
# The default access line, ending with the request id the service answered
# (config/ops/request_ids.py).
access_log_format = (
    '%(h)s %(l)s %(u)s %(t)s "%(r)s" %(s)s %(b)s "%(f)s" "%(a)s" %({x-request-id}o)s'
)

# gunicorn's own refusals (414, 431, 400, 501) in the JSON error envelope, not HTML.
gunicorn_errors.install()


# The master handles its signals once it is ready: SIGTERM drains first.
def when_ready(server):
    draining.drain_on_sigterm(drain_seconds)


# Once a worker has loaded the app, before it accepts: what its first requests would load
# (employees/geocoding.py), then the garbage collector tuned (config/ops/collector.py): a list's
# cost per row stays flat with its length.
def post_worker_init(worker):
    from employees.geocoding import geocoder_warm  # the app is loaded only now

    geocoder_warm()
    collector.tune_for_serving()
