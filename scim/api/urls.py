from django.urls import path, re_path

from scim.api import discovery, views

urlpatterns = [
    path(
        "scim/v2/ServiceProviderConfig",
        discovery.ServiceProviderConfigView.as_view(),
        name="scim-service-provider-config",
    ),
    path(
        "scim/v2/ResourceTypes", discovery.ResourceTypesView.as_view(), name="scim-resource-types"
    ),
    path(
        "scim/v2/ResourceTypes/<str:name>",
        discovery.ResourceTypeView.as_view(),
        name="scim-resource-type",
    ),
    path("scim/v2/Schemas", discovery.SchemasView.as_view(), name="scim-schemas"),
    path("scim/v2/Schemas/<str:schema_id>", discovery.SchemaView.as_view(), name="scim-schema"),
    path("scim/v2/Users", views.UsersView.as_view(), name="scim-users"),
    path("scim/v2/Users/<str:user_id>", views.UserView.as_view(), name="scim-user"),
    path("scim/v2/.search", views.RootSearchView.as_view(), name="scim-root-search"),
    # Anything else under /scim/v2/ is SCIM's 404, not the API's.
    re_path(r"^scim/v2/.*$", views.UnknownScimPathView.as_view()),
]
