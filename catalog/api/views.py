from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.response import Response
from rest_framework.views import APIView

from catalog.api.serializers import CATALOG_RESPONSE
from catalog.selectors import catalog_by_country


class CatalogView(APIView):
    @extend_schema(
        operation_id="catalog_list",
        parameters=[
            OpenApiParameter(
                "countryCode",
                str,
                description="ISO 3166-1 alpha-2 or EU, any case. Without it, every country.",
            )
        ],
        responses=CATALOG_RESPONSE,
    )
    def get(self, request):
        return Response(catalog_by_country(country_code=request.query_params.get("countryCode")))
