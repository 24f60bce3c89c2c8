"""POST /sandbox/shipments/{shipmentId}/simulate: a carrier's story of the parcel, played by the
client outside production (issue 31; docs/shipments.md)."""

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework.response import Response

from companies.api.idempotency import IdempotentAPIView
from companies.api.scoping import company_from_body
from config.api import serializers as api
from config.api.fields import CompanyCodeField
from config.api.sandbox import StatusField
from config.kernel.actors import Actor
from config.kernel.identifiers import uuid_or_400
from tracking import selectors
from tracking.answers import ShipmentSerializer
from tracking.scenarios import Scenario, shipment_simulate

INVALID_SHIPMENT_ID = "Invalid shipment id"
SCENARIOS = ", ".join(Scenario.values)


class ShipmentSimulateSerializer(api.Serializer):
    company_code = CompanyCodeField(help_text="The company the shipment belongs to.")
    scenario = StatusField(
        choices=Scenario.choices,
        help_text=f"The parcel's story: one of {SCENARIOS}.",
        error_messages={
            "invalid_choice": f'"{{input}}" is not a scenario: expected one of {SCENARIOS}'
        },
    )


DESCRIPTION = f"""Not in production, where this path is unknown (404).

Plays a carrier's story of one of the company's shipments, its events spread over the days
until now (or after its latest event, if that is later), through the same way in as a carrier's own
news: the shipment's status, ETA and events move as they would, with the same webhooks
(`shipment.status_changed` at each change of status), and the movement request or order
holding it follows (its `shipments`, `updatedAt`, and, for a company with
`completeOnDelivery`, an onboarding completed once its parcel is delivered). The events show
`source: SANDBOX`.

The scenarios: **DELIVERED** (label, pickup, hub, out for delivery, delivered);
**ATTEMPT_FAIL_THEN_DELIVERED** (a failed attempt, FAILURE, then delivered the next day);
**EXCEPTION_CUSTOMS** (held by customs: FAILURE); **LOST** (FAILURE, `statusDetail` `lost`);
**RETURN_TO_SENDER** (refused, then RETURN_TO_SENDER, which is final). A shipment already
DELIVERED or CANCELLED only moves on to RETURN_TO_SENDER; the events are recorded all the same.

Answers the shipment as `GET /movement_requests/{{id}}/shipments` shows it.

Refusals: 400 `{INVALID_SHIPMENT_ID}` (an id that is no UUID), `Invalid company code`, a
`scenario` outside {SCENARIOS} (listed in the message); 404 `Shipment not found` for a shipment
that is not the company's."""


class ShipmentSimulateView(IdempotentAPIView):
    @extend_schema(
        operation_id="sandbox_shipments_simulate",
        summary="Sandbox: play a carrier's story of a shipment (not in production)",
        description=DESCRIPTION,
        request=ShipmentSimulateSerializer,
        responses=ShipmentSerializer(many=True),
        examples=[
            OpenApiExample(
                "A delivery after a failed attempt",
                value={"companyCode": "DEM", "scenario": "ATTEMPT_FAIL_THEN_DELIVERED"},
                request_only=True,
            )
        ],
    )
    def post(self, request, shipment_id: str):
        company = company_from_body(request)
        shipment_uuid = uuid_or_400(shipment_id, INVALID_SHIPMENT_ID)
        serializer = ShipmentSimulateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        shipment = shipment_simulate(
            company=company,
            shipment_id=shipment_uuid,
            scenario=Scenario(serializer.validated_data["scenario"]),
            actor=Actor.api_client(request.user),
        )
        return Response([selectors.shipment_payload(shipment)])
