from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from companies.api.scoping import company_from_body
from config.actors import Actor
from logistics import selectors, services
from logistics.api.serializers import (
    MovementRequestSerializer,
    OffboardingSerializer,
    OnboardingSerializer,
)


class OnboardingView(APIView):
    @extend_schema(
        operation_id="movement_requests_onboarding",
        request=OnboardingSerializer,
        responses={201: MovementRequestSerializer(many=True)},
    )
    def post(self, request):
        company = company_from_body(request)
        serializer = OnboardingSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        movement = services.movement_onboarding_create(
            company=company,
            actor=Actor.api_client(request.user),
            hardware_ids=data["hardware_ids"],
            employee_email=data.get("employee_email"),
            employee_data=data.get("employee"),
            expected_date=data.get("expected_date"),
        )
        row = selectors.movement_request_row(company=company, movement_request_id=movement.id)
        return Response([row], status=status.HTTP_201_CREATED)


class OffboardingView(APIView):
    @extend_schema(
        operation_id="movement_requests_offboarding",
        request=OffboardingSerializer,
        responses={201: MovementRequestSerializer(many=True)},
    )
    def post(self, request):
        serializer = OffboardingSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        # An inline company is created or updated by the service, in the request's transaction.
        company_data = data.get("company")
        movement = services.movement_offboarding_create(
            api_client=request.user,
            company=None if company_data else company_from_body(request),
            company_data=company_data,
            handled_by=data["handled_by"],
            employee_email=data.get("employee_email"),
            employee_data=data.get("employee"),
            to_employee_email=data.get("to_employee_email"),
            hardware_ids=data["hardwares"].get("hardware_ids"),
            new_hardwares=data["hardwares"].get("new_hardwares"),
            factory_reset=data.get("factory_reset"),
            expected_date=data.get("expected_date"),
        )
        row = selectors.movement_request_row(
            company=movement.company, movement_request_id=movement.id
        )
        return Response([row], status=status.HTTP_201_CREATED)
