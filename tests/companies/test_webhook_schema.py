"""The schema's `webhooks` section (config/api/webhooks.py): every event type the service can
send is in it, its examples are bodies it allows, and what the service really delivers to a
local receiver is allowed too (tests/webhook_check.py, which every receiver applies), while a
body or header it does not describe is refused."""

import ast
import http.client
import importlib
import json
from datetime import UTC, datetime
from functools import reduce
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from django.apps import apps

from config.kernel.actors import Actor
from config.kernel.workflow import StatusModel
from logistics import services as logistics
from tests.factories import CompanyFactory, EmployeeFactory, HardwareFactory
from tests.receivers import Receiver
from tests.schema_check import SchemaViolation
from tests.webhook_check import WebhookCheck
from tracking import services as tracking
from tracking.choices import EventSource, ShipmentStatus
from tracking.updates import TrackingEvent

ROOT = Path(__file__).resolve().parents[2]
# The functions that record an event of a kind given to them.
RECORDERS = ("event_record", "event_record_about")
# Where a kind is passed on rather than named: a move records the kind its status graph names
# (`StatusField.events`, collected from the models), and event_record_about hands its own on.
PASSED_ON = {
    ("config.kernel.workflow", "transition_apply"),
    ("config.kernel.workflow", "event_record_about"),
}
TRACKING_CODE = "1Z999AA10123456784"


# --- every event type the code can send ---------------------------------------------------


def _project_modules():
    """(module name, path) of every module of the project's apps and of config."""
    packages = {ROOT / "config"} | {
        Path(app.path) for app in apps.get_app_configs() if Path(app.path).is_relative_to(ROOT)
    }
    for package in sorted(packages):
        for path in sorted(package.rglob("*.py")):
            if "migrations" in path.parts:
                continue
            parts = path.relative_to(ROOT).with_suffix("").parts
            yield ".".join(parts[:-1] if parts[-1] == "__init__" else parts), path


class _Recordings(ast.NodeVisitor):
    """The kinds a module's calls of RECORDERS name, as literals or as its module's constants;
    the (module, function) of each call that names none."""

    def __init__(self, module: str):
        self.module = module
        self.functions: list[str] = []
        self.kinds: set[str] = set()
        self.passed_on: set[tuple[str, str]] = set()

    def visit_FunctionDef(self, node):
        self.functions.append(node.name)
        self.generic_visit(node)
        self.functions.pop()

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Call(self, node):
        name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
        if name in RECORDERS:
            kind = next((word.value for word in node.keywords if word.arg == "kind"), None)
            if kind is None and name == "event_record_about" and len(node.args) > 1:
                kind = node.args[1]
            value = self._value(kind)
            if isinstance(value, str):
                self.kinds.add(value)
            else:
                self.passed_on.add((self.module, self.functions[-1] if self.functions else ""))
        self.generic_visit(node)

    def _value(self, node):
        if isinstance(node, ast.Constant):
            return node.value
        if isinstance(node, ast.Name | ast.Attribute):
            names = ast.unparse(node).split(".")
            namespace = vars(importlib.import_module(self.module))
            if names[0] in namespace:
                return reduce(getattr, names[1:], namespace[names[0]])
        return None


def event_types_in_the_code() -> tuple[set[str], set[tuple[str, str]]]:
    """Every event type the code can record: those the status graphs' moves send, and those
    its calls of event_record and event_record_about name; and the calls that name none."""
    kinds = {
        kind
        for model in apps.get_models()
        if issubclass(model, StatusModel)
        for kind in model.status_field().events.values()
    }
    passed_on = set()
    for module, path in _project_modules():
        recordings = _Recordings(module)
        recordings.visit(ast.parse(path.read_text(), filename=str(path)))
        kinds |= recordings.kinds
        passed_on |= recordings.passed_on
    return kinds, passed_on


def test_every_event_type_the_code_can_send_is_in_the_section_and_no_other(
    every_answer_checked_against_the_schema,
):
    webhooks = every_answer_checked_against_the_schema.schema["webhooks"]

    kinds, passed_on = event_types_in_the_code()

    # The scan finds each way of recording: a move's graph, a literal, a module's constant.
    assert {"order.quoted", "order.created", "webhook.test", "shipment.status_changed"} <= kinds
    # A call naming its kind neither as a literal nor as a constant could send any type.
    assert passed_on == PASSED_ON
    assert sorted(kinds - set(webhooks)) == [], "event types missing from config/api/webhooks.py"
    assert sorted(set(webhooks) - kinds) == [], "webhooks of event types nothing sends"


def test_each_webhook_is_a_signed_post_of_its_envelope_with_an_example_it_allows(
    every_answer_checked_against_the_schema,
):
    schema = every_answer_checked_against_the_schema.schema
    check = WebhookCheck(every_answer_checked_against_the_schema)

    for kind, webhook in schema["webhooks"].items():
        operation = webhook["post"]
        headers = [p["name"] for p in operation["parameters"] if p["in"] == "header"]
        assert headers == ["webhook-id", "webhook-timestamp", "webhook-signature"], kind
        body = operation["requestBody"]["content"]["application/json"]
        assert body["schema"]["properties"]["type"]["const"] == kind
        assert body["schema"]["properties"]["data"]["$ref"].startswith("#/components/schemas/")
        assert {"2XX", "410", "default"} <= set(operation["responses"]), kind
        [example] = body["examples"].values()
        check.check_body(kind, example["value"])


# --- what the service delivers ------------------------------------------------------------


@pytest.fixture
def receiver(receiver_factory):
    return receiver_factory(200)


@pytest.fixture
def company(caller, receiver):
    return CompanyFactory(api_client=caller.api_client, code="HOK", webhook_url=receiver.url)


@pytest.fixture
def sent(django_capture_on_commit_callbacks, eager_tasks):
    """`with sent():` delivers what the block committed, at its end, to the receiver."""
    return lambda: django_capture_on_commit_callbacks(execute=True)


def delivered(receiver) -> list[dict]:
    """The bodies the receiver was sent, each allowed by the schema (reading `requests` raises
    the first one refused)."""
    return [json.loads(request["body"]) for request in receiver.requests]


def onboarding(company):
    employee = EmployeeFactory(company=company)
    item = HardwareFactory(company=company)
    return logistics.movement_onboarding_create(
        company=company,
        actor=Actor.api_client(company.api_client),
        hardware_ids=[item.id],
        employee_email=employee.email,
    )


def coordinated(caller, movement):
    body = {"companyCode": "HOK", "status": "COORDINATED", "trackingCode": TRACKING_CODE}
    response = caller.post(f"/sandbox/movement_requests/{movement.id}/advance", body, format="json")
    assert response.status_code == 200, response.json()


@pytest.mark.parametrize("public_base_url", ["", "https://hlos.example.com"])
def test_a_quote_delivers_an_order_created_the_schema_allows(
    caller, company, receiver, sent, settings, public_base_url
):
    settings.PUBLIC_BASE_URL = public_base_url
    body = {
        "companyCode": "HOK",
        "countryCode": "US",
        "sendTo": "STORAGE",
        "hardwares": [{"hardwareType": "MOUSE", "amount": 3}],
    }

    with sent():
        response = caller.post("/orders/quote", body, format="json")

    assert response.status_code == 201
    [created] = delivered(receiver)
    assert (created["type"], created["data"]["status"]) == ("order.created", "PENDING")
    # Images as the service's address makes them: joined to it when it has none of its own.
    image = created["data"]["hardwares"][0]["image"]
    assert image.startswith(public_base_url or "/static/")


def test_a_sandbox_move_delivers_a_movement_request_status_changed_the_schema_allows(
    caller, company, receiver, sent
):
    with sent():
        movement = onboarding(company)
        coordinated(caller, movement)

    assert [(body["type"], body["data"]["status"]) for body in delivered(receiver)] == [
        ("movement_request.created", "PROCESSING"),
        ("movement_request.status_changed", "COORDINATED"),
    ]


def test_the_webhook_test_delivers_a_webhook_test_the_schema_allows(
    caller, company, receiver, sent
):
    with sent():
        response = caller.post("/companies/HOK/webhook-test", format="json")

    assert response.status_code == 200
    [test] = delivered(receiver)
    assert test["data"] == {"companyCode": "HOK", "webhookUrl": receiver.url}


def test_a_tracking_update_delivers_a_shipment_status_changed_the_schema_allows(
    caller, company, receiver, sent
):
    movement = onboarding(company)
    with sent():
        coordinated(caller, movement)
        tracking.shipment_event_add(
            shipment_id=movement.shipments.get().id,
            event=TrackingEvent(
                occurred_at=datetime(2026, 3, 4, 18, 30, tzinfo=UTC),
                status=ShipmentStatus.IN_TRANSIT,
                status_detail="IT",
                message="Departed from facility",
                city="Louisville",
                region="KY",
                post_code="40209",
                country_code="US",
            ),
            actor=Actor.command("test"),
            source=EventSource.OPERATOR,
        )

    bodies = delivered(receiver)
    assert [body["type"] for body in bodies] == [
        "movement_request.status_changed",
        "shipment.status_changed",
    ]
    shipment = bodies[-1]["data"]
    assert (shipment["status"], shipment["record"]) == (
        "IN_TRANSIT",
        {
            "type": "MOVEMENT_REQUEST",
            "id": str(movement.id),
            "number": movement.movement_request_number,
        },
    )


# --- what the schema refuses --------------------------------------------------------------


@pytest.fixture
def move_sent(caller, company, receiver, sent) -> tuple[dict, dict]:
    """The headers and body of a movement_request.status_changed the service sent."""
    movement = onboarding(company)
    with sent():
        coordinated(caller, movement)
    [request] = receiver.requests
    return request["headers"], json.loads(request["body"])


def test_a_status_outside_the_records_enum_is_refused_naming_the_type_and_both_paths(
    every_answer_checked_against_the_schema, move_sent
):
    check = WebhookCheck(every_answer_checked_against_the_schema)
    headers, body = move_sent
    check.check(headers, json.dumps(body))

    body["data"]["status"] = "LOST"

    with pytest.raises(SchemaViolation) as refused:
        check.check(headers, json.dumps(body))
    message = str(refused.value)
    assert "Webhook movement_request.status_changed was sent against the schema" in message
    assert "at $.data.status: 'LOST' is not one of" in message
    assert "schema: /webhooks/movement_request.status_changed/post/requestBody" in message


@pytest.mark.parametrize(
    ("tamper", "refusal"),
    [
        (lambda headers, body: body.update(type="order.shipped"), "no such event"),
        (lambda headers, body: body.update(type="order.created"), "at $.data"),
        (lambda headers, body: body.pop("timestamp"), "'timestamp' is a required property"),
        (lambda headers, body: body.update(id="evt_1"), "at $.id"),
        (lambda headers, body: headers.pop("webhook-signature"), "without its webhook-signature"),
        (lambda headers, body: headers.update({"webhook-timestamp": "soon"}), "webhook-timestamp"),
    ],
    ids=["unknown type", "another type", "no timestamp", "bad id", "unsigned", "bad timestamp"],
)
def test_a_body_or_header_the_section_does_not_describe_is_refused(
    every_answer_checked_against_the_schema, move_sent, tamper, refusal
):
    check = WebhookCheck(every_answer_checked_against_the_schema)
    headers, body = move_sent
    headers = {name.lower(): value for name, value in headers.items()}
    tamper(headers, body)

    with pytest.raises(SchemaViolation, match=refusal.replace("$", r"\$")):
        check.check(headers, json.dumps(body))


def post(receiver, headers: dict, body: dict) -> None:
    address = urlsplit(receiver.url)
    connection = http.client.HTTPConnection(address.hostname, address.port, timeout=5)
    sent = {name: value for name, value in headers.items() if name.lower().startswith("webhook-")}
    sent["Content-Type"] = "application/json"
    connection.request("POST", address.path, body=json.dumps(body), headers=sent)
    assert connection.getresponse().status == 200
    connection.close()


def test_a_receiver_fails_the_test_that_reads_what_it_was_sent_against_the_schema(
    move_sent, receiver_factory
):
    headers, body = move_sent
    body["data"]["status"] = "LOST"
    receiver = receiver_factory(200)

    post(receiver, headers, body)

    with pytest.raises(SchemaViolation, match=r"at \$\.data\.status"):
        delivered(receiver)
    assert len(receiver.refused) == 1


def test_a_receiver_nobody_read_fails_when_it_closes(move_sent):
    headers, body = move_sent
    del body["data"]
    receiver = Receiver(200)

    post(receiver, headers, body)

    with pytest.raises(SchemaViolation, match="'data' is a required property"):
        receiver.close()
