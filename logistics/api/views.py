from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from companies.api.scoping import company_from_body
from config.actors import Actor
from logistics import selectors, services
from logistics.api.serializers import MovementRequestSerializer, OnboardingSerializer


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
