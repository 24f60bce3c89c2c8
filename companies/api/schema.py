"""How the API key authentication appears in the OpenAPI schema: either header will do."""

from drf_spectacular.extensions import OpenApiAuthenticationExtension


class ApiKeyAuthenticationScheme(OpenApiAuthenticationExtension):
    target_class = "companies.api.authentication.ApiKeyAuthentication"
    name = ["bearerAuth", "apiKeyAuth"]

    def get_security_requirement(self, auto_schema):
        return [{"bearerAuth": []}, {"apiKeyAuth": []}]  # one or the other

    def get_security_definition(self, auto_schema):
        return [
            {"type": "http", "scheme": "bearer", "description": "Authorization: Bearer <key>"},
            {"type": "apiKey", "in": "header", "name": "X-API-Key"},
        ]
