from drf_spectacular.utils import extend_schema
from rest_framework.response import Response

from companies.api.idempotency import IdempotentAPIView
from companies.api.scoping import COMPANY_CODE_PARAMETER, company_from_body, company_from_filters
from config.api.identifiers import uuid_or_400
from employees import selectors, services
from employees.api.serializers import (
    EmployeeDetailSerializer,
    EmployeeInputSerializer,
    EmployeeSerializer,
    EmployeeUpsertSerializer,
    employee_details,
)

INVALID_EMPLOYEE_ID = "Invalid employee ID format"


class EmployeeUpsertView(IdempotentAPIView):
    @extend_schema(
        operation_id="employees_upsert",
        request=EmployeeUpsertSerializer,
        responses=EmployeeSerializer,
    )
    def post(self, request):
        company = company_from_body(request)
        serializer = EmployeeInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        employee = services.employee_upsert(
            company=company, details=employee_details(serializer.validated_data)
        )
        # The interface answers this operation with the object itself, not an array.
        return Response(EmployeeSerializer(employee).data)


class EmployeeDetailView(IdempotentAPIView):
    @extend_schema(
        operation_id="employees_retrieve",
        parameters=[COMPANY_CODE_PARAMETER],
        responses=EmployeeDetailSerializer(many=True),
    )
    def get(self, request, employee_id: str):
        company = company_from_filters(request)
        employee = selectors.employee_get_detail(
            company=company, employee_id=uuid_or_400(employee_id, INVALID_EMPLOYEE_ID)
        )
        return Response(EmployeeDetailSerializer([employee], many=True).data)
