from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.response import Response

from companies.api.idempotency import IdempotentAPIView
from companies.api.scoping import COMPANY_CODE_PARAMETER, company_from_body, company_from_filters
from config.api.paging import PAGING_PARAMETERS
from config.api.schema import UPDATED_SINCE_PARAMETER
from config.api.streaming import list_response
from config.kernel.identifiers import uuid_or_400
from employees import selectors, services
from employees.answers import EmployeeDetailSerializer, EmployeeSerializer
from employees.api import docs
from employees.api.serializers import (
    EmployeeInputSerializer,
    EmployeeUpsertSerializer,
    employee_details,
)
from employees.choices import EmployeeStatus

INVALID_EMPLOYEE_ID = "Invalid employee ID format"


STATUS_PARAMETER = OpenApiParameter(
    "status", str, enum=EmployeeStatus.values, description="Only the employees in this status."
)
EMAIL_PARAMETER = OpenApiParameter(
    "email", str, description="Only the employee with this address (in any case)."
)
EXTERNAL_REFERENCE_PARAMETER = OpenApiParameter(
    "externalReferenceId", str, description="Only the employee with this reference of yours."
)


class EmployeeListUpsertView(IdempotentAPIView):
    @extend_schema(
        operation_id="employees_list",
        **docs.EMPLOYEES_LIST,
        parameters=[
            COMPANY_CODE_PARAMETER,
            EMAIL_PARAMETER,
            EXTERNAL_REFERENCE_PARAMETER,
            STATUS_PARAMETER,
            UPDATED_SINCE_PARAMETER,
            *PAGING_PARAMETERS,
        ],
        responses=EmployeeSerializer(many=True),
    )
    def get(self, request):
        company = company_from_filters(request)
        return list_response(
            request,
            selectors.EMPLOYEES,
            lambda page: selectors.employee_rows(
                company=company, filters=request.query_params, page=page
            ),
        )

    @extend_schema(
        operation_id="employees_upsert",
        **docs.EMPLOYEES_UPSERT,
        request=EmployeeUpsertSerializer,
        responses=EmployeeSerializer,
    )
    def post(self, request):
        company = company_from_body(request)
        serializer = EmployeeInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        employee = employee_upserted(company=company, data=serializer.validated_data)
        # The interface answers this operation with the object itself, not an array.
        return Response(selectors.employee_row(employee))


def employee_upserted(*, company, data: dict, api_client=None):
    """The upsert of a body EmployeeInputSerializer validated: this view's, and a bulk job's
    item's (bulk.api.operations)."""
    return services.employee_upsert(company=company, details=employee_details(data))


class EmployeeDetailView(IdempotentAPIView):
    @extend_schema(
        operation_id="employees_retrieve",
        **docs.EMPLOYEES_RETRIEVE,
        parameters=[COMPANY_CODE_PARAMETER],
        responses=EmployeeDetailSerializer(many=True),
    )
    def get(self, request, employee_id: str):
        company = company_from_filters(request)
        employee = selectors.employee_get_detail(
            company=company, employee_id=uuid_or_400(employee_id, INVALID_EMPLOYEE_ID)
        )
        return Response(EmployeeDetailSerializer([employee], many=True).data)
