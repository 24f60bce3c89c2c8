"""POST /sandbox/movement_requests/{movementRequestId}/advance: the operator's move, made by
the client outside production (issue 12; docs/decisions/0043-sandbox-moves-and-webhook-test.md)."""

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework.response import Response

from companies.api.idempotency import IdempotentAPIView
from companies.api.scoping import company_from_body
from config.api.sandbox import SandboxAdvanceSerializer, status_choice_field
from config.kernel.actors import Actor
from config.kernel.identifiers import uuid_or_400
from logistics import selectors, services
from logistics.answers import MovementRequestSerializer
from logistics.choices import MovementStatus
from logistics.models import MovementRequest
from logistics.transitions import INVALID_ID

# The statuses an operator's move reaches, in the graph's order.
SANDBOX_MOVEMENT_STATUSES = tuple(MovementRequest.status_targets())


class MovementRequestAdvanceSerializer(SandboxAdvanceSerializer):
    status = status_choice_field(SANDBOX_MOVEMENT_STATUSES, "movement request")


DESCRIPTION = f"""Not in production, where this path is unknown (404).

Makes the operator's move of one of the company's movement requests, exactly as the
provider's operator makes it in the admin: the same rules, history (with this API client as
who made the move) and webhook (`movement_request.status_changed`). The moves: PROCESSING →
COORDINATED → DONE, PROCESSING → DONE, and PROCESSING or COORDINATED → CANCELLED. At **DONE**
the hardware lands: with `toEmployee` (status EMPLOYEE) for ONBOARDING and OFF_ON, in storage
(status STORAGE) for OFFBOARDING; `dateCompleted` is set. At **CANCELLED** it is released
where it is (`inMovement` false): in storage for an ONBOARDING, with `fromEmployee` for an
OFFBOARDING or OFF_ON. DONE and CANCELLED are final.

`eta`, `trackingCode` and `trackingLink`, when sent, are kept on the request and in its
history. Answers the request as `GET /movement_requests/{{movementRequestId}}` shows it.

Refusals: 400 `{INVALID_ID}` (an id that is no UUID), `Invalid company code`, a `status`
outside {", ".join(SANDBOX_MOVEMENT_STATUSES)} (listed in the message), and a move the request
cannot make, naming its status and the asked one (`Movement request 7 cannot move from DONE
to COORDINATED (allowed: none, it makes no more moves)`); 404 `Movement request not found`
for a request that is not the company's."""


class MovementSandboxAdvanceView(IdempotentAPIView):
    @extend_schema(
        operation_id="sandbox_movement_requests_advance",
        summary="Sandbox: move a movement request as the operator would (not in production)",
        description=DESCRIPTION,
        request=MovementRequestAdvanceSerializer,
        responses=MovementRequestSerializer(many=True),
        examples=[
            OpenApiExample(
                "Coordinate it, with its tracking",
                value={
                    "companyCode": "DEM",
                    "status": "COORDINATED",
                    "eta": "2026-12-01",
                    "trackingCode": "1Z999AA10123456784",
                    "trackingLink": "https://tracking.example.com/1Z999AA10123456784",
                },
                request_only=True,
            ),
            OpenApiExample(
                "Complete it: the hardware lands",
                value={"companyCode": "DEM", "status": "DONE"},
                request_only=True,
            ),
            OpenApiExample(
                "Cancel it: the hardware stays where it is",
                value={"companyCode": "DEM", "status": "CANCELLED"},
                request_only=True,
            ),
        ],
    )
    def post(self, request, movement_request_id: str):
        company = company_from_body(request)
        movement_uuid = uuid_or_400(movement_request_id, INVALID_ID)
        serializer = MovementRequestAdvanceSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        services.movement_sandbox_advance(
            company=company,
            movement_request_id=movement_uuid,
            to_status=MovementStatus(serializer.validated_data["status"]),
            actor=Actor.api_client(request.user),
            shipping=serializer.shipping(),
        )
        row = selectors.movement_request_row(company=company, movement_request_id=movement_uuid)
        return Response([row])
