"""The one way an API view turns the request's `companyCode` into the caller's company.

Every selector and service of a company-scoped record takes the company as an argument, so a
view cannot read a record without going through one of these first.
"""

from drf_spectacular.utils import OpenApiParameter
from rest_framework.request import Request

from companies.models import Company
from companies.selectors import INVALID_COMPANY_CODE, company_get_managed
from config.api.fields import COMPANY_CODE_PATTERN
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
    """The company named by the `companyCode` query parameter of a read."""
    code = _code_from_filters(request)
    return company_get_managed(api_client=request.user, code=code, message=message)


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
    return company_get_managed(api_client=request.user, code=code, message=message)
