from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.response import Response

from companies import selectors, services
from companies.api.idempotency import IdempotentAPIView
from companies.api.serializers import (
    CompanyCreateSerializer,
    CompanySerializer,
    CompanyUpdateSerializer,
    WebhookSecretSerializer,
)
from config.api.paging import PAGING_PARAMETERS, page_requested
from config.api.schema import ErrorEnvelopeSerializer


class CompanyListView(IdempotentAPIView):
    # The interface shows `envelop: []` on the errors of these two operations.
    errors_carry_envelop = True

    @extend_schema(
        operation_id="companies_list",
        parameters=PAGING_PARAMETERS,
        responses=CompanySerializer(many=True),
    )
    def get(self, request):
        page = page_requested(request, selectors.COMPANIES)
        companies = page.narrow(selectors.company_list(api_client=request.user))
        return page.response(
            request, list(companies), lambda page_of: CompanySerializer(page_of, many=True).data
        )

    @extend_schema(
        operation_id="companies_create",
        request=CompanyCreateSerializer,
        responses={201: CompanySerializer(many=True), 409: ErrorEnvelopeSerializer},
    )
    def post(self, request):
        serializer = CompanyCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        company = services.company_create(
            api_client=request.user,
            code=serializer.validated_data.pop("company_code"),
            **serializer.validated_data,
        )
        return Response(
            CompanySerializer([company], many=True).data, status=status.HTTP_201_CREATED
        )


class CompanyDetailView(IdempotentAPIView):
    @extend_schema(
        operation_id="companies_update",
        request=CompanyUpdateSerializer,
        responses=CompanySerializer(many=True),
    )
    def patch(self, request, company_code: str):
        serializer = CompanyUpdateSerializer(data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        company = services.company_update(
            api_client=request.user, code=company_code, changes=serializer.validated_data
        )
        return Response(CompanySerializer([company], many=True).data)


class CompanyWebhookSecretView(IdempotentAPIView):
    @extend_schema(
        operation_id="companies_webhook_secret_rotate",
        request=None,
        responses={200: WebhookSecretSerializer(many=True), 404: ErrorEnvelopeSerializer},
    )
    def post(self, request, company_code: str):
        """Make a new webhook signing secret (`whsec_...`) for the company and answer it, the
        only time it is shown."""
        company = services.company_webhook_secret_rotate(api_client=request.user, code=company_code)
        return Response(WebhookSecretSerializer([company], many=True).data)
