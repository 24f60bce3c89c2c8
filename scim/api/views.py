"""The Users endpoint of the SCIM service provider (RFC 7644 §3): thin views that read a User
(scim2-models), check it as POST /employees checks an employee, and call scim.services."""

from django.urls import reverse
from pydantic import ValidationError
from rest_framework.response import Response
from rest_framework.views import APIView
from scim2_models import Context, ListResponse, PatchOp, ResponseParameters, SCIMException

from companies.api.scim_authentication import ScimTokenAuthentication, scim_company
from config.api.parsers import JSONBodyParser
from config.api.throttling import ApiClientThrottle
from employees.api.serializers import EmployeeInputSerializer, employee_details
from scim import services
from scim.api.answers import (
    ScimContentNegotiation,
    ScimParser,
    ScimRenderer,
    scim_exception_handler,
)
from scim.errors import ScimRefusal
from scim.filters import users_filter
from scim.selectors import scim_user_get, scim_users
from scim.users import ScimUser, employee_input_of, user_of, version_of

# The most users one page answers (ServiceProviderConfig's filter.maxResults).
MAX_RESULTS = 200
MAX_START_INDEX = 2**62
CHANGED_MEANWHILE = "The user kept changing while this PATCH was applied: send it again"
# A PATCH reads the user, applies its operations and writes the result if the user has not
# changed meanwhile; else it starts again from what was written, at most this many times.
PATCH_ATTEMPTS = 3


class ScimThrottle(ApiClientThrottle):
    """The company's identity provider's own budget (SCIM_THROTTLE_RATE)."""

    scope = "scim"
    rate_setting = "SCIM_THROTTLE_RATE"


class ScimView(APIView):
    """SCIM's own discovery (scim.api.discovery) describes these endpoints, not the OpenAPI
    schema, which is the API's."""

    schema = None
    authentication_classes = [ScimTokenAuthentication]
    renderer_classes = [ScimRenderer]
    parser_classes = [ScimParser, JSONBodyParser]
    content_negotiation_class = ScimContentNegotiation
    throttle_classes = [ScimThrottle]

    def get_exception_handler(self):
        return scim_exception_handler

    def company(self, request):
        return scim_company(request)


class UsersView(ScimView):
    def get(self, request):
        params, shown = request.query_params, _shown(request)
        text = params.get("filter")
        users = scim_users(
            company=self.company(request), condition=users_filter(text) if text else None
        )
        # Beyond the last user the page is empty; PostgreSQL's OFFSET takes a bigint at most.
        start = min(max(_integer(params, "startIndex", 1), 1), MAX_START_INDEX)
        count = min(max(_integer(params, "count", MAX_RESULTS), 0), MAX_RESULTS)
        page = list(users[start - 1 : start - 1 + count])
        answer = ListResponse[ScimUser](
            total_results=users.count(),
            start_index=start,
            items_per_page=len(page),
            resources=[
                user_of(employee, location=_location(request, employee)) for employee in page
            ],
        )
        return Response(
            answer.model_dump(scim_ctx=Context.SEARCH_RESPONSE, response_parameters=shown)
        )

    def post(self, request):
        shown = _shown(request)
        user = _user(request.data, Context.RESOURCE_CREATION_REQUEST)
        employee = services.scim_user_create(
            company=self.company(request), details=_details(user), active=user.active is not False
        )
        return _user_answer(request, employee, shown, status=201)


class UserView(ScimView):
    def get(self, request, user_id):
        shown = _shown(request)
        employee = scim_user_get(company=self.company(request), user_id=user_id)
        return _user_answer(request, employee, shown)

    def put(self, request, user_id):
        shown = _shown(request)
        user = _user(request.data, Context.RESOURCE_REPLACEMENT_REQUEST)
        employee = services.scim_user_replace(
            company=self.company(request),
            user_id=user_id,
            details=_details(user),
            active=user.active,
            version=_if_match(request),
        )
        return _user_answer(request, employee, shown)

    def patch(self, request, user_id):
        company, wanted, shown = self.company(request), _if_match(request), _shown(request)
        try:
            patch = PatchOp[ScimUser].model_validate(
                _filtered_keys_apart(request.data), scim_ctx=Context.RESOURCE_PATCH_REQUEST
            )
        except ValidationError as error:
            raise _invalid(error) from None
        for attempt in range(PATCH_ATTEMPTS):
            employee = scim_user_get(company=company, user_id=user_id)
            version = version_of(employee)
            if wanted is not None and wanted != version:
                raise services.VersionChanged(wanted)
            user = user_of(employee, location=_location(request, employee), placeholders=True)
            try:
                patch.patch(user)
            except SCIMException as error:
                if isinstance(error.__cause__, ValidationError):  # a value of the wrong shape
                    raise _invalid(error.__cause__) from None
                raise ScimRefusal(error.detail, scim_type=error.scim_type or None) from None
            try:
                employee = services.scim_user_replace(
                    company=company,
                    user_id=user_id,
                    details=_details(user),
                    active=user.active,
                    version=version,
                )
            except services.VersionChanged:
                if attempt < PATCH_ATTEMPTS - 1:
                    continue
                if wanted is not None:
                    raise
                raise ScimRefusal(CHANGED_MEANWHILE, status_code=409) from None
            return _user_answer(request, employee, shown)

    def delete(self, request, user_id):
        services.scim_user_delete(
            company=self.company(request), user_id=user_id, version=_if_match(request)
        )
        return Response(status=204)


def _filtered_keys_apart(body):
    """A path-less operation's keys that filter a multi-valued attribute (Entra's
    `{"phoneNumbers[type eq \"work\"].value": "+1…"}`), each made an operation of its own with
    that path, which scim2-models applies; it reads only plain and dotted keys in a value map."""
    if not isinstance(body, dict) or not isinstance(body.get("Operations"), list):
        return body
    operations = []
    for operation in body["Operations"]:
        value = operation.get("value") if isinstance(operation, dict) else None
        if not isinstance(value, dict) or operation.get("path"):
            operations.append(operation)
            continue
        plain = {key: item for key, item in value.items() if "[" not in key}
        operations += [{**operation, "value": plain}] if plain else []
        operations += [
            {**operation, "path": key, "value": item} for key, item in value.items() if "[" in key
        ]
    return {**body, "Operations": operations}


def _user(body, context: Context) -> ScimUser:
    try:
        return ScimUser.model_validate(body, scim_ctx=context)
    except ValidationError as error:
        raise _invalid(error) from None


def _invalid(error: ValidationError) -> ScimRefusal:
    problems = "; ".join(
        ": ".join(filter(None, [".".join(map(str, problem["loc"])), problem["msg"]]))
        for problem in error.errors()
    )
    return ScimRefusal(problems or "Invalid body", scim_type="invalidValue")


def _details(user: ScimUser):
    serializer = EmployeeInputSerializer(data=employee_input_of(user))
    serializer.is_valid(raise_exception=True)
    return employee_details(serializer.validated_data)


def _shown(request) -> ResponseParameters:
    """The `attributes` or `excludedAttributes` a request names (RFC 7644 §3.9): what the
    answer's users carry (`id` and `schemas` always). Read before any write, so a request
    refused for them changes nothing."""
    params = request.query_params
    names = {
        name: params[name] for name in ("attributes", "excludedAttributes") if params.get(name)
    }
    try:
        return ResponseParameters[ScimUser].model_validate(names)
    except ValidationError as error:
        raise _invalid(error) from None


def _user_answer(request, employee, shown: ResponseParameters, *, status: int = 200) -> Response:
    location = _location(request, employee)
    user = user_of(employee, location=location)
    context = (
        Context.RESOURCE_CREATION_RESPONSE if status == 201 else Context.RESOURCE_QUERY_RESPONSE
    )
    headers = {"ETag": user.meta.version}
    if status == 201:
        headers["Location"] = location
    body = user.model_dump(scim_ctx=context, response_parameters=shown)
    return Response(body, status=status, headers=headers)


def _location(request, employee) -> str:
    return request.build_absolute_uri(reverse("scim-user", args=[employee.pk]))


def _if_match(request) -> str | None:
    value = request.headers.get("If-Match", "").strip()
    return value if value and value != "*" else None


def _integer(params, name: str, default: int) -> int:
    value = params.get(name)
    if value in (None, ""):
        return default
    try:
        return int(value)
    except ValueError:
        raise ScimRefusal(f"{name} must be an integer", scim_type="invalidValue") from None


class RootSearchView(ScimView):
    """`POST /.search` across every resource type (RFC 7644 §3.4.3): not supported, which
    §3.12 answers 501; the Users are searched with `GET /Users?filter=…`."""

    def post(self, request):
        raise ScimRefusal("Searching at the root (/.search) is not supported", status_code=501)


class UnknownScimPathView(ScimView):
    def dispatch_unknown(self, request, *args, **kwargs):
        raise ScimRefusal(f"No SCIM resource at {request.path}", status_code=404)

    get = post = put = patch = delete = dispatch_unknown
