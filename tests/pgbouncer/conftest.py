"""Debian's PgBouncer (1.18) in transaction pooling mode between a live server and the test
database, started and stopped here: the pool has fewer server connections than the server has
threads, so the transactions of different requests (and of one request's chunks) run on
whichever server connection is free. A prepared statement, a session `SET`, a server-side
cursor held across transactions or a startup option would show up as a failed request.

It runs with the production file, deploy/pgbouncer.ini, but for what a test machine changes
(tests.servers.PgBouncer, shared with bench/). As 1.18 does, it refuses startup options (no
`ignore_startup_parameters`). docs/pgbouncer.md says how to run the service behind one.
"""

import os
from pathlib import Path

import pytest
from django.conf import settings

from tests.servers import PGBOUNCER, Gunicorn, PgBouncer
from tests.servers import PGBOUNCER_POOL_SIZE as POOL_SIZE

WEB_WORKERS, WEB_THREADS = 2, 8


@pytest.fixture(scope="package")
def pgbouncer(django_db_setup):
    if not Path(PGBOUNCER).exists():
        message = f"{PGBOUNCER} is missing: apt-get install -y pgbouncer"
        if os.environ.get("CI"):
            pytest.fail(message)  # CI installs it (.ci/run): never pass by skipping there
        pytest.skip(message)
    bouncer = PgBouncer(settings.DATABASES["default"], pool_size=POOL_SIZE)
    try:
        bouncer.wait_until_up()
        yield bouncer
    finally:
        bouncer.stop()


@pytest.fixture(scope="package")
def server(pgbouncer):
    """The service under gunicorn, its DATABASE_URL the test database through the bouncer,
    with connections kept between requests as in production (DB_CONN_MAX_AGE 60, health
    checks on): more of them than the pool has server connections."""
    served = Gunicorn(
        pgbouncer.database(settings.DATABASES["default"]),
        GUNICORN_WORKERS=str(WEB_WORKERS),
        GUNICORN_THREADS=str(WEB_THREADS),
        DB_CONN_MAX_AGE="60",
    )
    try:
        served.wait_until_up()
        yield served
    finally:
        # Before the bouncer stops: its clients go first.
        served.stop()
