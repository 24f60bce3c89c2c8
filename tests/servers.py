"""The service served by a real gunicorn, with the repository's gunicorn.conf.py, on the test
database: for what only a real HTTP server shows (slow clients, chunked bodies, request limits).

Data must be committed to be seen by the server: use it from
`@pytest.mark.django_db(transaction=True, serialized_rollback=True)` tests.
"""

import contextlib
import http.client
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import quote

from tests.schema_check import CheckedHTTPConnection

REPO = Path(__file__).resolve().parent.parent
GUNICORN_VARIABLES = ("GUNICORN_", "WEB_CONCURRENCY", "FORWARDED_ALLOW_IPS")


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
