from drf_spectacular.utils import extend_schema
from rest_framework.response import Response

from catalog.api import docs
from catalog.api.serializers import CATALOG_RESPONSE
from catalog.selectors import catalog_by_country
from companies.api.idempotency import IdempotentAPIView
from config.api.schema import COUNTRY_CODE_PARAMETER


class CatalogView(IdempotentAPIView):
    # The schema's name of one entry of the answer, `{"US": [items]}` (CatalogCountryList).
    envelope_shape = "CatalogCountry"

    @extend_schema(
        operation_id="catalog_list",
        **docs.CATALOG_LIST,
        parameters=[COUNTRY_CODE_PARAMETER],
        responses=CATALOG_RESPONSE,
    )
    def get(self, request):
        return Response(catalog_by_country(country_code=request.query_params.get("countryCode")))
