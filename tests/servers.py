"""The servers of a deployment, real and local, for what only they show: the service under a
real gunicorn with the repository's gunicorn.conf.py (slow clients, chunked bodies, request
limits, stopping), Debian's PgBouncer with deploy/pgbouncer.ini between it and the database,
and Debian's HAProxy with deploy/haproxy.cfg in front of several of them. Each runs the
production file, but for what a test machine changes (addresses, authentication, logging).
And the server as `make run` serves it, for what a reader pastes (the README's First hour, the
docs' examples): `AS_MAKE_RUN_SERVES`, `as_pasted_against`.

Data must be committed to be seen by the server: use it from
`@pytest.mark.django_db(transaction=True, serialized_rollback=True)` tests.
"""

import contextlib
import csv
import http.client
import io
import json
import os
import pwd
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from urllib.parse import quote

import psycopg
from psycopg.rows import dict_row

from tests.schema_check import CheckedHTTPConnection

REPO = Path(__file__).resolve().parent.parent
GUNICORN_VARIABLES = ("GUNICORN_", "WEB_CONCURRENCY", "FORWARDED_ALLOW_IPS")

# Debian installs them in /usr/sbin, which is not on every user's PATH.
PGBOUNCER = shutil.which("pgbouncer") or "/usr/sbin/pgbouncer"
HAPROXY = shutil.which("haproxy") or "/usr/sbin/haproxy"
PGBOUNCER_INI = REPO / "deploy" / "pgbouncer.ini"
HAPROXY_CFG = REPO / "deploy" / "haproxy.cfg"
# The Host the file's health checks send: instances behind it must allow it, as production's do.
HAPROXY_CHECK_HOST = re.search(r"hdr Host (\S+)", HAPROXY_CFG.read_text())[1]
# PgBouncer's server connections per database and user, by default: fewer than a live server's
# threads (2 workers of 8), so its clients really do share them.
PGBOUNCER_POOL_SIZE = 3


def database_url(database: dict) -> str:
    """settings.DATABASES["default"] (inside the tests: the test database) as a DATABASE_URL."""
    credentials = quote(database["USER"] or "", safe="")
    if database["PASSWORD"]:
        credentials += ":" + quote(database["PASSWORD"], safe="")
    host = database["HOST"] or "127.0.0.1"
    port = database["PORT"] or 5432
    return f"postgres://{credentials}@{host}:{port}/{quote(database['NAME'], safe='')}"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class LoggedProcess:
    """A process of the tests' own, in its own process group, its output kept in a temporary
    file (closed by `stop`)."""

    name = "the process"

    def start(self, command: list[str], **popen) -> None:
        self.log = tempfile.TemporaryFile()  # noqa: SIM115 (open while it runs; closed by stop)
        self.process = subprocess.Popen(
            command, stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True, **popen
        )

    def stop(self) -> None:
        """Killed with its process group, always; its output is gone with it."""
        if self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)
        self.log.close()

    def output(self) -> str:
        self.log.seek(0)
        return self.log.read().decode(errors="replace")

    def log_tail(self) -> str:
        return self.output()[-4000:]

    def wait_until(self, answers, timeout: float) -> None:
        """Until `answers()` returns without raising OSError (or its subclasses), or the process
        exits, or `timeout` seconds pass."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"{self.name} exited:\n{self.log_tail()}")
            try:
                answers()
                return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError(f"{self.name} did not answer in {timeout}s:\n{self.log_tail()}")


class LocalServer(LoggedProcess):
    """An HTTP server of the tests' own on `port` of 127.0.0.1."""

    port: int

    def wait_until_up(self, timeout: float = 30) -> None:
        self.wait_until(self._answer_root, timeout)

    def _answer_root(self) -> None:
        connection = self.connection(timeout=2)
        try:
            connection.request("GET", "/")
            connection.getresponse().read()
        finally:
            connection.close()

    def connection(self, timeout: float = 5) -> http.client.HTTPConnection:
        """A connection whose answers are checked against the schema, as an APIClient's."""
        return CheckedHTTPConnection("127.0.0.1", self.port, timeout=timeout)


@dataclass
class Answer:
    """What a live server answered: status, headers and the body's bytes."""

    status: int
    headers: http.client.HTTPMessage
    body: bytes

    @cached_property
    def json(self) -> dict:
        return json.loads(self.body)

    @property
    def envelop(self) -> list:
        return self.json["envelop"]

    @property
    def streamed(self) -> bool:
        return (
            self.headers.get("Transfer-Encoding") == "chunked"
            and "Content-Length" not in self.headers
        )


class LiveClient:
    """A client of a live `server` (an instance, or a balancer in front) with an API key. Kept
    alive, it sends every call on one connection, as an HTTP session does; else each call on a
    new one, so calls made on several threads at once are several requests in flight."""

    def __init__(self, server: LocalServer, key: str, keep_alive: bool = False):
        self.server = server
        self.key = key
        self.kept = server.connection(timeout=30) if keep_alive else None

    def call(self, method: str, path: str, body: dict | None = None, **headers: str) -> Answer:
        headers = {"Authorization": f"Bearer {self.key}", **headers}
        payload = None
        if body is not None:
            payload = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        connection = self.kept or self.server.connection(timeout=30)
        try:
            connection.request(method, path, body=payload, headers=headers)
            response = connection.getresponse()
            return Answer(response.status, response.headers, response.read())
        finally:
            if connection is not self.kept:
                connection.close()

    def get(self, path: str) -> Answer:
        return self.call("GET", path)

    def post(self, path: str, body: dict) -> Answer:
        return self.call("POST", path, body)

    def close(self) -> None:
        if self.kept is not None:
            self.kept.close()


class Gunicorn(LocalServer):
    """`gunicorn -c gunicorn.conf.py` on `port` of 127.0.0.1 (a free one if None); `stop` kills
    it, always."""

    name = "gunicorn"

    def __init__(self, database: dict, port: int | None = None, **environment: str):
        self.port = port or free_port()
        # gunicorn.conf.py's defaults, whatever this machine's environment says of gunicorn.
        env = {
            key: value
            for key, value in os.environ.items()
            if key != "DJANGO_SETTINGS_MODULE" and not key.startswith(GUNICORN_VARIABLES)
        }
        env |= {
            "DATABASE_URL": database_url(database),
            "ENVIRONMENT": "test",
            "DEBUG": "false",
            "ALLOWED_HOSTS": "127.0.0.1",
            "LOG_LEVEL": "WARNING",
            "GUNICORN_BIND": f"127.0.0.1:{self.port}",
            # Connections are closed with the request, so none outlives the server into the
            # test database's teardown.
            "DB_CONN_MAX_AGE": "0",
        } | environment
        command = [sys.executable, "-m", "gunicorn", "-c", str(REPO / "gunicorn.conf.py")]
        self.start(command, cwd=REPO, env=env)

    def socket(self) -> socket.socket:
        return socket.create_connection(("127.0.0.1", self.port), timeout=5)


# As `make run` serves: tasks in-process (no Redis), webhooks to localhost allowed.
AS_MAKE_RUN_SERVES = {
    "GUNICORN_WORKERS": "1",
    "REDIS_URL": "",
    "ENVIRONMENT": "development",
    "DEBUG": "false",
    "SECRET_KEY": "first-hour",
}
# What a reader pastes first (the README's First hour, the docs' examples): the address and the
# key `make run` printed; the rest of the line is a comment.
PASTED_ADDRESS_AND_KEY = re.compile(r"^export HLOS=\S+ KEY=\S+.*$", re.MULTILINE)
# The port of the examples' webhook receiver: in a URL, or in http.server's ("127.0.0.1", 9000).
PASTED_RECEIVER_PORT = re.compile(
    r"(?<=127\.0\.0\.1:)9000\b|(?<=localhost:)9000\b|(?<=, )9000(?=\))"
)


def as_pasted_against(script: str, server: LocalServer, key: str) -> str:
    """`script`, as a reader pastes it, run against `server`: its first `export HLOS=… KEY=…`
    line (the whole line) gives the server's address and `key`, and the receiver's port 9000 is
    a free one."""
    pasted = f"export HLOS=http://127.0.0.1:{server.port} KEY={key}"
    script = PASTED_ADDRESS_AND_KEY.sub(lambda _: pasted, script, count=1)
    return PASTED_RECEIVER_PORT.sub(str(free_port()), script)


class PgBouncer(LoggedProcess):
    """pgbouncer on a free port of 127.0.0.1, in transaction mode, in front of the PostgreSQL
    of `upstream` (settings.DATABASES["default"]); `stop` stops it, always.

    It runs with the production file, deploy/pgbouncer.ini, but for what a test machine
    changes: where it listens and logs, the upstream server, trust authentication, and a
    smaller pool. As Debian's 1.18 does, it refuses startup options (no
    `ignore_startup_parameters`)."""

    name = "pgbouncer"

    def __init__(self, upstream: dict, pool_size: int = PGBOUNCER_POOL_SIZE):
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
                PGBOUNCER_INI.read_text(),
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


class HAProxy(LocalServer):
    """haproxy on a free port of 127.0.0.1 with the production file, deploy/haproxy.cfg, its
    backend's servers `servers` ((name, port) on 127.0.0.1, checked as the file says); `stop`
    kills it, always.

    Only what a test machine changes is overridden: the addresses (the frontends' and the
    servers'), the log (stderr, to `output()`), the stats socket (in a folder of its own), and
    no chroot or change of user, so it runs as whoever runs the tests. Timeouts, checks,
    retries and balancing are the production file's."""

    name = "haproxy"
    backend = "web"

    def __init__(self, servers: list[tuple[str, int]]):
        self.port = free_port()
        self.folder = Path(tempfile.mkdtemp(prefix="hlos-haproxy-"))
        self.stats_socket = self.folder / "admin.sock"
        cfg = self.folder / "haproxy.cfg"
        cfg.write_text(
            cfg_for_tests(
                HAPROXY_CFG.read_text(),
                {
                    "global": {
                        "log": ["log stderr format raw local0"],
                        "stats socket": [f"stats socket {self.stats_socket} mode 600 level admin"],
                        "chroot": [],
                        "user": [],
                        "group": [],
                    },
                    "frontend api": {"bind": [f"bind 127.0.0.1:{self.port}"]},
                    "frontend stats": {"bind": [f"bind 127.0.0.1:{free_port()}"]},
                    f"backend {self.backend}": {
                        "server": [f"server {name} 127.0.0.1:{port}" for name, port in servers]
                    },
                },
            )
        )
        # In the foreground (-db): one process, stopped with its group.
        self.start([HAPROXY, "-db", "-f", str(cfg)])

    def wait_until_up(self, timeout: float = 10) -> None:
        """Until its stats socket answers and its frontend accepts connections (whatever its
        servers' states: see `wait_until_states`)."""
        self.wait_until(self._answer_socket_and_port, timeout)

    def _answer_socket_and_port(self) -> None:
        self.command("show info")
        socket.create_connection(("127.0.0.1", self.port), timeout=2).close()

    def command(self, command: str) -> str:
        """What the runtime API (the stats socket) answers `command`."""
        with socket.socket(socket.AF_UNIX) as console:
            console.settimeout(5)
            console.connect(str(self.stats_socket))
            console.sendall(command.encode() + b"\n")
            answer = b""
            while chunk := console.recv(65536):
                answer += chunk
        return answer.decode()

    def servers(self) -> dict[str, dict[str, str]]:
        """Each server of the backend, by name, as `show stat` has it: `status` ("UP",
        "DOWN", "UP 1/2" going down, "DOWN 1/2" coming up, "MAINT"), `stot` (requests sent to
        it), `econ` (connections that failed), `wretr` (retries), `hrsp_5xx`... (management
        guide, 9.1)."""
        rows = csv.DictReader(io.StringIO(self.command("show stat").removeprefix("# ")))
        return {
            row["svname"]: row
            for row in rows
            if row["pxname"] == self.backend and row["svname"] not in ("FRONTEND", "BACKEND")
        }

    def states(self) -> dict[str, str]:
        """Each server's state as its checks left it: "UP", "DOWN", "UP 1/2"..."""
        return {name: row["status"] for name, row in self.servers().items()}

    def wait_until_states(self, expected: dict[str, str], timeout: float = 15) -> float:
        """Until the servers named in `expected` are in these states; the seconds it took."""
        started = time.monotonic()
        while True:
            states = self.states()
            if all(states.get(name) == state for name, state in expected.items()):
                return time.monotonic() - started
            if time.monotonic() - started > timeout:
                raise AssertionError(
                    f"haproxy shows {states}, not {expected}, after {timeout}s:\n{self.log_tail()}"
                )
            time.sleep(0.05)

    def stop(self) -> None:
        super().stop()
        shutil.rmtree(self.folder, ignore_errors=True)


def cfg_for_tests(cfg: str, sections: dict[str, dict[str, list[str]]]) -> str:
    """An HAProxy configuration `cfg` with, in each of `sections` (named by its header line:
    "global", "backend web"), every line starting with one of its keywords ("bind", "stats
    socket") replaced: the first by the lines given (indented), the others dropped; added at
    the section's end when it has none, and removed when the lines given are none. Every other
    line stays as it is. A section missing from `cfg` is an error: a test would otherwise run
    production addresses."""
    lines, section, pending, seen = [], None, {}, set()

    def close_section():
        lines.extend(f"    {line}" for replacement in pending.values() for line in replacement)
        pending.clear()

    for line in cfg.splitlines():
        words = line.split()
        if words and not line[0].isspace() and not line.startswith("#"):
            close_section()
            section = " ".join(words)
            seen.add(section)
            pending.update(sections.get(section, {}))
            lines.append(line)
            continue
        keyword = next(
            (key for key in sections.get(section, {}) if words[: len(key.split())] == key.split()),
            None,
        )
        if keyword is None:
            lines.append(line)
        elif keyword in pending:
            lines.extend(f"    {replacement}" for replacement in pending.pop(keyword))
    close_section()
    if missing := set(sections) - seen:
        raise ValueError(f"no section {sorted(missing)} in the configuration")
    return "\n".join(lines) + "\n"
