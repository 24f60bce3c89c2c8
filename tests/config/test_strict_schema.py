"""The schema is strict OpenAPI 3.1, and every answer of the suite is checked against it
(tests/schema_check.py, applied by tests/conftest.py)."""

import json

import pytest

from tests.schema_check import SchemaViolation
from tests.support import error

pytestmark = pytest.mark.django_db

ERROR_405 = json.dumps(
    {"statusCode": 405, "error": "Method Not Allowed", "message": 'Method "PUT" not allowed.'}
).encode()


@pytest.fixture
def schema(anonymous):
    return anonymous.get("/schema/", {"format": "json"}).json()


def walk(node, path=""):
    """Every (path, object) of a JSON document."""
    if isinstance(node, dict):
        yield path, node
        for key, value in node.items():
            yield from walk(value, f"{path}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from walk(value, f"{path}/{index}")


def test_the_schema_is_openapi_3_1_with_no_nullable_keyword(schema):
    assert schema["openapi"] == "3.1.0"
    assert [path for path, node in walk(schema) if "nullable" in node] == []
    assert schema["servers"] and schema["info"]["license"]["identifier"]


def test_operations_answering_the_same_data_share_one_named_envelope(schema):
    def success(path, method, status):
        answer = schema["paths"][path][method]["responses"][status]
        return answer["content"]["application/json"]["schema"]

    assert success("/orders/quote", "post", "201") == success("/orders/quote", "post", "200")
    assert success("/orders", "get", "200") == {"$ref": "#/components/schemas/OrderList"}
    assert success("/employees", "post", "200") == {"$ref": "#/components/schemas/EmployeeResult"}
    employee = schema["components"]["schemas"]["EmployeeResult"]["properties"]["envelop"]
    assert employee == {"$ref": "#/components/schemas/Employee"}
    assert success("/gateway", "post", "200") == {"$ref": "#/components/schemas/GatewayResult"}


def test_errors_carry_envelop_only_on_the_company_list_and_creation(schema):
    components = schema["components"]["schemas"]
    assert "envelop" not in components["ErrorEnvelope"]["properties"]
    with_envelop = components["ErrorEnvelopeWithEnvelop"]
    assert "envelop" in with_envelop["required"]
    assert with_envelop["properties"]["envelop"]["maxItems"] == 0
    for method in ("get", "post"):
        responses = schema["paths"]["/companies"][method]["responses"]
        assert responses["401"]["content"]["application/json"]["schema"] == {
            "$ref": "#/components/schemas/ErrorEnvelopeWithEnvelop"
        }
        # Refusals the web server makes before any operation (414, 431) carry no envelop.
        assert responses["default"]["content"]["application/json"]["schema"] == {
            "$ref": "#/components/schemas/ErrorEnvelope"
        }


def test_every_operation_has_a_default_error_and_writes_announce_replays(schema):
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            responses = operation["responses"]
            assert "default" in responses, (method, path)
            if method in ("post", "patch"):
                # A throttled request (429) is refused before its key is read: never replayed.
                replayable = {code: r for code, r in responses.items() if code != "429"}
                for code, response in replayable.items():
                    assert "Idempotent-Replayed" in response["headers"], (method, path, code)


def test_the_line_removal_body_requires_its_fields_and_no_request_field_has_a_default(schema):
    removal = schema["paths"]["/orders/{orderId}/hardware-requests/remove"]["patch"]
    body = removal["requestBody"]["content"]["application/json"]["schema"]
    assert body == {"$ref": "#/components/schemas/LinesRemoveRequest"}
    assert "Patched" not in json.dumps(schema)
    requests = {
        name: component
        for name, component in schema["components"]["schemas"].items()
        if name.endswith("Request")
    }
    assert set(schema["components"]["schemas"]["LinesRemoveRequest"]["required"]) >= {"companyCode"}
    assert [path for path, node in walk(requests) if "default" in node] == []
    new_hardware = requests["HardwareCreateRequest"]["properties"]["newHardware"]
    assert "Absent: true" in new_hardware["description"]


def test_every_path_id_is_a_uuid(schema):
    checked = []
    for path, operations in schema["paths"].items():
        for operation in operations.values():
            for parameter in operation.get("parameters", []):
                if parameter["in"] == "path" and parameter["name"] != "eventId":
                    assert parameter["schema"].get("format") == "uuid" or (
                        parameter["name"] == "companyCode"
                    ), (path, parameter)
                    checked.append(parameter["name"])
    assert {"orderId", "hardwareId", "employeeId"} <= set(checked)


def test_an_answer_the_schema_does_not_allow_fails_naming_where(
    every_answer_checked_against_the_schema,
):
    check = every_answer_checked_against_the_schema
    body = json.dumps({"statusCode": 200, "message": "Request successful", "envelop": [{}]})

    with pytest.raises(SchemaViolation) as refused:
        check.check("GET", "/orders", 200, {}, "application/json", body.encode())

    message = str(refused.value)
    assert "orders_list (GET /orders) answered 200" in message
    assert "at $.envelop[0]" in message
    assert "/paths/~1orders/get/responses/200" in message


def test_a_status_no_entry_lists_is_judged_by_the_default_error_and_an_undocumented_path_fails(
    every_answer_checked_against_the_schema,
):
    check = every_answer_checked_against_the_schema
    check.check("GET", "/orders", 405, {}, "application/json", ERROR_405)
    with pytest.raises(SchemaViolation, match="/get/responses/default"):
        check.check("GET", "/orders", 302, {}, "application/json", b"{}")
    with pytest.raises(SchemaViolation, match="only 404 or 405 may answer it"):
        check.check("GET", "/no-such-path", 200, {}, "application/json", b"{}")


def test_an_unknown_path_is_refused_in_the_documented_error_envelope(caller):
    # Passes only because the checker finds the 404 in the error envelope.
    response = caller.get("/no-such-path")

    assert response.status_code == 404
    assert response.json() == error(404, "Cannot GET /no-such-path: no such endpoint")
