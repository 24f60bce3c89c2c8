"""How the authentications appear in the OpenAPI schema: an API key in either header; a SCIM
token as a bearer token."""

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


class ScimTokenAuthenticationScheme(OpenApiAuthenticationExtension):
    """For SCIM views that are in the schema: a company's SCIM token as a bearer token."""

    target_class = "companies.api.scim_authentication.ScimTokenAuthentication"
    name = "scimBearerAuth"

    def get_security_definition(self, auto_schema):
        return {
            "type": "http",
            "scheme": "bearer",
            "description": "Authorization: Bearer <SCIM token> (scim_...), the company's",
        }
