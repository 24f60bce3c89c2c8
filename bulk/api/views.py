"""The bulk jobs' operations: a job made (202, run later by the workers), read, listed,
cancelled, and its items' results, paged or streamed as JSON Lines."""

from django.urls import reverse
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.response import Response

from bulk import selectors
from bulk.answers import BulkItemResultSerializer, BulkJobSerializer
from bulk.api import docs
from bulk.api.serializers import BulkJobCancelSerializer, BulkJobCreateSerializer
from bulk.filters import OUTCOMES
from bulk.services import jobs
from companies.api.idempotency import IdempotentAPIView
from companies.api.scoping import COMPANY_CODE_PARAMETER, company_from_body, company_from_filters
from config.api.paging import PAGING_PARAMETERS
from config.api.parsers import LargeJSONBodyParser
from config.api.streaming import (
    JSON_LINES,
    asks_for_json_lines,
    json_lines_response,
    list_response,
)
from config.kernel.actors import Actor
from config.kernel.identifiers import uuid_or_400

INVALID_BULK_JOB_ID = "Invalid bulk job ID format"
LOCATION_HEADER = OpenApiParameter(
    "Location",
    str,
    OpenApiParameter.HEADER,
    required=True,
    response=[202],
    description="`/bulk-jobs/{bulkJobId}`: where the job is read as it runs.",
)
RESULT_STATUS_PARAMETER = OpenApiParameter(
    "status",
    str,
    enum=[value for value, _ in OUTCOMES],
    description="Only the items that succeeded, or only those that failed.",
)


class BulkJobBodyParser(LargeJSONBodyParser):
    limit_setting = "BULK_JOB_MAX_BODY_BYTES"


def _job_answered(job) -> Response:
    return Response(selectors.bulk_job_payload(job))


class BulkJobListCreateView(IdempotentAPIView):
    parser_classes = [BulkJobBodyParser]

    @extend_schema(
        operation_id="bulk_jobs_list",
        **docs.BULK_JOBS_LIST,
        parameters=[COMPANY_CODE_PARAMETER, *PAGING_PARAMETERS],
        responses=BulkJobSerializer(many=True),
    )
    def get(self, request):
        company = company_from_filters(request)
        return list_response(
            request,
            selectors.BULK_JOBS,
            lambda page: selectors.bulk_job_rows(company=company, page=page),
            selectors.bulk_job_answers,
        )

    @extend_schema(
        operation_id="bulk_jobs_create",
        **docs.BULK_JOBS_CREATE,
        request=BulkJobCreateSerializer,
        parameters=[LOCATION_HEADER],
        responses={202: BulkJobSerializer},
    )
    def post(self, request):
        company = company_from_body(request)
        serializer = BulkJobCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        job = jobs.bulk_job_create(
            company=company,
            operation=serializer.validated_data["operation"],
            items=serializer.validated_data["items"],
            actor=Actor.api_client(request.user),
            api_client=request.user,
        )
        location = reverse("bulk-job", kwargs={"bulk_job_id": job.pk})
        made = selectors.bulk_job_made(job)
        return Response(made, status=status.HTTP_202_ACCEPTED, headers={"Location": location})


class BulkJobDetailView(IdempotentAPIView):
    @extend_schema(
        operation_id="bulk_jobs_retrieve",
        **docs.BULK_JOBS_RETRIEVE,
        parameters=[COMPANY_CODE_PARAMETER],
        responses=BulkJobSerializer,
    )
    def get(self, request, bulk_job_id: str):
        company = company_from_filters(request)
        job_uuid = uuid_or_400(bulk_job_id, INVALID_BULK_JOB_ID)
        return _job_answered(selectors.bulk_job_get(company=company, job_id=job_uuid))


class BulkJobCancelView(IdempotentAPIView):
    @extend_schema(
        operation_id="bulk_jobs_cancel",
        **docs.BULK_JOBS_CANCEL,
        request=BulkJobCancelSerializer,
        responses=BulkJobSerializer,
    )
    def post(self, request, bulk_job_id: str):
        company = company_from_body(request)
        job_uuid = uuid_or_400(bulk_job_id, INVALID_BULK_JOB_ID)
        actor = Actor.api_client(request.user)
        return _job_answered(jobs.bulk_job_cancel(company=company, job_id=job_uuid, actor=actor))


class BulkJobResultsView(IdempotentAPIView):
    @extend_schema(
        operation_id="bulk_jobs_results",
        **docs.BULK_JOBS_RESULTS,
        parameters=[COMPANY_CODE_PARAMETER, RESULT_STATUS_PARAMETER, *PAGING_PARAMETERS],
        responses={
            (200, "application/json"): BulkItemResultSerializer(many=True),
            (200, JSON_LINES): OpenApiResponse(
                {"type": "string"},
                description="With `Accept: application/x-ndjson`: every result, one JSON "
                "object a line, in item order (no envelope, no paging).",
            ),
        },
    )
    def get(self, request, bulk_job_id: str):
        company = company_from_filters(request)
        job_uuid = uuid_or_400(bulk_job_id, INVALID_BULK_JOB_ID)
        job = selectors.bulk_job_get(company=company, job_id=job_uuid)

        def read(page):
            return selectors.bulk_job_result_rows(job=job, filters=request.query_params, page=page)

        if asks_for_json_lines(request):
            return json_lines_response(selectors.BULK_JOB_RESULTS, read)
        return list_response(request, selectors.BULK_JOB_RESULTS, read)
