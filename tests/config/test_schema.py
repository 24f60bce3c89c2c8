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


def test_the_schema_states_the_bounds_and_shapes_of_the_inputs(anonymous):
    schema = anonymous.get("/schema/", {"format": "json"}).json()
    schemas = schema["components"]["schemas"]
    listing = schema["paths"]["/hardwares"]["get"]["parameters"]
    country = next(p for p in listing if p["name"] == "countryCode")
    assert country["schema"]["pattern"] == "^([A-Za-z]{2})?$"

    def field(component, name):
        return schemas[component]["properties"][name]

    company_code = {"pattern": "^[A-Za-z0-9]{3}$", "minLength": 3, "maxLength": 3}
    assert company_code.items() <= field("HardwareCreateRequest", "companyCode").items()
    assert field("CompanyCreateRequest", "companyCode")["pattern"] == "^[A-Za-z0-9]{3}$"
    assert field("EmployeeUpsertRequest", "countryCode")["pattern"] == "^[A-Za-z]{2}$"
    assert field("HardwareCreateRequest", "description")["maxLength"] == 2000
    assert field("QuoteLineRequest", "notes")["maxLength"] == 2000
    assert {"minimum": 1, "maximum": 1000}.items() <= field("QuoteLineRequest", "amount").items()
    assert field("PatchedLinesRemoveRequest", "hardwareRequests")["maxItems"] == 200
    assert field("LineRemovalRequest", "amount")["minimum"] == 1
    assert field("CompanyCreateRequest", "webhookUrl")["pattern"] == "^[hH][tT][tT][pP][sS]?://"
    assert {"minItems": 1, "maxItems": 200}.items() <= field("QuoteRequest", "hardwares").items()
    assert field("OffboardingHardwaresRequest", "newHardwares")["maxItems"] == 500
    assert {"minItems": 1, "maxItems": 500}.items() <= field(
        "OnboardingRequest", "hardwareIds"
    ).items()
    assert {"pattern": r"^\s*\+", "maxLength": 32}.items() <= field(
        "QuoteEmployeeRequest", "phone"
    ).items()
    assert schemas["HandledByEnum"]["enum"] == ["PROVIDER", "COMPANY"]
    assert field("GatewayRequestRequest", "vendor")["pattern"] == r"^\s*[hH][lL][oO][sS]\s*$"
