"""The OpenAPI schema and the Swagger UI, served offline."""

import pytest

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
    success = listing["200"]["content"]["application/json"]["schema"]
    assert success["required"] == ["statusCode", "message", "envelop"]
    assert success["properties"]["envelop"]["items"] == {"$ref": "#/components/schemas/Company"}
    assert listing["401"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/ErrorEnvelope"
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
