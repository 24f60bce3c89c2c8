from uuid import UUID

from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework.response import Response

from companies.api.idempotency import IdempotentAPIView
from companies.api.scoping import COMPANY_CODE_PARAMETER, company_from_body, company_from_filters
from config.api.envelope import flatten_validation_errors
from config.api.paging import PAGING_PARAMETERS
from config.api.schema import (
    COUNTRY_CODE_PARAMETER,
    UPDATED_SINCE_PARAMETER,
    ErrorEnvelopeSerializer,
)
from config.api.streaming import list_response
from config.kernel.actors import Actor
from config.kernel.errors import ServiceError
from config.kernel.identifiers import uuid_or_400
from orders import selectors, services
from orders.answers import OrderSerializer
from orders.api import docs
from orders.api.serializers import (
    AlternativeSelectSerializer,
    LinesRemoveSerializer,
    OrderRefSerializer,
    OrderStatusSerializer,
)
from tracking.answers import ShipmentSerializer

INVALID_ORDER_ID = "Invalid order ID format"
ID_REQUIRED = "id is required"


class OrderListView(IdempotentAPIView):
    @extend_schema(
        operation_id="orders_list",
        **docs.ORDERS_LIST,
        parameters=[
            COMPANY_CODE_PARAMETER,
            COUNTRY_CODE_PARAMETER,
            UPDATED_SINCE_PARAMETER,
            *PAGING_PARAMETERS,
        ],
        responses=OrderSerializer(many=True),
    )
    def get(self, request):
        company = company_from_filters(request)
        return list_response(
            request,
            selectors.ORDERS,
            lambda page: selectors.order_rows(
                company=company, filters=request.query_params, page=page
            ),
        )


class OrderDetailView(IdempotentAPIView):
    @extend_schema(
        operation_id="orders_retrieve",
        **docs.ORDERS_RETRIEVE,
        parameters=[COMPANY_CODE_PARAMETER],
        responses=OrderSerializer(many=True),
    )
    def get(self, request, order_id: str):
        company = company_from_filters(request)
        order_uuid = uuid_or_400(order_id, INVALID_ORDER_ID)
        return Response([selectors.order_row(company=company, order_id=order_uuid)])


class OrderShipmentsView(IdempotentAPIView):
    @extend_schema(
        operation_id="orders_shipments",
        **docs.ORDERS_SHIPMENTS,
        parameters=[COMPANY_CODE_PARAMETER],
        responses=ShipmentSerializer(many=True),
    )
    def get(self, request, order_id: str):
        company = company_from_filters(request)
        order_uuid = uuid_or_400(order_id, INVALID_ORDER_ID)
        return Response(selectors.order_shipments(company=company, order_id=order_uuid))


def order_id_from_body(request) -> UUID:
    """The body's `id`. One that is no UUID names no order: it is refused like an unknown
    one, as the interface lists no format message for these operations."""
    value = request.data.get("id")
    if value is None or (isinstance(value, str) and not value.strip()):
        raise ServiceError(ID_REQUIRED)
    try:
        return UUID(str(value))
    except ValueError:
        raise ServiceError(services.ORDER_REQUEST_NOT_FOUND) from None


# Cancel and confirm: the same body and answer, each through its own service. (A comment,
# not a docstring: drf-spectacular would show a docstring to clients as the description.)
class OrderClientMoveView(IdempotentAPIView):
    move = None  # the service, set as a staticmethod by each view

    @extend_schema(request=OrderRefSerializer, responses=OrderStatusSerializer(many=True))
    def post(self, request):
        company = company_from_body(request)
        order = self.move(
            company=company,
            order_id=order_id_from_body(request),
            actor=Actor.api_client(request.user),
        )
        return Response([{"id": order.id, "status": order.status}])


@extend_schema_view(post=extend_schema(operation_id="orders_cancel", **docs.ORDERS_CANCEL))
class OrderCancelView(OrderClientMoveView):
    move = staticmethod(services.order_cancel)


@extend_schema_view(post=extend_schema(operation_id="orders_confirm", **docs.ORDERS_CONFIRM))
class OrderConfirmView(OrderClientMoveView):
    move = staticmethod(services.order_confirm)


class AlternativeSelectView(IdempotentAPIView):
    @extend_schema(
        operation_id="orders_alternatives_select",
        **docs.ORDERS_ALTERNATIVES_SELECT,
        request=AlternativeSelectSerializer,
        responses={200: OrderSerializer(many=True), 403: ErrorEnvelopeSerializer},
    )
    def post(self, request, order_id: str):
        company = company_from_body(request)
        order_uuid = uuid_or_400(order_id, INVALID_ORDER_ID)
        serializer = AlternativeSelectSerializer(data=request.data)
        if not serializer.is_valid():
            # This operation words its validation failures as an array of messages
            # (interface, Error envelope).
            errors = flatten_validation_errors(serializer.errors)
            raise ServiceError([error["message"] for error in errors])
        services.order_alternative_select(
            company=company,
            order_id=order_uuid,
            hardware_request_id=serializer.validated_data["hardware_request_id"],
        )
        return Response([selectors.order_row(company=company, order_id=order_uuid)])


class LinesRemoveView(IdempotentAPIView):
    @extend_schema(
        operation_id="orders_hardware_requests_remove",
        **docs.ORDERS_HARDWARE_REQUESTS_REMOVE,
        request=LinesRemoveSerializer,
        responses={200: OrderSerializer(many=True), 403: ErrorEnvelopeSerializer},
    )
    def patch(self, request, order_id: str):
        company = company_from_body(request)
        order_uuid = uuid_or_400(order_id, INVALID_ORDER_ID)
        serializer = LinesRemoveSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        removals = [
            services.LineRemoval(entry["hardware_request_id"], entry.get("amount"))
            for entry in serializer.validated_data.get("hardware_requests") or []
        ]
        services.order_lines_remove(company=company, order_id=order_uuid, removals=removals)
        return Response([selectors.order_row(company=company, order_id=order_uuid)])
