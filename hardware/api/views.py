from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.response import Response

from companies.api.idempotency import IdempotentAPIView
from companies.api.scoping import (
    COMPANY_CODE_PARAMETER,
    company_from_body,
    company_from_filters,
)
from config.api.paging import PAGING_PARAMETERS
from config.api.schema import COUNTRY_CODE_PARAMETER, UPDATED_SINCE_PARAMETER
from config.api.streaming import list_response
from config.kernel.identifiers import uuid_or_400
from config.kernel.keyset import Keyset
from hardware import corrections, selectors, services
from hardware.answers import HardwareCreatedSerializer, HardwareDetailSerializer, HardwareSerializer
from hardware.api import docs
from hardware.api.serializers import HardwareCreateSerializer, HardwareUpdateSerializer
from hardware.choices import HardwareStatus, Lifecycle

INVALID_HARDWARE_ID = "Invalid hardware ID format"
LIFECYCLE_PARAMETER = OpenApiParameter(
    "lifecycle",
    str,
    enum=Lifecycle.values,
    description="Only the items at this point of their life (all by default).",
)


def _items_answered(request, keyset: Keyset, status: HardwareStatus | None = None):
    """The company's items in `status` (all: None) as a list answers them."""
    company = company_from_filters(request)
    return list_response(
        request,
        keyset,
        lambda page: selectors.hardware_rows(
            company=company, filters=request.query_params, status=status, page=page
        ),
    )


class HardwareListView(IdempotentAPIView):
    @extend_schema(
        operation_id="hardwares_list",
        **docs.HARDWARES_LIST,
        parameters=[
            COMPANY_CODE_PARAMETER,
            COUNTRY_CODE_PARAMETER,
            UPDATED_SINCE_PARAMETER,
            LIFECYCLE_PARAMETER,
            *PAGING_PARAMETERS,
        ],
        responses=HardwareSerializer(many=True),
    )
    def get(self, request):
        return _items_answered(request, selectors.HARDWARES)

    @extend_schema(
        operation_id="hardwares_create",
        **docs.HARDWARES_CREATE,
        request=HardwareCreateSerializer,
        responses={201: HardwareCreatedSerializer(many=True)},
    )
    def post(self, request):
        company = company_from_body(request)
        serializer = HardwareCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        hardware = hardware_created(company=company, data=serializer.validated_data)
        row = selectors.hardware_row(company=company, hardware_id=hardware.id)
        # The create answer shows cost as a string, and the office (interface, Hardware item).
        row["cost"] = None if hardware.cost is None else f"{hardware.cost:.2f}"
        row["officeName"] = hardware.office_name
        return Response([row], status=status.HTTP_201_CREATED)


def hardware_created(*, company, data: dict, api_client=None):
    """The item a body HardwareCreateSerializer validated makes: this view's, and a bulk job's
    item's (bulk.api.operations)."""
    fields = dict(data)
    del fields["company_code"]
    return services.hardware_create(
        company=company,
        employee_id=fields.pop("employee_profile_id", None),
        employee_email=fields.pop("employee_email", None),
        spec=services.HardwareSpec(**fields),
    )


class StorageHardwareListView(IdempotentAPIView):
    @extend_schema(
        operation_id="hardwares_storages_list",
        **docs.HARDWARES_STORAGES_LIST,
        parameters=[
            COMPANY_CODE_PARAMETER,
            COUNTRY_CODE_PARAMETER,
            UPDATED_SINCE_PARAMETER,
            LIFECYCLE_PARAMETER,
            *PAGING_PARAMETERS,
        ],
        responses=HardwareSerializer(many=True),
    )
    def get(self, request):
        return _items_answered(request, selectors.STORAGE_HARDWARES, status=HardwareStatus.STORAGE)


class HardwareDetailView(IdempotentAPIView):
    @extend_schema(
        operation_id="hardwares_retrieve",
        **docs.HARDWARES_RETRIEVE,
        parameters=[COMPANY_CODE_PARAMETER],
        responses=HardwareDetailSerializer(many=True),
    )
    def get(self, request, hardware_id: str):
        company = company_from_filters(request)
        hardware_uuid = uuid_or_400(hardware_id, INVALID_HARDWARE_ID)
        return Response([selectors.hardware_row(company=company, hardware_id=hardware_uuid)])

    @extend_schema(
        operation_id="hardwares_update",
        **docs.HARDWARES_UPDATE,
        request=HardwareUpdateSerializer,
        responses=HardwareDetailSerializer(many=True),
    )
    def patch(self, request, hardware_id: str):
        company = company_from_body(request)
        hardware_uuid = uuid_or_400(hardware_id, INVALID_HARDWARE_ID)
        serializer = HardwareUpdateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        changes = dict(serializer.validated_data)
        del changes["company_code"]
        corrections.hardware_correct(company=company, hardware_id=hardware_uuid, changes=changes)
        return Response([selectors.hardware_row(company=company, hardware_id=hardware_uuid)])
