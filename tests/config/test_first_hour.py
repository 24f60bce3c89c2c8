"""The README's "First hour" walk-through, run line by line against a live server with the demo
data `make run` loads: if a step of it stops working, this fails."""

import io
import os
import re
import subprocess
import sys

import pytest
from django.conf import settings
from django.core.management import call_command

from companies.demo import DEMO_COMPANY_CODE
from companies.models import Company
from companies.services import api_key_issue
from tests.servers import REPO, Gunicorn, free_port

README_PORT = "9000"  # the receiver's port in the README; a free one here


def first_hour_script() -> str:
    """The shell blocks of the README's First hour section, in order."""
    readme = (REPO / "README.md").read_text()
    section = readme.split("\n## First hour\n", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```sh\n(.*?)```", section, flags=re.DOTALL)
    assert len(blocks) >= 4
    return "\n".join(blocks)


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_the_readmes_first_hour_runs_line_by_line():
    call_command("seed_demo", stdout=io.StringIO())
    _, key = api_key_issue(client=Company.objects.get(code=DEMO_COMPANY_CODE).api_client)
    server = Gunicorn(settings.DATABASES["default"], **AS_MAKE_RUN_SERVES)
    assert_the_walk_through_runs(server, key)


def test_the_readmes_first_hour_runs_on_the_embedded_default(tmp_path):
    """As `make run` sets up a new machine: SQLite, migrated and seeded by its own commands."""
    sqlite = {"DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"}
    manage = [sys.executable, "manage.py"]
    environment = {**os.environ, **sqlite, "ENVIRONMENT": "development"}
    for command in (["migrate", "--no-input"], ["seed_demo"], ["create_demo_client"]):
        made = subprocess.run(
            manage + command, cwd=REPO, env=environment, capture_output=True, text=True
        )
        assert made.returncode == 0, made.stderr
    key = re.search(r"Its new API key:\n  (\S+)", made.stdout).group(1)
    server = Gunicorn(settings.DATABASES["default"], **AS_MAKE_RUN_SERVES, **sqlite)
    try:
        server.wait_until_up()
        # Every list a first client reads, beside the walk-through's writes.
        statuses = {path: answer_status(server, path, key) for path in DEMO_LISTS}
    except BaseException:
        server.stop()
        raise
    assert_the_walk_through_runs(server, key)
    assert statuses == dict.fromkeys(DEMO_LISTS, 200)


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


def answer_status(server: Gunicorn, path: str, key: str) -> int:
    connection = server.connection()
    try:
        connection.request("GET", path, headers={"X-API-Key": key})
        answer = connection.getresponse()
        answer.read()
        return answer.status
    finally:
        connection.close()


# As `make run` serves: tasks in-process (no Redis), webhooks to localhost allowed.
AS_MAKE_RUN_SERVES = {
    "GUNICORN_WORKERS": "1",
    "REDIS_URL": "",
    "ENVIRONMENT": "development",
    "DEBUG": "false",
    "SECRET_KEY": "first-hour",
}


def assert_the_walk_through_runs(server: Gunicorn, key: str) -> None:
    receiver_port = str(free_port())
    script = first_hour_script()
    script = re.sub(
        r"^export HLOS=\S+ KEY=\S+",
        f"export HLOS=http://127.0.0.1:{server.port} KEY={key}",
        script,
        flags=re.MULTILINE,
    ).replace(f"127.0.0.1:{README_PORT}", f"127.0.0.1:{receiver_port}")
    script = script.replace(f'"127.0.0.1", {README_PORT}', f'"127.0.0.1", {receiver_port}')
    try:
        server.wait_until_up()
        ran = subprocess.run(
            ["bash", "-euo", "pipefail", "-c", script],
            capture_output=True,
            text=True,
            timeout=180,
        )
        server_log = server.log_tail()
    finally:
        server.stop()

    output = ran.stdout
    assert ran.returncode == 0, f"{output}\n{ran.stderr}\n{server_log}"
    assert re.search(r"^webhook msg_\w+ \{.*\"type\":\"webhook.test\"", output, re.MULTILINE)
    # The answers the walk-through prints, among the webhooks the receiver prints meanwhile.
    printed = output.splitlines()
    for line in ["COORDINATED", "DONE", "EMPLOYEE maya.patel@demo.example", "QUOTED 1498.99"]:
        assert line in printed
    assert re.search(r"\['SBX-[0-9A-F]{16}'\]", output)
    assert re.search(r"^webhook msg_\w+ \{.*\"type\":\"order.delivered\"", output, re.MULTILINE)
    assert "'order.delivered'" in output  # the feed's last eight
