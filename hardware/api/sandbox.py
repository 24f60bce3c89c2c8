"""POST /sandbox/hardwares/{hardwareId}/wipe: the operator's record of a data wipe, made by the
client outside production (issue 32), to try what follows a wipe: the item's lifecycle, its
certificate, the webhooks."""

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.response import Response

from companies.api.idempotency import IdempotentAPIView
from companies.api.scoping import company_from_body
from config.kernel.actors import Actor
from config.kernel.identifiers import uuid_or_400
from hardware import wipes
from hardware.answers import HardwareWipeSerializer
from hardware.api import docs
from hardware.api.serializers import HardwareSandboxWipeSerializer
from hardware.api.views import INVALID_HARDWARE_ID
from hardware.choices import WipeMethod
from hardware.lifecycle import hardware_sandbox_wipe


class HardwareSandboxWipeView(IdempotentAPIView):
    @extend_schema(
        operation_id="sandbox_hardwares_wipe",
        **docs.SANDBOX_HARDWARES_WIPE,
        request=HardwareSandboxWipeSerializer,
        responses={201: HardwareWipeSerializer(many=True)},
    )
    def post(self, request, hardware_id: str):
        company = company_from_body(request)
        hardware_uuid = uuid_or_400(hardware_id, INVALID_HARDWARE_ID)
        serializer = HardwareSandboxWipeSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        wipe = hardware_sandbox_wipe(
            company=company,
            hardware_id=hardware_uuid,
            method=WipeMethod(serializer.validated_data["method"]),
            actor=Actor.api_client(request.user),
        )
        rows = wipes.hardware_wipe_rows(company=company, hardware_id=hardware_uuid, wipe_id=wipe.id)
        return Response(rows, status=status.HTTP_201_CREATED)
