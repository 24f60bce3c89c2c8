"""`make run` on a machine where port 8000 is taken: it says so at once, before it starts
anything or prints a key, and names the way out (`PORT=8001 make run`); with `PORT` it serves
there, and the curl line it prints, pasted as it is, answers the success envelope from this
server, not from whatever holds 8000.

`make run` itself runs (the Makefile's target, then scripts/run), on an embedded PostgreSQL in a
temporary folder. Its install step is the suite's own `.venv`, taken as done (`--assume-old`):
installing is not what this tests, and must not start under a test run. The runs that start the
database share one data folder, as a developer's runs share .pgdata/: the first makes it
(initdb, migrate, the demo), the next reuse it. What they test is the port; a first run on a new
machine, and a second that finds its data, are tests/config/test_first_hour.py's."""

import contextlib
import errno
import json
import os
import re
import shlex
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest

from tests.servers import REPO, LoggedProcess, free_port

MAKE_RUN = ["make", "--no-print-directory", "--assume-old=.venv/.installed", "run"]
CURL_LINE = re.compile(r"^Try it:\n  (curl .+)$", re.MULTILINE)


def make_run_environment(data: Path, port: int | None) -> dict[str, str]:
    """A developer's shell: no Redis (tasks in-process), the default environment, no make of
    the suite's around it; PORT only when given."""
    inherited = ("DJANGO_SETTINGS_MODULE", "MAKEFLAGS", "MFLAGS", "MAKELEVEL", "PORT")
    environment = {key: value for key, value in os.environ.items() if key not in inherited}
    environment |= {"EMBEDDED_PGDATA": str(data), "REDIS_URL": "", "ENVIRONMENT": "development"}
    if port is not None:
        environment["PORT"] = str(port)
    return environment


@contextlib.contextmanager
def port_taken(port: int) -> Iterator[socket.socket | None]:
    """`port` of 127.0.0.1 listened on by the test, as another program would; None when
    something else holds it already (which does as well)."""
    holder = socket.socket()
    try:
        holder.bind(("127.0.0.1", port))
        holder.listen()
    except OSError as error:
        holder.close()
        if error.errno != errno.EADDRINUSE:
            raise
        yield None
        return
    with holder:
        yield holder


@pytest.fixture(scope="module")
def data(tmp_path_factory) -> Path:
    """The embedded PostgreSQL's data folder of the runs that start it, made by the first."""
    return tmp_path_factory.mktemp("make-run") / "pgdata"


def make_run_refused(data: Path, port: int | None) -> tuple[subprocess.CompletedProcess, float]:
    started = time.monotonic()
    ran = subprocess.run(
        MAKE_RUN,
        cwd=REPO,
        env=make_run_environment(data, port),
        capture_output=True,
        text=True,
        timeout=60,
    )
    return ran, time.monotonic() - started


def test_make_run_on_a_busy_port_stops_at_once_saying_how_to_choose_another(tmp_path):
    data = tmp_path / "pgdata"
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        ran, seconds = make_run_refused(data, port)

    assert ran.returncode != 0
    assert ran.stderr.splitlines()[0] == (
        f"run: port {port} is in use (something else listens on it); "
        f"choose another port: PORT={port + 1} make run"
    )
    assert ran.stdout == ""  # no key, no curl line, no database started
    assert "hlos_" not in ran.stderr
    assert not data.exists()
    assert seconds < 15


def test_make_run_prints_no_key_when_the_port_is_taken_while_the_demo_loads(data):
    """Another program that takes the port once the demo is loaded, before runserver listens
    (another `make run` started meanwhile does): no key and no curl line that would reach it."""
    port = free_port()
    started = subprocess.Popen(
        MAKE_RUN,
        cwd=REPO,
        env=make_run_environment(data, port),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    intruder = None
    try:
        # Its database started: it holds the port (checked first). Taken the moment it lets go
        # for runserver.
        first = started.stdout.readline()
        assert first.startswith("Embedded PostgreSQL"), first + started.stderr.read()
        deadline = time.monotonic() + 300
        while intruder is None and started.poll() is None and time.monotonic() < deadline:
            intruder = taken(port)
            time.sleep(0.01)
        out, err = started.communicate(timeout=120)
        out = first + out
    finally:
        if started.poll() is None:
            started.kill()
            started.wait()
        if intruder is not None:
            intruder.close()

    assert started.returncode != 0
    assert "Its new API key" not in out and "curl" not in out, out
    assert (
        f"run: port {port} was taken by another program while the demo loaded, so no key was "
        f"printed; choose another port: PORT={port + 1} make run"
    ) in err.splitlines()
    assert out.rstrip().endswith("Embedded PostgreSQL stopped.")


def taken(port: int) -> socket.socket | None:
    """`port` listened on by the test, unless something holds it."""
    candidate = socket.socket()
    candidate.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        candidate.bind(("127.0.0.1", port))
        candidate.listen()
    except OSError:
        candidate.close()
        return None
    return candidate


class MakeRun(LoggedProcess):
    name = "make run"

    def __init__(self, data: Path, port: int):
        self.data = data
        self.port = port
        self.start(MAKE_RUN, cwd=REPO, env=make_run_environment(data, port))

    def wait_for_curl_line(self, timeout: float = 300) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = CURL_LINE.search(self.output())
            if found:
                return found.group(1)
            if self.process.poll() is not None:
                raise RuntimeError(f"make run exited:\n{self.log_tail()}")
            time.sleep(0.2)
        raise RuntimeError(f"make run printed no curl line in {timeout}s:\n{self.log_tail()}")

    def stop(self) -> None:
        """Ctrl-C as a developer stops it (scripts/run stops runserver, then PostgreSQL); then
        whatever is left of the process group, killed."""
        with contextlib.suppress(psutil.NoSuchProcess):
            for process in psutil.Process(self.process.pid).children(recursive=True):
                # Python's, not the shell's that make runs it with (`sh -c '... scripts/run'`).
                if "scripts/run" in process.cmdline():
                    process.send_signal(signal.SIGINT)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=60)
        super().stop()


def pasted(curl_line: str, timeout: float = 60) -> dict:
    """The curl line run as printed, until the server it names answers (runserver starts just
    after the line is printed, and restarts when a file of the checkout changes)."""
    deadline = time.monotonic() + timeout
    while True:
        ran = subprocess.run(shlex.split(curl_line), capture_output=True, text=True, timeout=30)
        if ran.returncode == 0 and ran.stdout:
            return json.loads(ran.stdout)
        if time.monotonic() > deadline:
            raise AssertionError(f"the curl line did not answer: {ran.stderr}")
        time.sleep(0.5)


def test_make_run_with_8000_taken_says_so_then_serves_on_the_port_chosen(data):
    with port_taken(8000) as holder:
        refused, seconds = make_run_refused(data, port=None)
        assert refused.returncode != 0
        assert refused.stderr.splitlines()[0] == (
            "run: port 8000 is in use (something else listens on it); "
            "choose another port: PORT=8001 make run"
        )
        assert (refused.stdout, seconds < 15) == ("", True)

        port = free_port()
        server = MakeRun(data, port)
        try:
            curl_line = server.wait_for_curl_line()
            answer = pasted(curl_line)
            output = server.output()
        finally:
            server.stop()
        if holder is not None:
            # Nothing knocked at 8000: the curl line named the port chosen.
            holder.setblocking(False)
            with pytest.raises(BlockingIOError):
                holder.accept()

    key = re.search(r"Its new API key:\n  (\S+)", output).group(1)
    assert shlex.split(curl_line) == [
        "curl",
        "-H",
        f"Authorization: Bearer {key}",
        f"http://127.0.0.1:{port}/companies",
    ]
    assert (answer["statusCode"], answer["message"]) == (200, "Request successful")
    assert [company["companyCode"] for company in answer["envelop"]] == ["DEM"]
    assert f"Starting development server at http://127.0.0.1:{port}/" in output
    assert server.process.returncode == 0, output
    assert not (data / "postmaster.pid").exists()
