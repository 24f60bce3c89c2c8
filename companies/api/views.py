from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.response import Response

from companies import scim_tokens, selectors, services
from companies.answers import (
    WEBHOOK_ID_PATTERN,
    CompanySerializer,
    EventDetailSerializer,
    EventSerializer,
)
from companies.api import docs
from companies.api.idempotency import IdempotentAPIView
from companies.api.scoping import (
    COMPANY_CODE_PARAMETER,
    company_from_body,
    company_from_filters,
    company_from_path_checked,
)
from companies.api.serializers import (
    CompanyCreateSerializer,
    CompanyUpdateSerializer,
    EventRedeliverSerializer,
    ScimTokenSerializer,
    WebhookSecretSerializer,
)
from companies.filters import TYPE_MAX_LENGTH
from config.api.paging import PAGING_PARAMETERS, page_requested, page_response
from config.api.schema import ErrorEnvelopeSerializer
from config.api.streaming import list_response
from config.kernel.rows import columns_of

# The list's fields, read as rows in the answer's order (companies.selectors.company_rows).
COMPANY_COLUMNS = columns_of(CompanySerializer)


class CompanyListView(IdempotentAPIView):
    # The interface shows `envelop: []` on the errors of these two operations.
    errors_carry_envelop = True

    @extend_schema(
        operation_id="companies_list",
        **docs.COMPANIES_LIST,
        parameters=PAGING_PARAMETERS,
        responses=CompanySerializer(many=True),
    )
    def get(self, request):
        # Not streamed (config.api.streaming): a client's companies are few, and a whole list
        # read as chunks of its keyset costs this smallest of requests a tenth more.
        page = page_requested(request, selectors.COMPANIES)
        rows = selectors.company_rows(api_client=request.user, columns=COMPANY_COLUMNS, page=page)
        return page_response(request, page, rows)

    @extend_schema(
        operation_id="companies_create",
        **docs.COMPANIES_CREATE,
        request=CompanyCreateSerializer,
        responses={201: CompanySerializer(many=True), 409: ErrorEnvelopeSerializer},
    )
    def post(self, request):
        serializer = CompanyCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        company = services.company_create(
            api_client=request.user,
            code=serializer.validated_data.pop("company_code"),
            **serializer.validated_data,
        )
        return Response(
            CompanySerializer([company], many=True).data, status=status.HTTP_201_CREATED
        )


class CompanyDetailView(IdempotentAPIView):
    @extend_schema(
        operation_id="companies_update",
        **docs.COMPANIES_UPDATE,
        request=CompanyUpdateSerializer,
        responses=CompanySerializer(many=True),
    )
    def patch(self, request, company_code: str):
        company_from_path_checked(request, company_code)
        serializer = CompanyUpdateSerializer(data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        company = services.company_update(
            api_client=request.user, code=company_code, changes=serializer.validated_data
        )
        return Response(CompanySerializer([company], many=True).data)


class CompanyWebhookSecretView(IdempotentAPIView):
    @extend_schema(
        operation_id="companies_webhook_secret_rotate",
        **docs.COMPANIES_WEBHOOK_SECRET_ROTATE,
        request=None,
        responses={200: WebhookSecretSerializer(many=True), 404: ErrorEnvelopeSerializer},
    )
    def post(self, request, company_code: str):
        company_from_path_checked(request, company_code)
        company = services.company_webhook_secret_rotate(api_client=request.user, code=company_code)
        return Response(WebhookSecretSerializer([company], many=True).data)


class CompanyScimTokenView(IdempotentAPIView):
    keeps_answers = False  # the token is never stored, not even as an Idempotency-Key's answer

    @extend_schema(
        operation_id="companies_scim_token_issue",
        **docs.COMPANIES_SCIM_TOKEN_ISSUE,
        request=None,
        responses={201: ScimTokenSerializer(many=True), 404: ErrorEnvelopeSerializer},
    )
    def post(self, request, company_code: str):
        company_from_path_checked(request, company_code)
        _, raw_token = scim_tokens.company_scim_token_issue(
            api_client=request.user, code=company_code
        )
        return Response(
            ScimTokenSerializer([{"scim_token": raw_token}], many=True).data,
            status=status.HTTP_201_CREATED,
        )


class CompanyWebhookTestView(IdempotentAPIView):
    @extend_schema(
        operation_id="companies_webhook_test",
        summary="Send a signed test event to the company's webhookUrl",
        description=(
            "Records a `webhook.test` event, whose `data` is `{companyCode, webhookUrl}`, and "
            "hands it to the webhook workers at once: it is signed, delivered and retried like "
            "every event, and listed in `GET /events`. Answers the event as "
            "`GET /events/{eventId}` shows it (its `id` is the `webhook-id` the receiver gets). "
            "400 `Company has no webhookUrl` when none is set (set one with "
            "`PATCH /companies/{companyCode}`); 404 `Company not found` for a company this API "
            "client does not manage."
        ),
        request=None,
        responses={200: EventDetailSerializer(many=True), 404: ErrorEnvelopeSerializer},
    )
    def post(self, request, company_code: str):
        company_from_path_checked(request, company_code)
        event = services.company_webhook_test(api_client=request.user, code=company_code)
        return Response([selectors.event_row(company=event.company, event_id=event.id)])


# --- the event feed (docs/decisions/0042-event-feed.md) ---------------------------------------

TYPE_PARAMETER = OpenApiParameter(
    "type",
    # No event type is longer than the stored kind: a longer one is refused (Invalid type).
    {"type": "string", "maxLength": TYPE_MAX_LENGTH},
    description="Only the events of this type, exactly (e.g. order.cancelled).",
)
SINCE_PARAMETER = OpenApiParameter(
    "since",
    OpenApiTypes.DATETIME,
    description=(
        "Only the events that happened at or after this instant: ISO 8601 date-time with its "
        "offset (`2026-11-23T09:30:00Z`, `...+01:00`)."
    ),
)
EVENT_ID_PARAMETER = OpenApiParameter(
    "event_id",
    str,
    OpenApiParameter.PATH,
    pattern=WEBHOOK_ID_PATTERN,
    description=(
        "The event's `msg_...` id, as the feed and the webhook's `webhook-id` header show it. "
        "Any other value (a bare UUID too) names no event: 404 `Event not found`."
    ),
)


class EventListView(IdempotentAPIView):
    @extend_schema(
        operation_id="events_list",
        **docs.EVENTS_LIST,
        parameters=[COMPANY_CODE_PARAMETER, TYPE_PARAMETER, SINCE_PARAMETER, *PAGING_PARAMETERS],
        responses=EventSerializer(many=True),
    )
    def get(self, request):
        company = company_from_filters(request)
        return list_response(
            request,
            selectors.EVENTS,
            lambda page: selectors.event_rows(
                company=company, filters=request.query_params, page=page
            ),
        )


class EventDetailView(IdempotentAPIView):
    @extend_schema(
        operation_id="events_retrieve",
        **docs.EVENTS_RETRIEVE,
        parameters=[EVENT_ID_PARAMETER, COMPANY_CODE_PARAMETER],
        responses=EventDetailSerializer(many=True),
    )
    def get(self, request, event_id: str):
        company = company_from_filters(request)
        event_uuid = selectors.event_id_from_webhook_id(event_id)
        return Response([selectors.event_row(company=company, event_id=event_uuid)])


class EventRedeliverView(IdempotentAPIView):
    @extend_schema(
        operation_id="events_redeliver",
        **docs.EVENTS_REDELIVER,
        parameters=[EVENT_ID_PARAMETER],
        request=EventRedeliverSerializer,
        responses={
            200: EventSerializer(many=True),
            409: OpenApiResponse(
                ErrorEnvelopeSerializer, description="Event is being sent right now."
            ),
        },
    )
    def post(self, request, event_id: str):
        company = company_from_body(request)
        event_uuid = selectors.event_id_from_webhook_id(event_id)
        services.event_redeliver(company=company, event_id=event_uuid)
        return Response(selectors.event_rows(company=company, event_id=event_uuid))
