"""What the service provider supports, for identity providers and testers to read (RFC 7644
§4): PATCH, filters (maxResults), ETags; no bulk, no sort, no password change; a bearer token."""

from django.urls import reverse
from rest_framework.response import Response
from scim2_models import (
    AuthenticationScheme,
    Bulk,
    ChangePassword,
    Context,
    EnterpriseUser,
    ETag,
    Filter,
    ListResponse,
    Meta,
    Patch,
    ResourceType,
    Schema,
    ServiceProviderConfig,
    Sort,
    User,
)

from scim.api.views import MAX_RESULTS, ScimView
from scim.errors import ScimRefusal
from scim.users import EmployeeExtension, ScimUser

SCHEMA_MODELS = (User, EnterpriseUser, EmployeeExtension)


class ServiceProviderConfigView(ScimView):
    def get(self, request):
        config = ServiceProviderConfig(
            documentation_uri=request.build_absolute_uri("/docs"),
            patch=Patch(supported=True),
            bulk=Bulk(supported=False, max_operations=0, max_payload_size=0),
            filter=Filter(supported=True, max_results=MAX_RESULTS),
            change_password=ChangePassword(supported=False),
            sort=Sort(supported=False),
            etag=ETag(supported=True),
            authentication_schemes=[
                AuthenticationScheme(
                    type="oauthbearertoken",
                    name="SCIM token",
                    description="Authorization: Bearer scim_…, made by POST "
                    "/companies/{companyCode}/scim-token; it reaches its company only.",
                    primary=True,
                )
            ],
            meta=Meta(
                resource_type="ServiceProviderConfig",
                location=request.build_absolute_uri(reverse("scim-service-provider-config")),
            ),
        )
        return Response(config.model_dump(scim_ctx=Context.RESOURCE_QUERY_RESPONSE))


def _resource_type(request) -> ResourceType:
    resource_type = ResourceType.from_resource(ScimUser)
    location = reverse("scim-resource-type", args=[resource_type.id])
    resource_type.meta = Meta(
        resource_type="ResourceType", location=request.build_absolute_uri(location)
    )
    return resource_type


def _schemas(request) -> list[Schema]:
    schemas = []
    for model in SCHEMA_MODELS:
        schema = model.to_schema()
        location = reverse("scim-schema", args=[schema.id])
        schema.meta = Meta(resource_type="Schema", location=request.build_absolute_uri(location))
        schemas.append(schema)
    return schemas


class ResourceTypesView(ScimView):
    def get(self, request):
        return _listed([_resource_type(request)])


class ResourceTypeView(ScimView):
    def get(self, request, name):
        resource_type = _resource_type(request)
        if name != resource_type.id:
            raise ScimRefusal(f"Resource type {name} not found", status_code=404)
        return Response(resource_type.model_dump(scim_ctx=Context.RESOURCE_QUERY_RESPONSE))


class SchemasView(ScimView):
    def get(self, request):
        return _listed(_schemas(request))


class SchemaView(ScimView):
    def get(self, request, schema_id):
        for schema in _schemas(request):
            if schema.id == schema_id:
                return Response(schema.model_dump(scim_ctx=Context.RESOURCE_QUERY_RESPONSE))
        raise ScimRefusal(f"Schema {schema_id} not found", status_code=404)


def _listed(resources: list) -> Response:
    answer = ListResponse[type(resources[0])](
        total_results=len(resources),
        start_index=1,
        items_per_page=len(resources),
        resources=resources,
    )
    return Response(answer.model_dump(scim_ctx=Context.RESOURCE_QUERY_RESPONSE))
