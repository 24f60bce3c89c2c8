"""The machine's RabbitMQ (127.0.0.1:5672, user guest) for the tests, in a virtual host of a test
module's own, made and deleted with rabbitmqctl: parallel test runs, and other modules, never
share a queue. CI starts RabbitMQ (.ci/run); elsewhere the tests that need it are skipped when it
is missing or down."""

import os
import shutil
import socket
import subprocess
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from kombu import Connection

# Debian installs it in /usr/sbin, which is not on every user's PATH.
RABBITMQCTL = shutil.which("rabbitmqctl") or "/usr/sbin/rabbitmqctl"
HOST, PORT = "127.0.0.1", 5672


def rabbitmqctl(*arguments: str) -> str:
    """What `rabbitmqctl --quiet <arguments>` prints; its error, raised, when it fails."""
    done = subprocess.run(
        [RABBITMQCTL, "--quiet", *arguments], capture_output=True, text=True, timeout=60
    )
    if done.returncode != 0:
        raise RuntimeError(f"rabbitmqctl {' '.join(arguments)}: {done.stderr or done.stdout}")
    return done.stdout


class VirtualHost:
    """A virtual host of its own on the machine's RabbitMQ, the guest user allowed everything in
    it; `url` is its broker URL (CELERY_BROKER_URL)."""

    def __init__(self):
        self.name = f"hlos_test_{uuid.uuid4().hex[:12]}"
        rabbitmqctl("add_vhost", self.name)
        rabbitmqctl("set_permissions", "-p", self.name, "guest", ".*", ".*", ".*")
        self.url = f"amqp://guest:guest@{HOST}:{PORT}/{self.name}"

    def queues(self, *columns: str) -> dict[str, dict[str, str]]:
        """Each queue's `columns`, as `rabbitmqctl list_queues -p <vhost> name <columns>` shows
        them to an operator, by the queue's name."""
        lines = rabbitmqctl("list_queues", "-p", self.name, "--no-table-headers", "name", *columns)
        rows = [line.split("\t") for line in lines.splitlines() if line]
        return {name: dict(zip(columns, values, strict=True)) for name, *values in rows}

    def ready(self, queue: str) -> tuple[int, int]:
        """The messages ready in `queue`, and its consumers, as RabbitMQ answers a client at once
        (rabbitmqctl's counts of a quorum queue are refreshed every 5 s)."""
        with Connection(self.url, connect_timeout=5) as connection:
            _, messages, consumers = connection.default_channel.queue_declare(queue, passive=True)
        return messages, consumers

    def purge(self, queue: str) -> None:
        """Every message of `queue` dropped, as `rabbitmqctl purge_queue` does (nothing to do
        when no process has declared it yet)."""
        if queue in self.queues():
            rabbitmqctl("purge_queue", "-p", self.name, queue)

    def delete(self) -> None:
        """The virtual host deleted, with its queues and their messages."""
        rabbitmqctl("delete_vhost", self.name)


def _missing() -> str | None:
    """Why RabbitMQ cannot be used here, or None."""
    if not Path(RABBITMQCTL).exists():
        return f"{RABBITMQCTL} is missing: apt-get install -y rabbitmq-server"
    try:
        socket.create_connection((HOST, PORT), timeout=2).close()
    except OSError:
        return f"RabbitMQ does not answer on {HOST}:{PORT}: rabbitmq-server -detached"
    return None


@contextmanager
def virtual_host() -> Iterator[VirtualHost]:
    """A virtual host of its own while the block runs, deleted after it; the test is skipped
    when RabbitMQ is missing or down, and fails instead under CI."""
    missing = _missing()
    if missing:
        if os.environ.get("CI"):
            pytest.fail(missing)  # CI starts it (.ci/run): never pass by skipping there
        pytest.skip(missing)
    made = VirtualHost()
    try:
        yield made
    finally:
        made.delete()
