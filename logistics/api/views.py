from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.response import Response

from companies.api.idempotency import IdempotentAPIView
from companies.api.scoping import COMPANY_CODE_PARAMETER, company_from_body, company_from_filters
from companies.api.serializers import company_details
from config.api.paging import PAGING_PARAMETERS
from config.api.schema import UPDATED_SINCE_PARAMETER
from config.api.streaming import list_response
from config.kernel.actors import Actor
from config.kernel.identifiers import uuid_or_400
from config.kernel.workflow import record_as_answered
from employees.api.serializers import employee_details
from logistics import selectors, services
from logistics.answers import MovementRequestSerializer
from logistics.api import docs
from logistics.api.serializers import (
    OffboardingSerializer,
    OnboardingSerializer,
    new_hardware_specs,
)
from logistics.choices import MovementStatus, MovementType
from logistics.models import MovementRequest
from tracking.answers import ShipmentSerializer


class OnboardingView(IdempotentAPIView):
    @extend_schema(
        operation_id="movement_requests_onboarding",
        **docs.MOVEMENT_REQUESTS_ONBOARDING,
        request=OnboardingSerializer,
        responses={201: MovementRequestSerializer(many=True)},
    )
    def post(self, request):
        company = company_from_body(request)
        serializer = OnboardingSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        movement = onboarding_created(
            company=company, api_client=request.user, data=serializer.validated_data
        )
        row = record_as_answered(
            movement,
            lambda: selectors.movement_request_row(
                company=company, movement_request_id=movement.id
            ),
        )
        return Response([row], status=status.HTTP_201_CREATED)


class OffboardingView(IdempotentAPIView):
    @extend_schema(
        operation_id="movement_requests_offboarding",
        **docs.MOVEMENT_REQUESTS_OFFBOARDING,
        request=OffboardingSerializer,
        responses={201: MovementRequestSerializer(many=True)},
    )
    def post(self, request):
        serializer = OffboardingSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        movement = offboarding_created(
            # An inline company is created or updated by the service, in the request's
            # transaction.
            company=company_details(data.get("company")) or company_from_body(request),
            api_client=request.user,
            data=data,
        )
        row = selectors.movement_request_row(
            company=movement.company, movement_request_id=movement.id
        )
        return Response([row], status=status.HTTP_201_CREATED)


# The requests bodies validated by OnboardingSerializer and OffboardingSerializer make: their
# views', and a bulk job's items' (bulk.api.operations).


def onboarding_created(*, company, api_client, data: dict) -> MovementRequest:
    return services.movement_onboarding_create(
        company=company,
        actor=Actor.api_client(api_client),
        hardware_ids=data["hardware_ids"],
        employee_email=data.get("employee_email"),
        employee=employee_details(data.get("employee")),
        expected_date=data.get("expected_date"),
    )


def offboarding_created(*, company, api_client, data: dict) -> MovementRequest:
    """`company`: the one the body names, or its inline `company` (created or updated)."""
    return services.movement_offboarding_create(
        api_client=api_client,
        company=company,
        handled_by=data["handled_by"],
        employee_email=data.get("employee_email"),
        employee=employee_details(data.get("employee")),
        to_employee_email=data.get("to_employee_email"),
        hardware_ids=data["hardwares"].get("hardware_ids"),
        new_hardwares=new_hardware_specs(data["hardwares"].get("new_hardwares")),
        factory_reset=data.get("factory_reset"),
        wipe=data.get("wipe"),
        expected_date=data.get("expected_date"),
    )


# The list's bad companyCode reads as the interface writes it for this operation.
LIST_INVALID_COMPANY_CODE = "Invalid Company code"
TYPE_PARAMETER = OpenApiParameter(
    "type", str, enum=MovementType.values, description="Only the requests of this type."
)
STATUS_PARAMETER = OpenApiParameter(
    "status", str, enum=MovementStatus.values, description="Only the requests in this status."
)


class MovementRequestListView(IdempotentAPIView):
    @extend_schema(
        operation_id="movement_requests_list",
        **docs.MOVEMENT_REQUESTS_LIST,
        parameters=[
            COMPANY_CODE_PARAMETER,
            TYPE_PARAMETER,
            STATUS_PARAMETER,
            UPDATED_SINCE_PARAMETER,
            *PAGING_PARAMETERS,
        ],
        responses=MovementRequestSerializer(many=True),
    )
    def get(self, request):
        company = company_from_filters(request, message=LIST_INVALID_COMPANY_CODE)
        return list_response(
            request,
            selectors.MOVEMENT_REQUESTS,
            lambda page: selectors.movement_request_rows(
                company=company, filters=request.query_params, page=page
            ),
        )


class MovementRequestShipmentsView(IdempotentAPIView):
    @extend_schema(
        operation_id="movement_requests_shipments",
        **docs.MOVEMENT_REQUESTS_SHIPMENTS,
        parameters=[COMPANY_CODE_PARAMETER],
        responses=ShipmentSerializer(many=True),
    )
    def get(self, request, movement_request_id: str):
        company = company_from_filters(request)
        movement_uuid = uuid_or_400(movement_request_id, "Invalid MovementRequest id")
        shipments = selectors.movement_request_shipments(
            company=company, movement_request_id=movement_uuid
        )
        return Response(shipments)


class MovementRequestDetailView(IdempotentAPIView):
    @extend_schema(
        operation_id="movement_requests_retrieve",
        **docs.MOVEMENT_REQUESTS_RETRIEVE,
        parameters=[COMPANY_CODE_PARAMETER],
        responses=MovementRequestSerializer(many=True),
    )
    def get(self, request, movement_request_id: str):
        company = company_from_filters(request)
        movement_uuid = uuid_or_400(movement_request_id, "Invalid MovementRequest id")
        row = selectors.movement_request_row(company=company, movement_request_id=movement_uuid)
        return Response([row])
