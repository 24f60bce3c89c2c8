"""POST /sandbox/orders/{orderId}/advance: the operator's move, made by the client outside
production (issue 12; docs/decisions/0043-sandbox-moves-and-webhook-test.md)."""

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework.response import Response

from companies.api.idempotency import IdempotentAPIView
from companies.api.scoping import company_from_body
from config.api.sandbox import SandboxAdvanceSerializer, status_choice_field
from config.kernel.actors import Actor
from config.kernel.identifiers import uuid_or_400
from orders import selectors, services
from orders.answers import OrderSerializer
from orders.api.views import INVALID_ORDER_ID
from orders.choices import OrderStatus
from orders.models import Order

# The statuses an operator's move reaches, in the graph's order.
SANDBOX_ORDER_STATUSES = tuple(Order.status_targets())


class OrderAdvanceSerializer(SandboxAdvanceSerializer):
    status = status_choice_field(SANDBOX_ORDER_STATUSES, "order")


DESCRIPTION = f"""Not in production, where this path is unknown (404).

Makes the operator's move of one of the company's orders, exactly as the provider's
operator makes it in the admin: the same rules, history (with this API client as who made
the move) and webhooks (`order.quoted`, `order.accepted`, `order.delivered`,
`order.cancelled`). The moves: PENDING → QUOTED, QUOTED → ACCEPTED, ACCEPTED → DELIVERED,
PENDING or QUOTED → CANCELLED.

- **QUOTED** prices every unpriced selected line: a catalog line at its catalog price, a
  free-form line at the sandbox price of {services.SANDBOX_FREE_FORM_UNIT_PRICE}.
- **DELIVERED** makes the hardware items (`createdHardwares`), each with a serial number
  `SBX-` and 16 hex digits. A QUOTE_ONLY order is never delivered.
- **CANCELLED** as the operator cancels: the company's contact is e-mailed.

`eta`, `trackingCode` and `trackingLink`, when sent, are kept on the order and in its history.
Answers the order as `GET /orders/{{orderId}}` shows it.

Refusals: 400 `Invalid order ID format` (an id that is no UUID), `Invalid company code`,
a `status` outside {", ".join(SANDBOX_ORDER_STATUSES)} (listed in the message), and a move the
order cannot make, naming its status and the asked one (`Order 12 cannot move from PENDING
to DELIVERED (allowed: QUOTED, CANCELLED)`); 404 `Order not found` for an order that is not
the company's."""


class OrderSandboxAdvanceView(IdempotentAPIView):
    @extend_schema(
        operation_id="sandbox_orders_advance",
        summary="Sandbox: move an order as the operator would (not in production)",
        description=DESCRIPTION,
        request=OrderAdvanceSerializer,
        responses=OrderSerializer(many=True),
        examples=[
            OpenApiExample(
                "Quote a PENDING order",
                value={"companyCode": "DEM", "status": "QUOTED"},
                request_only=True,
            ),
            OpenApiExample(
                "Deliver an ACCEPTED order",
                value={
                    "companyCode": "DEM",
                    "status": "DELIVERED",
                    "trackingCode": "1Z999AA10123456784",
                    "trackingLink": "https://tracking.example.com/1Z999AA10123456784",
                },
                request_only=True,
            ),
        ],
    )
    def post(self, request, order_id: str):
        company = company_from_body(request)
        order_uuid = uuid_or_400(order_id, INVALID_ORDER_ID)
        serializer = OrderAdvanceSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        services.order_sandbox_advance(
            company=company,
            order_id=order_uuid,
            to_status=OrderStatus(serializer.validated_data["status"]),
            actor=Actor.api_client(request.user),
            shipping=serializer.shipping(),
        )
        return Response([selectors.order_row(company=company, order_id=order_uuid)])
