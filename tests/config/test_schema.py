"""The OpenAPI schema and the Swagger UI, served offline."""

import pytest

from companies.api.idempotency import IdempotentAPIView

pytestmark = pytest.mark.django_db


def test_the_schema_is_served_as_json_with_envelopes_and_both_auth_schemes(anonymous):
    response = anonymous.get("/schema/", {"format": "json"})

    assert response.status_code == 200
    schema = response.json()
    assert schema["components"]["securitySchemes"] == {
        "bearerAuth": {
            "type": "http",
            "scheme": "bearer",
            "description": "Authorization: Bearer <key>",
        },
        "apiKeyAuth": {"type": "apiKey", "in": "header", "name": "X-API-Key"},
    }
    listing = schema["paths"]["/companies"]["get"]["responses"]
    assert listing["200"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/CompanyList"
    }
    success = schema["components"]["schemas"]["CompanyList"]
    assert success["required"] == ["statusCode", "message", "envelop"]
    assert success["properties"]["envelop"]["items"] == {"$ref": "#/components/schemas/Company"}
    # The interface shows `envelop: []` on the errors of the company list and creation.
    assert listing["401"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/ErrorEnvelopeWithEnvelop"
    }
    company_fields = schema["components"]["schemas"]["Company"]["properties"]
    assert {"companyCode", "abmCode", "webhookUrl", "companySource", "createdAt"} <= set(
        company_fields
    )
    assert "/gateway" in schema["paths"]


def test_swagger_ui_is_served_with_its_files_from_this_installation(anonymous):
    page = anonymous.get("/docs/")

    assert page.status_code == 200
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/" in page.content.decode()
    assert "cdn" not in page.content.decode().lower()


def parameters(schema: dict, location: str) -> list[tuple[str, str, dict]]:
    return [
        (f"{method.upper()} {path}", parameter["name"], parameter)
        for path, operations in schema["paths"].items()
        for method, operation in operations.items()
        for parameter in operation.get("parameters", [])
        if parameter["in"] == location
    ]


def test_the_schema_states_the_constraints_of_path_and_query_parameters(anonymous):
    """What a generated client or a fuzzer needs to send a request the service accepts: ids
    are UUIDs (an event's is its `msg_...` webhook id), company codes three letters or digits,
    empty list criteria no criterion."""
    schema = anonymous.get("/schema/", {"format": "json"}).json()

    ids = [
        (operation, p) for operation, name, p in parameters(schema, "path") if name.endswith("Id")
    ]
    codes = [
        p
        for _, name, p in parameters(schema, "query") + parameters(schema, "path")
        if name == "companyCode"
    ]
    criteria = [
        p
        for _, name, p in parameters(schema, "query")
        if name in ("countryCode", "type", "updatedSince", "since")
    ]

    event_ids = [p for _, p in ids if p["name"] == "eventId"]
    assert len(ids) == 23
    assert all(
        p["schema"] == {"type": "string", "format": "uuid"} for _, p in ids if p not in event_ids
    )
    assert len(event_ids) == 2
    assert all(
        p["schema"] == {"type": "string", "pattern": "^msg_[0-9a-f]{32}$"} for p in event_ids
    )
    assert codes and all(
        p["schema"]["pattern"] == "^[A-Za-z0-9]{3}$" for p in codes if p["in"] == "query"
    )
    assert criteria and all(p["allowEmptyValue"] is True for p in criteria)


def test_operations_that_take_input_may_answer_not_found(anonymous):
    """A body may name a record that does not exist (an employee by e-mail, a catalog item)."""
    schema = anonymous.get("/schema/", {"format": "json"}).json()

    onboarding = schema["paths"]["/movement_requests/onboarding"]["post"]["responses"]

    assert onboarding["404"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/ErrorEnvelope"
    }


def test_every_answer_documents_the_rate_limit_headers_and_429_its_retry_after(anonymous):
    schema = anonymous.get("/schema/", {"format": "json"}).json()

    budget = {"RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"}
    assert budget | {"Retry-After"} <= set(schema["components"]["headers"])
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            responses = operation["responses"]
            assert "429" in responses, (method, path)
            for code, response in responses.items():
                expected = budget | ({"Retry-After"} if code == "429" else set())
                assert expected <= set(response.get("headers", {})), (method, path, code)
    too_many = schema["paths"]["/orders"]["get"]["responses"]["429"]
    assert too_many["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/ErrorEnvelope"
    }


def test_answers_that_make_a_record_link_to_the_operations_that_take_its_id(anonymous):
    schema = anonymous.get("/schema/", {"format": "json"}).json()
    operations = {
        operation["operationId"]
        for operations in schema["paths"].values()
        for operation in operations.values()
    }

    quoted = schema["paths"]["/orders/quote"]["post"]["responses"]["201"]["links"]

    assert quoted["GetOrder"] == {
        "operationId": "orders_retrieve",
        "parameters": {"orderId": "$response.body#/envelop/0/id"},
    }
    every_link = [
        link
        for operations_ in schema["paths"].values()
        for operation in operations_.values()
        for response in operation["responses"].values()
        for link in response.get("links", {}).values()
    ]
    assert len(every_link) == 7
    assert {link["operationId"] for link in every_link} <= operations


def test_every_post_and_patch_documents_the_idempotency_key_and_its_refusals(anonymous):
    schema = anonymous.get("/schema/", {"format": "json"}).json()

    writes = [
        operation
        for operations in schema["paths"].values()
        for method, operation in operations.items()
        if method in ("post", "patch")
    ]
    assert writes
    for operation in writes:
        [header] = [p for p in operation["parameters"] if p["name"] == "Idempotency-Key"]
        assert (header["in"], header["required"]) == ("header", False)
        assert header["schema"]["maxLength"] == 255
        assert {"409", "422"} <= set(operation["responses"])
    reads = schema["paths"]["/companies"]["get"].get("parameters", [])
    assert all(p["name"] != "Idempotency-Key" for p in reads)


def test_an_operation_is_described_in_its_own_words_not_its_base_views(anonymous):
    schema = anonymous.get("/schema/", {"format": "json"}).json()
    base_doc = IdempotentAPIView.__doc__.split("\n")[0]

    descriptions = {
        (method, path): operation.get("description", "")
        for path, operations in schema["paths"].items()
        for method, operation in operations.items()
    }

    assert not [key for key, text in descriptions.items() if base_doc in text]
    assert descriptions[("get", "/employees")].startswith("The company's employees, newest first")


def test_the_event_feed_documents_its_criteria_paging_and_link_header(anonymous):
    schema = anonymous.get("/schema/", {"format": "json"}).json()
    feed = schema["paths"]["/events"]["get"]

    query = {p["name"]: p for p in feed["parameters"] if p["in"] == "query"}

    assert feed["operationId"] == "events_list"
    assert {"companyCode", "type", "since", "limit", "cursor"} == set(query)
    assert query["limit"]["schema"] == {"type": "integer", "minimum": 1, "maximum": 500}
    assert query["cursor"]["schema"]["maxLength"] == 512
    assert query["since"]["schema"] == {"type": "string", "format": "date-time"}
    assert "Link" in feed["responses"]["200"]["headers"]
    envelope = feed["responses"]["200"]["content"]["application/json"]["schema"]
    assert envelope == {"$ref": "#/components/schemas/EventList"}
    envelop = schema["components"]["schemas"]["EventList"]["properties"]["envelop"]
    assert envelop["items"] == {"$ref": "#/components/schemas/Event"}
    operations = {
        operation["operationId"]: operation
        for path in ("/events/{eventId}", "/events/{eventId}/redeliver")
        for operation in schema["paths"][path].values()
    }
    assert set(operations) == {"events_retrieve", "events_redeliver"}
    assert all(operation["summary"] for operation in operations.values())
