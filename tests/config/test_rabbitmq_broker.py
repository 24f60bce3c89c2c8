"""RabbitMQ as the Celery broker (CELERY_BROKER_URL amqp://; REDIS_URL still Redis, for the cache,
the request budgets and the heartbeats). The service under gunicorn and real `celery worker` and
`celery beat` processes on the machine's RabbitMQ, in a virtual host of this module's own
(tests/rabbitmq.py), and a real local webhook receiver: a write's event arrives; the queues are
durable quorum queues as an operator lists them; a task the broker lost is delivered by the
outbox's sweep; a worker stopped mid-delivery finishes it first; readiness connects to the
broker and answers within its deadline whatever the broker does."""

import json
import os
import signal
import subprocess
import sys
import time

import pytest
from django.conf import settings
from standardwebhooks.webhooks import Webhook

from bulk.choices import FINISHED
from companies.models import Event, EventState
from config.ops.heartbeat import heartbeats_forget
from tests.config.test_readiness_outages import silent_port
from tests.conftest import make_caller
from tests.factories import CompanyFactory, HardwareRequestFactory, OrderFactory
from tests.rabbitmq import PORT, virtual_host
from tests.receivers import Receiver
from tests.servers import REPO, Gunicorn, LoggedProcess, free_port
from tests.support.tcp_proxy import TcpProxy
from tests.workers import CeleryProcess

TRANSACTIONAL = pytest.mark.django_db(transaction=True, serialized_rollback=True)
DEFAULT_QUEUE = "celery"  # Celery's default, the Procfile's `worker` takes it
QUORUM = {"durable": "true", "type": "quorum"}


@pytest.fixture(scope="module")
def vhost():
    with virtual_host() as made:
        yield made


@pytest.fixture(scope="module")
def server(vhost, django_db_setup):
    """The service under gunicorn on the test database, its broker the module's virtual host."""
    served = Gunicorn(
        settings.DATABASES["default"], GUNICORN_WORKERS="1", CELERY_BROKER_URL=vhost.url
    )
    try:
        served.wait_until_up()
        yield served
    finally:
        served.stop()


@pytest.fixture
def celery(vhost, tmp_path):
    """Starts `celery worker` (on the default queue unless told another) or `celery beat`, whose
    broker is the module's virtual host; each is killed at the test's end if still running."""
    started: list[CeleryProcess] = []

    def start(role: str, queue: str = DEFAULT_QUEUE) -> CeleryProcess:
        environment = {"CELERY_BROKER_URL": vhost.url, "WEBHOOK_ALLOW_PRIVATE_NETWORKS": "true"}
        started.append(CeleryProcess(role, tmp_path, queue=queue, **environment))
        return started[-1]

    yield start
    for process in started:
        process.stop()


@pytest.fixture
def receivers():
    made: list[Receiver] = []

    def make(*statuses: int, **kwargs) -> Receiver:
        made.append(Receiver(*statuses, **kwargs))
        return made[-1]

    yield make
    for receiver in made:
        receiver.close()


def until(condition, *processes: LoggedProcess, timeout: float = 30.0) -> None:
    """Until `condition()`; failing with the processes' logs when time runs out or one exits."""
    deadline = time.monotonic() + timeout
    while not condition():
        exited = [process for process in processes if process.process.poll() is not None]
        if exited or time.monotonic() > deadline:
            logs = "\n".join(f"{process.name}:\n{process.log_tail()}" for process in processes)
            pytest.fail(f"{'exited' if exited else 'timed out'}; the logs:\n{logs}")
        time.sleep(0.05)


def call(server, key: str, method: str, path: str, body: dict | None = None) -> tuple[int, dict]:
    connection = server.connection(timeout=30)
    headers = {"Authorization": f"Bearer {key}", "Content-Type": "application/json"}
    try:
        connection.request(method, path, body=json.dumps(body) if body else None, headers=headers)
        response = connection.getresponse()
        return response.status, json.loads(response.read())
    finally:
        connection.close()


def order_cancelled(server, receiver: Receiver, code: str = "RMQ") -> Event:
    """An order cancelled through the API, by a company whose webhooks go to `receiver`: the
    `order.cancelled` event the write recorded (the only task it queues)."""
    caller = make_caller()
    company = CompanyFactory(api_client=caller.api_client, code=code, webhook_url=receiver.url)
    order = OrderFactory(company=company)
    HardwareRequestFactory(order=order)
    body = {"id": str(order.id), "companyCode": code}
    status, _ = call(server, caller.raw_key, "POST", "/orders/cancel", body)
    assert status == 200
    return Event.objects.get(company=company, kind="order.cancelled")


def state_of(event: Event) -> str:
    return Event.objects.get(pk=event.pk).state


@TRANSACTIONAL
def test_a_writes_webhook_goes_through_rabbitmq_to_a_worker_and_arrives_signed(
    server, celery, receivers, anonymous, settings, vhost
):
    receiver = receivers(200)
    heartbeats_forget()
    worker = celery("worker")

    event = order_cancelled(server, receiver)

    until(lambda: receiver.requests, worker)
    [request] = receiver.requests
    headers = {name.lower(): value for name, value in request["headers"].items()}
    payload = Webhook(event.company.webhook_secret).verify(request["body"], headers)
    assert (payload["id"], payload["type"]) == (event.webhook_id, "order.cancelled")
    until(lambda: state_of(event) == EventState.DELIVERED, worker)
    # The worker's heartbeat is in Redis (REDIS_URL), where readiness reads it beside RabbitMQ.
    settings.CELERY_BROKER_URL = vhost.url
    checks = anonymous.get("/health/ready").json()["checks"]
    assert checks["broker"] == {"status": "ok"}
    assert (checks["workers"]["status"], checks["workers"]["seen"]) == ("ok", 1)


@TRANSACTIONAL
def test_the_queues_the_service_declares_are_durable_quorum_queues_and_serve_their_workers(
    server, celery, vhost
):
    worker = celery("worker")  # the Procfile's `worker`, on the default queue
    caller = make_caller()
    CompanyFactory(api_client=caller.api_client, code="BLK")
    items = [
        {"hardwareType": "MONITOR", "serialNumber": f"Q-{n}", "countryCode": "US"} for n in range(3)
    ]
    body = {"companyCode": "BLK", "operation": "HARDWARES_CREATE", "items": items}
    # Its runs go to the bulk jobs' queue, named by their route (bulk.tasks.bulk_queue_route).
    status, answer = call(server, caller.raw_key, "POST", "/bulk-jobs", body)
    assert status == 202
    until(lambda: {DEFAULT_QUEUE, settings.BULK_JOB_QUEUE} <= set(vhost.queues()))

    listed = vhost.queues("durable", "type")
    # Celery's remote-control queue, one a worker, is transient by design and holds no task.
    tasks = {name: columns for name, columns in listed.items() if not name.endswith(".pidbox")}
    assert {DEFAULT_QUEUE, settings.BULK_JOB_QUEUE} <= set(tasks)
    assert {name: columns for name, columns in tasks.items() if columns != QUORUM} == {}

    # The Procfile's `bulk` worker takes the job's runs from it. Started once the other has
    # stopped: both would be named celery@<host> here (the Procfile names it bulk@<host>), and
    # RabbitMQ lets one worker of a name hold its remote-control queue.
    worker.stop()
    bulk = celery("worker", queue=settings.BULK_JOB_QUEUE)
    job = f"/bulk-jobs/{answer['envelop']['id']}?companyCode=BLK"
    until(
        lambda: call(server, caller.raw_key, "GET", job)[1]["envelop"]["status"] in FINISHED, bulk
    )
    assert call(server, caller.raw_key, "GET", job)[1]["envelop"]["status"] == "SUCCEEDED"
    # Both queues' exchanges are topic exchanges, through which a task's countdown (a retry)
    # waits in RabbitMQ's delay queues: the worker, which binds every queue it knows to them,
    # does not warn that such a task would wait in it instead.
    assert "direct exchange" not in bulk.output()


@TRANSACTIONAL
def test_a_task_the_broker_lost_is_still_delivered_by_the_outbox_sweep(
    server, celery, receivers, vhost
):
    receiver = receivers(200)
    vhost.purge(DEFAULT_QUEUE)  # what earlier tests' beat left

    event = order_cancelled(server, receiver)
    until(lambda: vhost.ready(DEFAULT_QUEUE) == (1, 0))  # the write's task, held by RabbitMQ
    vhost.purge(DEFAULT_QUEUE)  # and lost before any worker took it
    assert vhost.ready(DEFAULT_QUEUE) == (0, 0)

    worker, beat = celery("worker"), celery("beat")
    # Beat queues the sweep every 5 s; it finds the event still pending and hands it out again.
    until(lambda: receiver.requests, worker, beat)
    until(lambda: state_of(event) == EventState.DELIVERED, worker, beat)
    assert [r["headers"]["webhook-id"] for r in receiver.requests] == [event.webhook_id]


@TRANSACTIONAL
def test_a_worker_sent_sigterm_mid_delivery_finishes_it_before_it_exits(
    server, celery, receivers, vhost
):
    receiver = receivers(200, answer_after=3)
    worker = celery("worker")
    event = order_cancelled(server, receiver)
    until(lambda: receiver.in_flight == 1, worker)

    # As a container's stop or a rolling deploy sends it: to the worker's main process.
    worker.process.send_signal(signal.SIGTERM)
    assert worker.process.wait(timeout=30) == 0, worker.log_tail()

    assert [request["status"] for request in receiver.requests] == [200]
    assert state_of(event) == EventState.DELIVERED
    assert list(event.attempt_log.values_list("status_code", flat=True)) == [200]
    # Acknowledged before it exited: nothing went back to the queue for another worker (what
    # a consumer held unacknowledged is back by the time it is no longer counted).
    until(lambda: vhost.ready(DEFAULT_QUEUE)[1] == 0)
    assert vhost.ready(DEFAULT_QUEUE) == (0, 0)


@TRANSACTIONAL
def test_a_rabbitmq_that_stops_answering_costs_a_write_its_publish_bound_and_the_publisher_gives_up(
    vhost, receivers
):
    proxy = TcpProxy(PORT)
    server = Gunicorn(
        settings.DATABASES["default"],
        GUNICORN_WORKERS="1",
        CELERY_BROKER_URL=f"amqp://guest:guest@127.0.0.1:{proxy.port}/{vhost.name}",
        BROKER_SOCKET_TIMEOUT="1",
        BROKER_CONNECT_TIMEOUT="0.5",
        OUTAGE_LOG_INTERVAL_SECONDS="0",  # every failure logged
    )
    try:
        server.wait_until_up()
        vhost.purge(DEFAULT_QUEUE)
        order_cancelled(server, receivers(200))  # its publish confirmed, on a connection kept
        until(lambda: vhost.ready(DEFAULT_QUEUE) == (1, 0), server)
        # As under a memory or disk alarm, or a host that stopped answering: the connection
        # open, nothing answered.
        proxy.hang()
        started = time.monotonic()
        event = order_cancelled(server, receivers(200), code="RM2")
        seconds = time.monotonic() - started
        until(lambda: "publish(es) failed" in server.output(), server, timeout=15)
        log = server.output()
    finally:
        server.stop()
        proxy.close()

    # Answered within the publish bound (BROKER_PUBLISH_TIMEOUT), committed, its event waiting in
    # the outbox for the sweep; the publishing thread gave up within the broker's timeouts.
    assert seconds < 1.5
    assert state_of(event) == EventState.PENDING
    assert "broker unavailable: 1 publish(es) not made in time" in log
    assert "Traceback" not in log


# --- readiness ---------------------------------------------------------------------------------


@pytest.mark.django_db
def test_readiness_reports_rabbitmq_ok_once_it_opens_a_connection(anonymous, settings, vhost):
    settings.CELERY_BROKER_URL = vhost.url

    response = anonymous.get("/health/ready")

    assert response.status_code == 200
    assert response.json()["checks"]["broker"] == {"status": "ok"}


@pytest.mark.django_db
@pytest.mark.parametrize("broker", ["refusing", "silent"])
def test_a_rabbitmq_refusing_or_never_answering_degrades_readiness_within_its_deadline(
    broker, anonymous, settings, vhost
):
    with silent_port() as silent:
        # Nothing listens on a free port: connections are refused at once.
        port = silent if broker == "silent" else free_port()
        settings.CELERY_BROKER_URL = f"amqp://guest:guest@127.0.0.1:{port}/{vhost.name}"

        started = time.monotonic()
        response = anonymous.get("/health/ready")
        seconds = time.monotonic() - started

    assert seconds < settings.HEALTH_CHECK_TIMEOUT_SECONDS + 0.1
    # Writes still commit without the broker (their events wait in the outbox): 200.
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "degraded"
    assert body["checks"]["database"] == {"status": "ok"}
    # Given up by the check itself (0.5 s), not only by the lane's deadline.
    assert body["checks"]["broker"] == {"status": "degraded", "error": "Broker unavailable"}
    # The heartbeats are Redis's, read whatever RabbitMQ does: no worker runs here.
    assert body["checks"]["workers"]["error"] == "No worker seen"


# --- settings ----------------------------------------------------------------------------------


def test_a_broker_url_without_redis_is_refused_saying_redis_is_still_needed():
    environment = os.environ | {
        "CELERY_BROKER_URL": "amqp://guest:guest@127.0.0.1:5672/",
        "REDIS_URL": "",
    }

    done = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=REPO,
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
    )

    assert done.returncode != 0
    assert "ImproperlyConfigured: CELERY_BROKER_URL is set without REDIS_URL" in done.stderr
    assert "REDIS_URL is still needed" in done.stderr
