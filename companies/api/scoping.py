"""The one way an API view turns the request's `companyCode` into the caller's company.

Every selector and service of a company-scoped record takes the company as an argument, so a
view cannot read a record without going through one of these first.
"""

from drf_spectacular.utils import OpenApiParameter
from rest_framework.request import Request

from companies.models import Company
from companies.selectors import INVALID_COMPANY_CODE, company_get_managed, company_managed_or_none
from config.api.fields import COMPANY_CODE_PATTERN
from config.api.schema_hooks import IDEMPOTENT_METHODS
from config.kernel.audit import REASON_META, REASON_REQUIRED
from config.kernel.errors import ServiceError

# The `companyCode` query parameter, as the schema of every company-scoped read shows it.
COMPANY_CODE_PARAMETER = OpenApiParameter(
    "companyCode",
    str,
    required=True,
    pattern=COMPANY_CODE_PATTERN,
    description="Code of a company this API client manages.",
)


def company_from_filters(request: Request, *, message: str = INVALID_COMPANY_CODE) -> Company:
    """The company named by the `companyCode` query parameter of a read (or of a write that
    names it so)."""
    code = _code_from_filters(request)
    company = company_get_managed(api_client=request.user, code=code, message=message)
    return reason_checked(request, company)


def _code_from_filters(request: Request) -> str:
    code = request.query_params.get("companyCode", "").strip()
    if not code:
        raise ServiceError("Missing required filter: companyCode")
    return code


def company_from_body(request: Request, *, message: str = INVALID_COMPANY_CODE) -> Company:
    """The company named by the `companyCode` field of a write body."""
    data = request.data if isinstance(request.data, dict) else {}
    code = data.get("companyCode")
    if not isinstance(code, str) or not code.strip():
        raise ServiceError("Missing required field: companyCode")
    company = company_get_managed(api_client=request.user, code=code, message=message)
    return reason_checked(request, company)


def company_from_path_checked(request: Request, code: str) -> None:
    """For a write naming its company in the path, whose service finds it (and refuses an unknown
    one) itself: the company's reason rule, checked first."""
    company = company_managed_or_none(api_client=request.user, code=code)
    if company is not None:
        reason_checked(request, company)


def reason_checked(request: Request, company: Company) -> Company:
    """`company`, unless it requires a reason for its writes (`requireChangeReason`) and this
    write sends none: 400."""
    writes = request.method in IDEMPOTENT_METHODS
    if writes and company.require_change_reason and REASON_META not in request.META:
        raise ServiceError(REASON_REQUIRED)
    return company
