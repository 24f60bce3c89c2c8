"""Debian's PgBouncer (1.18) in transaction pooling mode between a live server and the test
database, started and stopped here: the pool has fewer server connections than the server has
threads, so the transactions of different requests (and of one request's chunks) run on
whichever server connection is free. A prepared statement, a session `SET`, a server-side
cursor held across transactions or a startup option would show up as a failed request.

It runs with the production file, deploy/pgbouncer.ini, but for what a test machine changes:
where it listens and logs, the upstream server, trust authentication, and a smaller pool.
As 1.18 does, it refuses startup options (no `ignore_startup_parameters`). docs/pgbouncer.md
says how to run the service behind one.
"""

import contextlib
import os
import pwd
import re
import shutil
import signal
import subprocess
import tempfile
from pathlib import Path

import psycopg
import pytest
from django.conf import settings
from psycopg.rows import dict_row

from tests.servers import REPO, Gunicorn, LoggedProcess, free_port

# Debian installs it in /usr/sbin, which is not on every user's PATH.
PGBOUNCER = shutil.which("pgbouncer") or "/usr/sbin/pgbouncer"
# Server connections per database and user: fewer than the live server's threads (2 workers
# of 8), so clients really do share them.
POOL_SIZE = 3
WEB_WORKERS, WEB_THREADS = 2, 8
PRODUCTION_INI = REPO / "deploy" / "pgbouncer.ini"


class PgBouncer(LoggedProcess):
    """pgbouncer on a free port of 127.0.0.1, in transaction mode, in front of the PostgreSQL
    of `upstream` (settings.DATABASES["default"]); `stop` stops it, always."""

    name = "pgbouncer"

    def __init__(self, upstream: dict, pool_size: int = POOL_SIZE):
        self.port = free_port()
        self.pool_size = pool_size
        self.user = upstream["USER"] or "postgres"
        # Not under pytest's tmp_path: started by root, pgbouncer drops to another user
        # (run_as), who must read its files.
        self.folder = Path(tempfile.mkdtemp(prefix="hlos-pgbouncer-"))
        users = self.folder / "userlist.txt"
        users.write_text(f'"{self.user}" ""\n')
        ini = self.folder / "pgbouncer.ini"
        upstream_address = f"host={upstream['HOST'] or '127.0.0.1'} port={upstream['PORT'] or 5432}"
        ini.write_text(
            ini_for_tests(
                PRODUCTION_INI.read_text(),
                # Whatever database a client names, on the test machine's server.
                databases={"*": upstream_address},
                settings={
                    "listen_addr": "127.0.0.1",
                    "listen_port": str(self.port),
                    "unix_socket_dir": "",
                    "logfile": "",  # stderr, to self.log
                    "pidfile": "",
                    "auth_type": "trust",
                    "auth_file": str(users),
                    "admin_users": self.user,
                    "stats_users": self.user,
                    "default_pool_size": str(pool_size),
                    "reserve_pool_size": "0",
                },
            )
        )
        command = [PGBOUNCER, str(ini)]
        if os.geteuid() == 0:
            account = run_as()
            for path in (self.folder, users, ini):
                os.chown(path, account.pw_uid, account.pw_gid)
            command[1:1] = ["-u", account.pw_name]
        # Its log goes to stderr (no logfile: it would be opened as the postgres user).
        self.start(command)

    def wait_until_up(self, timeout: float = 15) -> None:
        self.wait_until(self._answer_version, timeout)

    def _answer_version(self) -> None:
        try:
            self.admin("SHOW VERSION")
        except psycopg.OperationalError as error:
            raise OSError(str(error)) from error

    def database(self, database: dict) -> dict:
        """`database` (settings.DATABASES["default"]) reached through the bouncer."""
        return {**database, "HOST": "127.0.0.1", "PORT": str(self.port)}

    def admin(self, command: str) -> list[dict]:
        """The rows of an admin console command (SHOW POOLS, SHOW STATS, ...)."""
        with psycopg.connect(
            host="127.0.0.1",
            port=self.port,
            user=self.user,
            dbname="pgbouncer",
            autocommit=True,
            connect_timeout=2,
        ) as console:
            return console.cursor(row_factory=dict_row).execute(command).fetchall()

    def stop(self) -> None:
        # SIGTERM: it closes its server connections at once, so none outlives it into the
        # test database's teardown.
        if self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.kill(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)
        self.log.close()
        shutil.rmtree(self.folder, ignore_errors=True)


def run_as() -> pwd.struct_passwd:
    """The account pgbouncer runs as when started by root, which it refuses to run as."""
    for name in ("postgres", "nobody"):
        try:
            return pwd.getpwnam(name)
        except KeyError:
            continue
    raise RuntimeError("pgbouncer refuses to run as root, and there is no postgres user")


def ini_for_tests(ini: str, databases: dict[str, str], settings: dict[str, str]) -> str:
    """`ini` with its [databases] replaced by `databases` and each of `settings` set in its
    [pgbouncer] section (in place when the file sets it, else at the section's end); every
    other line as it is. (pgbouncer's own `%include` cannot override: a [pgbouncer] section
    read again starts from the defaults.)"""
    lines, section, pending = [], None, dict(settings)

    def close_section():
        if section == "pgbouncer":
            lines.extend(f"{key} = {value}".rstrip() for key, value in pending.items())
            pending.clear()

    for line in ini.splitlines():
        header = re.fullmatch(r"\s*\[(\w+)\]\s*", line)
        if header:
            close_section()
            section = header[1]
            lines.append(line)
            if section == "databases":
                lines.extend(f"{name} = {value}" for name, value in databases.items())
            continue
        setting = re.match(r"\s*([\w*]+)\s*=", line)
        if section == "databases" and setting:
            continue  # the production databases: replaced
        if section == "pgbouncer" and setting and setting[1] in settings:
            key = setting[1]
            lines.append(f"{key} = {settings[key]}".rstrip())
            pending.pop(key, None)
            continue
        lines.append(line)
    close_section()
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="package")
def pgbouncer(django_db_setup):
    if not Path(PGBOUNCER).exists():
        message = f"{PGBOUNCER} is missing: apt-get install -y pgbouncer"
        if os.environ.get("CI"):
            pytest.fail(message)  # CI installs it (.ci/run): never pass by skipping there
        pytest.skip(message)
    bouncer = PgBouncer(settings.DATABASES["default"])
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
