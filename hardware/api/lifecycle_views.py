"""An item's life beside its place (issue 32): its data wipes with their certificates, its
retirement and its return. The rules are hardware.lifecycle's; these views read the request,
call it, and answer as the reads do."""

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.response import Response

from companies.api.idempotency import IdempotentAPIView
from companies.api.scoping import COMPANY_CODE_PARAMETER, company_from_body, company_from_filters
from config.kernel.actors import Actor
from config.kernel.identifiers import uuid_or_400
from hardware import lifecycle, selectors, wipes
from hardware.answers import HardwareDetailSerializer, HardwareWipeSerializer
from hardware.api import docs
from hardware.api.serializers import HardwareReinstateSerializer, HardwareRetireSerializer
from hardware.api.views import INVALID_HARDWARE_ID
from hardware.choices import RetiredReason

INVALID_WIPE_ID = "Invalid wipe ID format"
PDF = "application/pdf"
SHA256_HEADER = "X-Certificate-SHA256"

# What the certificate's answer says of itself in its headers.
CERTIFICATE_HEADERS = [
    OpenApiParameter(
        "Content-Disposition",
        {
            "type": "string",
            "pattern": r'^attachment; filename="wipe-certificate-[0-9a-f-]{36}\.pdf"$',
        },
        OpenApiParameter.HEADER,
        required=True,
        response=[200],
        description='`attachment; filename="wipe-certificate-<wipeId>.pdf"`.',
    ),
    OpenApiParameter(
        SHA256_HEADER,
        {"type": "string", "pattern": "^[0-9a-f]{64}$"},
        OpenApiParameter.HEADER,
        required=True,
        response=[200],
        description="The SHA-256 of the PDF, in hexadecimal: the wipe's `certificateSha256`.",
    ),
]


def _item_answered(company, hardware_id) -> Response:
    return Response([selectors.hardware_row(company=company, hardware_id=hardware_id)])


class HardwareWipeListView(IdempotentAPIView):
    @extend_schema(
        operation_id="hardwares_wipes_list",
        **docs.HARDWARES_WIPES_LIST,
        parameters=[COMPANY_CODE_PARAMETER],
        responses=HardwareWipeSerializer(many=True),
    )
    def get(self, request, hardware_id: str):
        company = company_from_filters(request)
        hardware_uuid = uuid_or_400(hardware_id, INVALID_HARDWARE_ID)
        return Response(wipes.hardware_wipe_rows(company=company, hardware_id=hardware_uuid))


class HardwareWipeCertificateView(IdempotentAPIView):
    @extend_schema(
        operation_id="hardwares_wipes_certificate",
        **docs.HARDWARES_WIPES_CERTIFICATE,
        parameters=[COMPANY_CODE_PARAMETER, *CERTIFICATE_HEADERS],
        responses={
            (200, PDF): OpenApiResponse(OpenApiTypes.BINARY, description="The certificate's PDF.")
        },
    )
    def get(self, request, hardware_id: str, wipe_id: str):
        company = company_from_filters(request)
        hardware_uuid = uuid_or_400(hardware_id, INVALID_HARDWARE_ID)
        wipe_uuid = uuid_or_400(wipe_id, INVALID_WIPE_ID)
        certificate = wipes.hardware_wipe_certificate(
            company=company, hardware_id=hardware_uuid, wipe_id=wipe_uuid
        )
        disposition = f'attachment; filename="wipe-certificate-{wipe_uuid}.pdf"'
        return HttpResponse(
            certificate.content,
            content_type=PDF,
            headers={"Content-Disposition": disposition, SHA256_HEADER: certificate.sha256},
        )


class HardwareRetireView(IdempotentAPIView):
    @extend_schema(
        operation_id="hardwares_retire",
        **docs.HARDWARES_RETIRE,
        request=HardwareRetireSerializer,
        responses={200: HardwareDetailSerializer(many=True)},
    )
    def post(self, request, hardware_id: str):
        company = company_from_body(request)
        hardware_uuid = uuid_or_400(hardware_id, INVALID_HARDWARE_ID)
        serializer = HardwareRetireSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        lifecycle.hardware_retire(
            hardware_id=hardware_uuid,
            reason=RetiredReason(serializer.validated_data["reason"]),
            actor=Actor.api_client(request.user),
            note=serializer.validated_data.get("note"),
            company=company,
        )
        return _item_answered(company, hardware_uuid)


class HardwareReinstateView(IdempotentAPIView):
    @extend_schema(
        operation_id="hardwares_reinstate",
        **docs.HARDWARES_REINSTATE,
        request=HardwareReinstateSerializer,
        responses={200: HardwareDetailSerializer(many=True)},
    )
    def post(self, request, hardware_id: str):
        company = company_from_body(request)
        hardware_uuid = uuid_or_400(hardware_id, INVALID_HARDWARE_ID)
        serializer = HardwareReinstateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        lifecycle.hardware_reinstate(
            hardware_id=hardware_uuid,
            actor=Actor.api_client(request.user),
            note=serializer.validated_data.get("note"),
            company=company,
        )
        return _item_answered(company, hardware_uuid)
