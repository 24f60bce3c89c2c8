"""The README's "First hour" walk-through, run line by line against a live server with the demo
data `make run` loads: if a step of it stops working, this fails. Its receiver checks each
webhook's signature with the secret the walk-through takes first (standardwebhooks), and prints
it `verified`; that it refuses one signed otherwise is tested on its own."""

import contextlib
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from http.client import HTTPConnection
from pathlib import Path
from urllib.parse import quote

import psutil
import psycopg
import pytest
from django.conf import settings
from standardwebhooks import Webhook

from companies.demo import DEMO_COMPANY_CODE
from companies.models import Company
from tests.servers import (
    AS_MAKE_RUN_SERVES,
    REPO,
    Gunicorn,
    LocalServer,
    as_pasted_against,
    free_port,
)
from tests.support.demo import demo_key

README_PORT = "9000"  # the receiver's port in the README; a free one here


def first_hour_blocks() -> list[str]:
    """The shell blocks of the README's First hour section, in order."""
    readme = (REPO / "README.md").read_text()
    section = readme.split("\n## First hour\n", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```sh\n(.*?)```", section, flags=re.DOTALL)
    assert len(blocks) >= 4
    return blocks


def first_hour_script() -> str:
    return "\n".join(first_hour_blocks())


def first_hour_receiver() -> str:
    """The Python of the walk-through's webhook receiver, as pasted."""
    [receiver] = [
        found.group(1)
        for block in first_hour_blocks()
        if (found := re.search(r"\.venv/bin/python -c '\n(.*?)\n' & RECEIVER", block, re.DOTALL))
    ]
    return receiver


def test_the_first_hours_receiver_refuses_a_webhook_signed_with_another_secret():
    secret, other = Webhook("whsec_" + "A" * 44), Webhook("whsec_" + "B" * 44)
    port = free_port()
    code = first_hour_receiver().replace(f'"127.0.0.1", {README_PORT}', f'"127.0.0.1", {port}')
    receiver = subprocess.Popen(
        [sys.executable, "-c", code],
        env=os.environ | {"WEBHOOK_SECRET": "whsec_" + "A" * 44},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    body = '{"type":"webhook.test","data":{}}'

    def sent(webhook_id: str, signer: Webhook) -> int:
        now = datetime.now(UTC)
        headers = {
            "webhook-id": webhook_id,
            "webhook-timestamp": str(int(now.timestamp())),
            "webhook-signature": signer.sign(webhook_id, now, body),
            "Content-Type": "application/json",
        }
        for _ in range(100):  # until it listens
            connection = HTTPConnection("127.0.0.1", port, timeout=5)
            try:
                connection.request("POST", "/hooks", body, headers)
                return connection.getresponse().status
            except ConnectionRefusedError:
                time.sleep(0.1)
            finally:
                connection.close()
        raise AssertionError(f"the receiver did not listen: {receiver.poll()}")

    try:
        statuses = [sent("msg_forged", other), sent("msg_signed", secret)]
    finally:
        receiver.terminate()
        printed = receiver.communicate(timeout=10)[0].splitlines()

    assert statuses == [401, 204]
    assert printed == [
        "webhook msg_forged REFUSED: No matching signature found",
        f"webhook msg_signed verified {body}",
    ]


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_the_readmes_first_hour_runs_line_by_line():
    key = demo_key()
    server = Gunicorn(settings.DATABASES["default"], **AS_MAKE_RUN_SERVES)
    assert_the_walk_through_runs(server, key)


def test_the_readmes_first_hour_runs_on_the_embedded_default():
    """`make run` on a new machine: scripts/run starts an embedded PostgreSQL on a data folder
    of its own (a unix socket there, no TCP port: no server of the machine is involved),
    migrates, seeds, prints a key, serves; SIGTERM stops the server and the database, and a
    second run finds the data again."""
    with tempfile.TemporaryDirectory(prefix="hlos-make-run-") as folder:
        data = Path(folder).resolve() / "pgdata"
        server = MakeRun(data)
        try:
            key = server.wait_for_key()
            url = server.database_url()
            # The socket in the data folder, not 127.0.0.1:5432 (the tests' own server).
            assert url == f"postgres://postgres@/{quote(str(data), safe='')}/hlos"
            with psycopg.connect(host=str(data), user="postgres", dbname="hlos") as database:
                assert database.execute("SHOW listen_addresses").fetchone() == ("",)
                companies = f'SELECT 1 FROM "{Company._meta.db_table}" WHERE code = %s'
                assert database.execute(companies, [DEMO_COMPANY_CODE]).fetchone()
            server.wait_until_up()
            # Every list a first client reads, beside the walk-through's writes.
            statuses = {path: answer_status(server, path, key) for path in DEMO_LISTS}
        except BaseException:
            server.stop()
            raise
        assert_the_walk_through_runs(server, key)  # stops it (SIGTERM, as a `kill` would)
        assert statuses == dict.fromkeys(DEMO_LISTS, 200)
        server.assert_stopped_with_its_database()

        again = MakeRun(data)
        try:
            again.wait_for_key()
            again.wait_until_up()
            assert answer_status(again, "/companies", again.key) == 200
        finally:
            again.stop()
        assert "No migrations to apply." in again.output()
        again.assert_stopped_with_its_database()


class MakeRun(LocalServer):
    """scripts/run as `make run` runs it, on `data` and a free port, until `stop` sends it
    SIGTERM (and kills what is left if it does not stop in time)."""

    name = "scripts/run"

    def __init__(self, data: Path):
        self.port = free_port()
        self.data = data
        self.key = ""
        self.exit_code: int | None = None
        environment = {
            key: value for key, value in os.environ.items() if key != "DJANGO_SETTINGS_MODULE"
        } | {
            "EMBEDDED_PGDATA": str(data),
            "PORT": str(self.port),
            # As on a developer's machine: no Redis (tasks in-process), the default environment.
            "REDIS_URL": "",
            "ENVIRONMENT": "development",
        }
        # No autoreloader: a file changed during the test would restart the server under a
        # request (and it starts Django once instead of twice).
        self.start(
            [sys.executable, str(REPO / "scripts" / "run"), "--noreload"], cwd=REPO, env=environment
        )

    def wait_for_key(self, timeout: float = 300) -> str:
        """The key create_demo_client printed, once migrate and seed_demo are done."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = re.search(r"Its new API key:\n  (\S+)", self.output())
            if found:
                self.key = found.group(1)
                return self.key
            if self.process.poll() is not None:
                raise RuntimeError(f"scripts/run exited:\n{self.log_tail()}")
            time.sleep(0.2)
        raise RuntimeError(f"scripts/run printed no key in {timeout}s:\n{self.log_tail()}")

    def database_url(self) -> str:
        return re.search(r"^DATABASE_URL=(\S+)$", self.output(), re.MULTILINE).group(1)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        try:
            self.exit_code = self.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)
            raise

    def assert_stopped_with_its_database(self) -> None:
        output = self.output()
        assert self.exit_code == 0, output
        assert output.rstrip().endswith("Embedded PostgreSQL stopped."), output
        assert not (self.data / "postmaster.pid").exists()
        assert not [
            process.pid
            for process in psutil.process_iter(["cmdline", "status"])
            if str(self.data) in " ".join(process.info["cmdline"] or [])
            and process.info["status"] != psutil.STATUS_ZOMBIE
        ]


DEMO_LISTS = [
    "/companies",
    f"/orders?companyCode={DEMO_COMPANY_CODE}",
    f"/movement_requests?companyCode={DEMO_COMPANY_CODE}",
    f"/hardwares?companyCode={DEMO_COMPANY_CODE}",
    f"/hardwares/storages?companyCode={DEMO_COMPANY_CODE}",
    f"/employees?companyCode={DEMO_COMPANY_CODE}",
    f"/catalog?countryCode=US&companyCode={DEMO_COMPANY_CODE}",
    f"/events?companyCode={DEMO_COMPANY_CODE}",
]


def answer_status(server: "Gunicorn | MakeRun", path: str, key: str) -> int:
    connection = server.connection()
    try:
        connection.request("GET", path, headers={"X-API-Key": key})
        answer = connection.getresponse()
        answer.read()
        return answer.status
    finally:
        connection.close()


def assert_the_walk_through_runs(server: "Gunicorn | MakeRun", key: str) -> None:
    script = as_pasted_against(first_hour_script(), server, key)
    try:
        server.wait_until_up()
        # In the project folder, as the README says: the receiver is .venv's Python.
        ran = subprocess.run(
            ["bash", "-euo", "pipefail", "-c", script],
            cwd=REPO,
            capture_output=True,
            text=True,
            timeout=180,
        )
        server_output = server.output()
    finally:
        server.stop()

    output = ran.stdout
    server_log = server_output[-4000:]
    assert ran.returncode == 0, f"{output}\n{ran.stderr}\n{server_log}"
    # The test webhook, signed with the secret the walk-through took first, verified.
    assert re.search(verified("webhook.test"), output, re.MULTILINE), output
    assert "REFUSED" not in output
    # Webhooks delivered in-process, with no broker, and no warning about one.
    assert "No hostname was supplied" not in server_output
    # The answers the walk-through prints, among the webhooks the receiver prints meanwhile.
    printed = output.splitlines()
    for line in ["COORDINATED", "DONE", "EMPLOYEE maya.patel@demo.example", "QUOTED 1498.99"]:
        assert line in printed
    assert re.search(r"\['SBX-[0-9A-F]{16}'\]", output)
    assert re.search(verified("order.delivered"), output, re.MULTILINE), output
    assert "'order.delivered'" in output  # the feed's last eight


def verified(kind: str) -> str:
    """The line the receiver prints for a webhook of `kind` whose signature it verified."""
    return rf'^webhook msg_\w+ verified \{{.*"type":"{kind}"'
