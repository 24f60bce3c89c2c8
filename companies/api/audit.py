"""GET /audit-events: a company's audit trail, as a client reads it (companies.audit)."""

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema

from companies.answers import AuditEventSerializer
from companies.api import docs
from companies.api.idempotency import IdempotentAPIView
from companies.api.scoping import COMPANY_CODE_PARAMETER, company_from_filters
from companies.audit import selectors
from companies.audit.criteria import ACTIONS, TARGET_ID_PATTERN, audit_criteria
from companies.audit.registry import target_types
from config.api.paging import PAGING_PARAMETERS
from config.api.streaming import list_response
from config.kernel.audit import ActorType

PARAMETERS = [
    COMPANY_CODE_PARAMETER,
    OpenApiParameter(
        "targetType",
        enum=target_types(),
        description="Only the events of records of this type, and of their child records.",
    ),
    OpenApiParameter(
        "targetId",
        {"type": "string", "pattern": TARGET_ID_PATTERN},
        description="Only the events of this record (its id: a UUID, or a note's number) and "
        "of its child records.",
    ),
    OpenApiParameter(
        "actorType",
        enum=ActorType.values,
        description="Only the changes made by this kind of actor.",
    ),
    OpenApiParameter(
        "action",
        enum=ACTIONS,
        description="Only the events of this action (STATUS_CHANGED: updates that moved a "
        "status; UPDATED: the other updates).",
    ),
    OpenApiParameter(
        "requestId",
        # A request id the service keeps (config.ops.request_ids).
        {"type": "string", "minLength": 1, "maxLength": 128, "pattern": "^[ -~]{1,128}$"},
        description="Only the changes made by the request with this X-Request-ID.",
    ),
    OpenApiParameter(
        "since",
        OpenApiTypes.DATETIME,
        description="Only the changes made at or after this instant (ISO 8601, with offset).",
    ),
    OpenApiParameter(
        "until",
        OpenApiTypes.DATETIME,
        description="Only the changes made before this instant (ISO 8601, with offset).",
    ),
    *PAGING_PARAMETERS,
]


class AuditEventListView(IdempotentAPIView):
    @extend_schema(
        operation_id="audit_events_list",
        **docs.AUDIT_EVENTS_LIST,
        parameters=PARAMETERS,
        responses=AuditEventSerializer(many=True),
    )
    def get(self, request):
        company = company_from_filters(request)
        criteria = audit_criteria(request.query_params)
        return list_response(
            request,
            selectors.AUDIT_EVENTS,
            lambda page: selectors.audit_event_rows(company=company, criteria=criteria, page=page),
        )
