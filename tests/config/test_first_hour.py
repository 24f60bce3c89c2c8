"""The README's "First hour" walk-through, run line by line against a live server with the demo
data `make run` loads: if a step of it stops working, this fails."""

import io
import re
import subprocess

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
    # As `make run` serves: tasks in-process (no Redis), webhooks to localhost allowed.
    server = Gunicorn(
        settings.DATABASES["default"],
        GUNICORN_WORKERS="1",
        REDIS_URL="",
        ENVIRONMENT="development",
        DEBUG="false",
        SECRET_KEY="first-hour",
    )
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
